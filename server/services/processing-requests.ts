// Process / Reprocess / batch process requests: the video goes to 'pending' at once and a processing job
// is queued; a video in the wrong state, or already queued, is a conflict.
import type { Db } from '../db/connect';
import { Conflict, Unavailable } from '../domain-errors';
import { QUEUES, type JobQueue } from '../queue';
import { listPendingIds, readStatus } from '../repositories/videos';
import {
  canProcess,
  canReprocess,
  videosWithLiveJobs,
  type ProcessingRestore,
  type ProcessJobData,
} from './processing-eligibility';
import { changeStatus } from './status';
import { attachQueueJob, startJob } from './job-progress';
import { requireLiveVideo } from './videos';
import { visibleRootFilter } from './sources';
import { hiddenSourceRoles } from './source-visibility';
import type { Identity } from '../../domain/types';
import { BATCH_PROCESS_FRACTION_VALUE, type BatchProcessFraction, type VideoStatus } from '../../domain/constants';

export interface ProcessingDeps {
  db: Db;
  queue?: JobQueue;
}

function queueOf(deps: ProcessingDeps): JobQueue {
  if (!deps.queue) throw new Unavailable('Processing is unavailable: no job queue is running on this server');
  return deps.queue;
}

/** Moves the video to pending (unless it already is) and queues its job. */
export async function requestProcessing(
  deps: ProcessingDeps,
  videoId: number,
  kind: 'process' | 'reprocess',
  by: string,
) {
  const queue = queueOf(deps);
  const { db } = deps;
  const v = await requireLiveVideo(db, videoId);
  const allowed = kind === 'process' ? canProcess(v) : canReprocess(v);
  if (!allowed) {
    throw new Conflict(
      kind === 'process'
        ? `Video ${videoId} is ${v.processingStatus}${v.aiProcessedAt ? ' and already processed' : ''}: processing starts from pending, or reviewed without AI results; use reprocess`
        : `Video ${videoId} is ${v.processingStatus}${v.processingStatus === 'reviewed' ? ' without AI results' : ''}: reprocess is offered for completed, labelled, failed, or reviewed videos with AI results`,
    );
  }
  if ((await videosWithLiveJobs(queue, [videoId])).size)
    throw new Conflict(`Video ${videoId} is already queued for processing`);
  const fromStatus = v.processingStatus;
  if (fromStatus !== 'pending') {
    const moved = await changeStatus(db, {
      videoId,
      to: 'pending',
      by,
      from: [fromStatus as VideoStatus],
      remark: kind === 'process' ? 'processing requested' : 'reprocessing requested',
    });
    if (!moved) throw new Conflict(`Video ${videoId} changed status meanwhile; reload and try again`);
  }
  await queueProcessing(deps, { videoId, fromStatus, fromPrevious: v.previousStatus, requestedBy: by });
  const now = await readStatus(db, videoId);
  return {
    id: videoId,
    status: now?.status as VideoStatus | undefined,
    previous_status: (now?.previous ?? null) as VideoStatus | null,
    queued: true as const,
  };
}

/** Queues a fraction of the pending videos (of one source root, or all) that are not queued yet and the caller may see. */
export async function requestBatchProcessing(
  deps: ProcessingDeps,
  fraction: BatchProcessFraction,
  namedSource: string | null,
  who: Identity,
) {
  const queue = queueOf(deps);
  const sourceRoot = namedSource ? await visibleRootFilter(deps.db, namedSource, who) : null;
  const by = who.id;
  const pending = await listPendingIds(deps.db, sourceRoot, hiddenSourceRoles(who));
  const queued = await videosWithLiveJobs(queue);
  const eligible = pending.filter((id) => !queued.has(id));
  const take = eligible.slice(0, Math.ceil(eligible.length * BATCH_PROCESS_FRACTION_VALUE[fraction]));
  for (const videoId of take) {
    await queueProcessing(deps, { videoId, fromStatus: 'pending', fromPrevious: null, requestedBy: by });
  }
  return { queued: take.length, video_ids: take };
}

/**
 * Queues one processing job with its progress row (queued, cancellable; it remembers the status to
 * restore when it is cancelled). The row exists before the queue job, so a worker always finds it.
 */
export async function queueProcessing(
  deps: ProcessingDeps,
  j: { videoId: number; fromStatus: string; fromPrevious: string | null; requestedBy: string | null },
) {
  const queue = queueOf(deps);
  const restore: ProcessingRestore = { from_status: j.fromStatus, from_previous_status: j.fromPrevious };
  const progressId = await startJob(deps.db, {
    kind: 'processing',
    videoId: j.videoId,
    startedBy: j.requestedBy,
    state: 'queued',
    stage: 'queued',
    result: { ...restore },
  });
  const queueJobId = await queue.send(QUEUES.process, {
    videoId: j.videoId,
    fromStatus: j.fromStatus,
    requestedBy: j.requestedBy,
    progressId,
  } satisfies ProcessJobData);
  await attachQueueJob(deps.db, progressId, QUEUES.process, queueJobId);
  return progressId;
}
