// /api/v1/jobs/*: the long jobs of every kind as the activity list shows them, and cancelling one.
import { z } from 'zod';
import { JOB_KINDS, JOB_STATES } from '../job-kinds';
import { count, isoTime, rowId } from './common';
import { idText } from './params';
const jobState = z.enum(JOB_STATES);

export const activityJob = z
  .object({
    id: rowId,
    kind: z.enum(JOB_KINDS),
    state: jobState,
    video_id: rowId.nullable(),
    video_filename: z.string().nullable(),
    source_root: z.string().nullable(),
    progress: z.number().describe('percent, one decimal'),
    stage: z.string().nullable(),
    eta_s: z.number().nullable(),
    started_by: z.string().nullable(),
    cancel_requested_by: z.string().nullable(),
    queued_at: isoTime,
    started_at: isoTime.nullable(),
    updated_at: isoTime,
    finished_at: isoTime.nullable(),
    link: z.string().nullable().describe('the screen that shows the job'),
    message: z.string().nullable(),
    can_cancel: z
      .boolean()
      .describe('the caller may cancel it now (live, cancellable, and they started it or are an admin)'),
  })
  .meta({ id: 'ActivityJob' });
export type ActivityJob = z.infer<typeof activityJob>;

export const activitySnapshot = z
  .object({
    running: count,
    queued: count,
    jobs: z.array(activityJob),
  })
  .meta({ id: 'Activity' });
export type ActivitySnapshot = z.infer<typeof activitySnapshot>;

/** POST /jobs/{id}/cancel and POST /videos/{id}/cancel. */
export const cancelAnswer = z
  .object({
    id: rowId,
    kind: z.enum(JOB_KINDS),
    video_id: rowId.nullable(),
    state: jobState,
    cancel_requested_by: z.string().nullable(),
  })
  .meta({ id: 'CancelledJob' });
export type CancelAnswer = z.infer<typeof cancelAnswer>;

export const jobIdParams = z.object({ id: idText });
