// What the activity indicator and the status calls show of long jobs: the live ones and those finished in
// the last ten minutes (with counts), and the progress of one video's processing run.
import type { Db } from '../db/connect';
import { findLiveJobOfVideo, listActivity, type ActivityRow, type JobProgressRow } from '../repositories/job-progress';
import { hiddenSourceRoles } from './source-visibility';
import {
  ACTIVITY_FINISHED_TTL_MS,
  mayCancel,
  type ActivityJob,
  type ActivitySnapshot,
  type JobKind,
  type JobState,
} from '../../domain/job-progress';
import type { Identity } from '../../domain/types';

/** At most this many jobs are listed (a batch of thousands is summed up by the counts). */
const ACTIVITY_LIMIT = 100;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const live = (r: JobProgressRow) => r.state === 'queued' || r.state === 'running';

export function activityJob(r: ActivityRow, who: Identity | null): ActivityJob {
  return {
    id: r.id,
    kind: r.kind as JobKind,
    state: r.state as JobState,
    video_id: r.videoId,
    video_filename: r.videoFilename,
    source_root: r.sourceRoot,
    progress: Math.round(r.progress * 10) / 10,
    stage: r.stage,
    eta_s: r.etaS,
    started_by: r.startedBy,
    cancel_requested_by: r.cancelRequestedBy,
    queued_at: r.queuedAt.toISOString(),
    started_at: iso(r.startedAt),
    updated_at: r.updatedAt.toISOString(),
    finished_at: iso(r.finishedAt),
    link: r.link,
    message: r.message,
    can_cancel: live(r) && r.cancellable && !r.cancelRequestedBy && mayCancel({ started_by: r.startedBy }, who),
  };
}

export async function activityFor(db: Db, who: Identity, now = new Date()): Promise<ActivitySnapshot> {
  const a = await listActivity(db, {
    finishedSince: new Date(now.getTime() - ACTIVITY_FINISHED_TTL_MS),
    limit: ACTIVITY_LIMIT,
    hiddenRoles: hiddenSourceRoles(who),
  });
  return { running: a.running, queued: a.queued, jobs: a.rows.map((r) => activityJob(r, who)) };
}

/** The progress fields GET /videos/{id}/status adds: those of the video's queued or running processing job. */
export async function processingProgressOf(db: Db, videoId: number, who: Identity | null) {
  const r = await findLiveJobOfVideo(db, videoId, ['processing']);
  if (!r) return { progress: null, stage: null, eta_s: null, job_id: null, job_started_by: null, can_cancel: false };
  return {
    progress: Math.round(r.progress * 10) / 10,
    stage: r.stage,
    eta_s: r.etaS,
    job_id: r.id,
    job_started_by: r.startedBy,
    can_cancel: r.cancellable && !r.cancelRequestedBy && mayCancel({ started_by: r.startedBy }, who),
  };
}
