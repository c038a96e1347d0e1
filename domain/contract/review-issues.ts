// /api/v1/annotations/{id}/issues: review issues pinned to a frame range, a track and a region, with their
// comment threads; and /api/v1/settings/review, the lock of reviewed and labelled videos.
import { z } from 'zod';
import { ISSUE_KINDS, ISSUE_STATES, ISSUE_TEXT_MAX } from '../review-issues';
import { int4, isoTime, rowId } from './common';
import { idText } from './params';

const id = idText;
const frame = z.number().int().min(0).max(2_147_483_647);
const fraction = z.number().finite().min(0).max(1);
const text = z
  .string()
  .trim()
  .min(1, 'text must not be empty')
  .max(ISSUE_TEXT_MAX, `text must be at most ${ISSUE_TEXT_MAX} characters`)
  // zero-width and other invisible characters alone would list an issue nobody can read
  .refine((t) => /[^\s\p{Cc}\p{Cf}]/u.test(t), 'text must not be empty');

export const issueParams = z.object({ id });
export const issueItemParams = z.object({ id, issueId: id });

/** A region of the frame in fractions of its width and height. */
export const issueBox = z
  .object({ x1: fraction, y1: fraction, x2: fraction, y2: fraction })
  .strict()
  .refine((b) => b.x2 > b.x1 && b.y2 > b.y1, { message: 'box needs x2 > x1 and y2 > y1' })
  .meta({ id: 'IssueBox' });

export const newIssueBody = z
  .object({
    frame,
    to_frame: frame.nullish().describe('the last frame of the range (inclusive); absent or null: one frame'),
    track_id: z.number().int().min(0).max(2_147_483_647).nullish(),
    box: issueBox.nullish(),
    kind: z.enum(ISSUE_KINDS),
    text,
  })
  .strict()
  .refine((b) => b.to_frame == null || b.to_frame >= b.frame, {
    message: 'to_frame must not be before frame',
    path: ['to_frame'],
  });

export const issueListQuery = z.object({ state: z.enum(['open', 'resolved', 'all']).default('all') });

export const newCommentBody = z.object({ text }).strict();

export const issuePatchBody = z
  .object({
    state: z.enum(ISSUE_STATES),
    /** The version the change is based on: 428 without it, 409 when someone changed the issue since. */
    version: z.number().int().min(1).max(2_147_483_647).optional(),
    /** A note that goes into the thread with the change ('fixed the box'). */
    comment: text.optional(),
  })
  .strict();

export const issueComment = z
  .object({
    id: rowId,
    issue_id: rowId,
    author_id: z.string(),
    author_name: z.string().nullable(),
    text: z.string(),
    /** null: a comment; 'resolved' / 'reopened': the note of a state change. */
    event: z.enum(['resolved', 'reopened']).nullable(),
    created_at: isoTime,
  })
  .meta({ id: 'IssueComment' });
export type IssueComment = z.infer<typeof issueComment>;

export const reviewIssue = z
  .object({
    id: rowId,
    video_id: rowId,
    frame: rowId,
    to_frame: rowId.nullable(),
    track_id: rowId.nullable().describe('null: no track, or a track that reprocessing replaced (see track_label)'),
    track_label: z.string().nullable().describe("the track as it was named when raised ('T7'), kept as text"),
    track_exists: z.boolean().describe('the track still has boxes in the video'),
    box: issueBox.nullable(),
    kind: z.enum(ISSUE_KINDS),
    text: z.string(),
    state: z.enum(ISSUE_STATES),
    raised_by_id: z.string(),
    raised_by_name: z.string().nullable(),
    raised_at: isoTime,
    resolved_by_id: z.string().nullable(),
    resolved_by_name: z.string().nullable(),
    resolved_at: isoTime.nullable(),
    updated_by_id: z.string(),
    updated_at: isoTime,
    version: int4(1),
    comments: z.array(issueComment),
  })
  .meta({ id: 'ReviewIssue' });
export type ReviewIssue = z.infer<typeof reviewIssue>;

export const issueList = z
  .object({
    video_id: rowId,
    open: rowId.describe('open issues of the video (whatever the state filter)'),
    resolved: rowId,
    issues: z.array(reviewIssue).describe('by frame, then id'),
  })
  .meta({ id: 'ReviewIssueList' });
export type IssueList = z.infer<typeof issueList>;

export const reviewSettings = z
  .object({
    lock_reviewed_for_annotators: z
      .boolean()
      .describe("annotators' writes to a reviewed or labelled video answer 403 (admins and supers still edit)"),
  })
  .strict()
  .meta({ id: 'ReviewSettings' });
export type ReviewSettings = z.infer<typeof reviewSettings>;
