// Cancelling a long job, for every kind: the signed-in user who started it, or an administrator, flags
// its progress row. A queued job is withdrawn from the queue at once and whatever its request changed is
// undone (its kind's undoBeforeStart, through the job runner); a running job sees the flag through its ProgressReporter within a second
// and stops itself. A finished job is a conflict.
import type { Db } from '../db/connect';
import { Conflict, Forbidden, NotFound } from '../domain-errors';
import type { JobQueue } from '../queue';
import {
  findJob,
  findLiveJobOfVideo,
  findNewestJobOfVideo,
  flagCancel,
  type JobProgressRow,
} from '../repositories/job-progress';
import { definitionOf } from './registry';
import { withdrawQueuedJob as withdraw } from '../services/job-runner';
import { requireLiveVideo, requireVisibleVideo } from '../services/videos';
import { mayCancel, type JobKind, type JobState } from '../../domain/job-progress';
import type { CancelAnswer } from '../../domain/contract/jobs';
import type { Identity } from '../../domain/types';

export interface CancelDeps {
  db: Db;
  queue?: JobQueue;
}

export type { CancelAnswer };

const answer = (r: JobProgressRow): CancelAnswer => ({
  id: r.id,
  kind: r.kind as JobKind,
  video_id: r.videoId,
  state: r.state as JobState,
  cancel_requested_by: r.cancelRequestedBy,
});

/** Ends a queued job as cancelled, once, and undoes its request (the job runner, by the row's kind). */
export const withdrawQueuedJob = (deps: CancelDeps, row: JobProgressRow, by: string): Promise<boolean> =>
  withdraw(definitionOf(row.kind), deps, row, by);

export async function cancelJob(deps: CancelDeps, who: Identity, row: JobProgressRow): Promise<CancelAnswer> {
  if (row.state !== 'queued' && row.state !== 'running')
    throw new Conflict(`This ${row.kind} job has already ended (${row.state}); there is nothing to cancel`);
  if (!row.cancellable) throw new Conflict(`A ${row.kind} job cannot be stopped half-way`);
  if (!mayCancel({ started_by: row.startedBy }, who)) {
    throw new Forbidden(
      `Only the user who started this job${row.startedBy ? ` (${row.startedBy})` : ''}, or an administrator, can cancel it`,
    );
  }
  const flagged = await flagCancel(deps.db, row.id, who.id);
  if (!flagged) throw new Conflict(`This ${row.kind} job has just ended; there is nothing to cancel`);
  if (flagged.state === 'queued') await withdrawQueuedJob(deps, flagged, who.id);
  return answer((await findJob(deps.db, row.id)) ?? flagged);
}

/** POST /jobs/{id}/cancel */
export async function cancelJobById(deps: CancelDeps, who: Identity, id: number): Promise<CancelAnswer> {
  const row = await findJob(deps.db, id);
  if (!row) throw new NotFound(`Job ${id} not found`);
  // a job of a video the caller may not see is as unknown to them as the video is (its row outlives a delete)
  if (row.videoId !== null)
    await requireVisibleVideo(deps.db, row.videoId, who, { anyStatus: true }).catch((e: unknown) => {
      throw e instanceof NotFound ? new NotFound(`Job ${id} not found`) : e;
    });
  return cancelJob(deps, who, row);
}

/**
 * POST /videos/{id}/cancel: the video's queued or running job of `kind`. Without `kind` it is the
 * processing job when one is live (the call the library and older clients make means processing, even
 * when a render of the same video started later), otherwise the newest live job of any kind.
 */
export async function cancelVideoJob(
  deps: CancelDeps,
  who: Identity,
  videoId: number,
  kind?: JobKind,
): Promise<CancelAnswer> {
  await requireLiveVideo(deps.db, videoId);
  const live = kind
    ? await findLiveJobOfVideo(deps.db, videoId, [kind])
    : ((await findLiveJobOfVideo(deps.db, videoId, ['processing'])) ?? (await findLiveJobOfVideo(deps.db, videoId)));
  if (live) return cancelJob(deps, who, live);
  const last = await findNewestJobOfVideo(deps.db, videoId, kind ?? 'processing');
  throw new Conflict(
    last
      ? `Video ${videoId} has no queued or running ${kind ?? 'job'}: its last ${last.kind} job is ${last.state}`
      : `Video ${videoId} has no queued or running ${kind ?? 'job'} to cancel`,
  );
}
