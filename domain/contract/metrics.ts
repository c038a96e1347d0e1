// /api/v1/metrics/*: the Dashboard's summary and the Metrics screen's details.
import { z } from 'zod';
import { count, isoTime, rowId } from './common';

export const metricsSummary = z
  .object({
    totals: z.object({ videos: count }),
    status: z
      .record(z.string(), count)
      .describe(
        'videos per processing status (pending, processing, completed, reviewed, labelled, failed, kiv, disqualified, …)',
      ),
    video_stats: z.object({
      avg_duration: z.number().describe('seconds, one decimal'),
      avg_resolution: z.string().describe("'WxH', or 'N/A' without videos"),
      completion_rate: z.number().nullable().describe('percent completed, reviewed or labelled; null without videos'),
    }),
    system: z.object({
      active_sources: count,
      processing_queue: count
        .nullable()
        .describe('processing jobs waiting or running; null when this process runs no job queue'),
    }),
  })
  .meta({ id: 'MetricsSummary' });
export type MetricsSummary = z.infer<typeof metricsSummary>;

export const metricsDetails = z
  .object({
    processing: z.object({
      runs: count,
      median_frames_per_second: z.number().nullable(),
      median_realtime_factor: z.number().nullable(),
      recent: z.array(
        z.object({
          video_id: rowId,
          filename: z.string(),
          at: isoTime,
          frames_per_second: z.number(),
          realtime_factor: z.number().nullable(),
          total_seconds: z.number(),
        }),
      ),
    }),
    human_review: z.object({
      videos_with_human_work: count,
      human_edited_detections: count,
      verified_segments: count,
      segments: count,
      per_video: z.array(
        z.object({
          id: rowId,
          filename: z.string(),
          processing_status: z.string(),
          human_detections: count,
          verified_segments: count,
          segments: count,
        }),
      ),
      reviewers: z.array(z.object({ user_id: z.string(), reviewed: count, labelled: count })),
    }),
    review_quality: z
      .object({
        annotators: z.array(
          z.object({
            user_id: z.string(),
            name: z.string().nullable(),
            videos: count.describe('their reviewed videos: reviewed or labelled, or with an issue'),
            video_minutes: z.number(),
            issues: count.describe('issues raised on those videos'),
            issues_per_minute: z.number().nullable().describe('issues per minute of reviewed video'),
            resolved_share: z.number().nullable().describe('resolved ÷ raised, 0..1; null without issues'),
            median_resolve_seconds: z.number().nullable().describe('raised → resolved, median over resolved issues'),
          }),
        ),
        reviewers: z.array(
          z.object({ user_id: z.string(), name: z.string().nullable(), raised: count, open: count, videos: count }),
        ),
      })
      .describe("review issues per annotator (the videos' assignee) and per reviewer (who raised them)"),
    weekly: z.array(
      z.object({
        week: z.string().describe('the Monday, YYYY-MM-DD'),
        processed: count,
        reviewed: count,
        labelled: count,
      }),
    ),
  })
  .meta({ id: 'MetricsDetails' });
export type MetricsDetails = z.infer<typeof metricsDetails>;
