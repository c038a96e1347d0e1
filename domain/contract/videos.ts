// /api/v1/videos: the library's list and one video, its status, history, processing, assignment and
// batch calls. Download, log and batch export answer files (declared in the routes as binary/text).
import { z } from 'zod';
import { ALL_VIDEO_STATUSES, BATCH_EXPORT_MODES, BATCH_PROCESS_FRACTIONS, VIDEO_STATUSES } from '../constants';
import { JOB_KINDS } from '../job-progress';
import { count, int4, INT4_MAX, isoTime, rowId } from './common';
import { intText, queryBool, repeated } from './params';

/** A status as answers carry it ('deleted' too: a previous status, a restored video). */
export const videoStatus = z.enum(ALL_VIDEO_STATUSES);

export const video = z
  .object({
    id: rowId,
    filename: z.string(),
    path: z.string(),
    rel_path: z.string(),
    source_root: z.string(),
    size_bytes: z.number(),
    duration: z.number(),
    width: z.number(),
    height: z.number(),
    fps: z.number(),
    fps_rational: z.string().describe('Exact frame rate as a rational, e.g. "30000/1001" (extension)'),
    total_frames: z.number(),
    processing_status: videoStatus,
    previous_status: videoStatus.nullable(),
    ai_processed_at: isoTime.nullable(),
    status_updated_at: isoTime.nullable(),
    assigned_to_id: z.string().nullable(),
    assigned_to_name: z.string().nullable(),
    last_status_by_id: z.string().nullable(),
    last_status_changed_at: isoTime.nullable(),
    created_at: isoTime,
    open_issues: count.describe('review issues not yet resolved (extension)'),
    /** Progress of the video's queued or running processing job; the browser fills these in from status polling (never in a list). */
    progress: z.number().nullable().optional(),
    stage: z.string().nullable().optional(),
    eta_s: z.number().nullable().optional(),
  })
  .meta({ id: 'Video' });
export type Video = z.infer<typeof video>;

/** The library's filters, shared by the list and Prev/Next so both read the same filters. */
export const videoFilterQuery = z.object({
  status: repeated(z.enum(ALL_VIDEO_STATUSES)).optional(), // 'deleted' is accepted but never listed
  source_root: z.string().max(4096).optional(),
  q: z.string().max(500).optional(),
  assignee: z.string().max(200).optional(),
  unassigned_only: queryBool.optional(),
});

export const videoListQuery = videoFilterQuery.extend({
  limit: intText(1, 1000).default(1000),
  skip: intText(0, 10_000_000).default(0),
  after_id: intText(0, INT4_MAX).optional(), // extension: keyset paging
});

export const videoNeighbors = z
  .object({ prev_id: rowId.nullable(), next_id: rowId.nullable() })
  .meta({ id: 'VideoNeighbors' });
export type VideoNeighbors = z.infer<typeof videoNeighbors>;

/** GET /videos/{id}/status: progress, stage, eta_s (extension) are those of the queued or running processing job, else null. */
export const videoStatusInfo = z
  .object({
    status: videoStatus,
    previous_status: videoStatus.nullable(),
    last_updated: isoTime,
    progress: z.number().nullable(),
    stage: z.string().nullable(),
    eta_s: z.number().nullable(),
    job_id: rowId.nullable(),
    job_started_by: z.string().nullable(),
    can_cancel: z.boolean(),
  })
  .meta({ id: 'VideoStatusInfo' });
export type VideoStatusInfo = z.infer<typeof videoStatusInfo>;

/** Statuses a request may name; processing is only ever set by the worker (the rules refuse more). */
const SETTABLE_STATUSES = VIDEO_STATUSES.filter((s) => s !== 'processing');
export const statusChangeBody = z.object({
  status: z.enum(SETTABLE_STATUSES as [string, ...string[]]),
  remark: z.string().max(10_000).nullish(),
});
export const statusChanged = z
  .object({ status: videoStatus, previous_status: videoStatus.nullable() })
  .meta({ id: 'StatusChanged' });
export type StatusChanged = z.infer<typeof statusChanged>;

export const historyEntry = z
  .object({
    id: rowId,
    changed_at: isoTime,
    old_status: z.string().nullable(),
    new_status: z.string(),
    remark: z.string().nullable(),
    changed_by_id: z.string().nullable(),
  })
  .meta({ id: 'StatusHistoryEntry' });
export type HistoryEntry = z.infer<typeof historyEntry>;

/** 202 of process / reprocess: the video moved to pending and its job is queued. */
export const processingQueued = z.object({
  id: rowId,
  status: videoStatus.optional(),
  previous_status: videoStatus.nullable(),
  queued: z.literal(true),
});
export type ProcessingQueued = z.infer<typeof processingQueued>;

export const batchProcessQuery = z.object({
  fraction: z
    .enum(BATCH_PROCESS_FRACTIONS, { message: `fraction must be one of ${BATCH_PROCESS_FRACTIONS.join(', ')}` })
    .default('all'),
  source_root: z.string().min(1).max(4096).optional(),
});
export const batchProcessQueued = z.object({ queued: count, video_ids: z.array(rowId) });
export type BatchProcessQueued = z.infer<typeof batchProcessQueued>;

export const videoJobCancelQuery = z.object({
  kind: z.enum(JOB_KINDS, { message: `kind must be one of ${JOB_KINDS.join(', ')}` }).optional(),
});
/** The cancelled job as POST /videos/{id}/cancel answers it (the jobs resource answers the same shape). */
export const videoJobCancelled = z.object({
  id: rowId,
  kind: z.string(),
  video_id: rowId.nullable(),
  state: z.string(),
  cancel_requested_by: z.string().nullable(),
});
export type VideoJobCancelled = z.infer<typeof videoJobCancelled>;

export const assignmentBody = z.object({
  video_ids: z.array(int4(1)).min(1, 'video_ids must name at least one video').max(10_000),
  assignee_id: z.string().trim().min(1).max(200).nullable(),
});
/** The ids that were changed (deleted, unknown or hidden-source ids are left out) and the assignee as stored. */
export const assignmentResult = z.object({
  updated: z.array(rowId),
  assigned_to_id: z.string().nullable(),
  assigned_to_name: z.string().nullable(),
});
export type AssignmentResult = z.infer<typeof assignmentResult>;

export const batchExportBody = z.object({
  mode: z.enum(BATCH_EXPORT_MODES),
  source_root: z.string().max(4096).nullish(),
});

export const reviewOpened = z.object({ video_id: rowId, opened_at: isoTime });
export type ReviewOpened = z.infer<typeof reviewOpened>;
