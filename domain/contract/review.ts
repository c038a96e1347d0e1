// /api/v1/review/queue: the videos waiting for review, ranked from the analysis evidence.
import { z } from 'zod';
import { count, isoTime, rowId } from './common';
import { intText, queryBool } from './params';

const reviewStatus = z.enum(['pending', 'in_progress', 'completed']);

export const reviewQueueQuery = z.object({
  status: z.enum(['all', 'pending', 'in_progress', 'completed']).default('all'),
  scope: z.enum(['mine', 'all']).default('mine'),
  has_open_issues: queryBool.optional().describe('true: only videos with open review issues'),
  limit: intText(1, 500).default(100),
  offset: intText(0, 10_000_000).default(0),
});

export const reviewItem = z
  .object({
    id: rowId,
    video: z.string().describe('the file name'),
    duration: z.number(),
    assigned_to_id: z.string().nullable(),
    assigned_to_name: z.string().nullable(),
    assigned_to_me: z.boolean(),
    priority: z.enum(['high', 'medium', 'low']),
    score: z.number(),
    confidence: z.number().nullable().describe('mean detection confidence; null without detections'),
    detections: count,
    low_confidence_detections: count,
    tracks: count,
    low_confidence_tracks: count,
    max_people_in_frame: count,
    segments: count,
    unverified_segments: count,
    verified_tracks: count,
    issues: z.array(z.string()).describe('what the analysis evidence says to look at'),
    open_issues: count.describe('review issues raised on the video and not yet resolved'),
    status: reviewStatus,
    opened_by: z.string().nullable(),
    opened_at: isoTime.nullable(),
    estimated_seconds: count,
  })
  .meta({ id: 'ReviewItem' });
export type ReviewItem = z.infer<typeof reviewItem>;

export const reviewQueue = z
  .object({
    items: z.array(reviewItem),
    total: count,
    counts: z.object({
      all: count,
      pending: count,
      in_progress: count,
      completed: count,
      with_open_issues: count,
    }),
    estimate: z.object({ factor: z.number(), basis: z.enum(['measured', 'default']), samples: count }),
    low_confidence_threshold: z.number(),
  })
  .meta({ id: 'ReviewQueue' });
export type ReviewQueue = z.infer<typeof reviewQueue>;
