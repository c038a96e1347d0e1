// Start-up recovery: no video stays 'processing' forever. A video left 'processing' by a crash or a kill
// is re-queued (its old job cancelled) when its heartbeat has stopped; one whose job still waits in the
// queue (e.g. retried after a graceful stop) is left to that job.
import type { Database } from '../../../db/connect';
import { QUEUES, type JobQueue } from '../../../queue';
import { listProcessing } from '../../../repositories/videos';
import { changeStatus } from '../../../services/status';
import type { ProcessJobData } from '../../../services/processing-eligibility';
import { appendProcessingLog as appendLog } from '../../../repositories/status';
import { queueProcessing } from '../../../services/processing-requests';

export interface RecoveryOptions {
  /** A 'processing' video whose status_updated_at is older than this is considered abandoned. Default 60 s. */
  staleAfterMs?: number;
  /** True when this process is the only worker (embedded PGlite): every running job at start-up is abandoned. */
  singleProcess?: boolean;
}

export interface RecoveryResult {
  requeued: number[];
  failed: number[];
  leftToQueue: number[];
}

export async function recoverInterruptedProcessing(
  database: Database,
  queue: JobQueue,
  opts: RecoveryOptions = {},
): Promise<RecoveryResult> {
  const { db } = database;
  const staleBefore = new Date(Date.now() - (opts.staleAfterMs ?? 60_000));
  const stuck = await listProcessing(db, opts.singleProcess ? null : staleBefore);
  const result: RecoveryResult = { requeued: [], failed: [], leftToQueue: [] };
  if (!stuck.length) return result;
  const jobs = await queue.liveJobs<ProcessJobData>(QUEUES.process);
  for (const v of stuck) {
    const mine = jobs.filter((j) => Number(j.data.videoId) === v.id);
    if (mine.some((j) => j.state === 'created' || j.state === 'retry')) {
      result.leftToQueue.push(v.id);
      continue;
    }
    // an 'active' job here belongs to a worker that died: cancel it so it cannot run twice
    for (const j of mine) await queue.boss.cancel(QUEUES.process, j.id).catch(() => {});
    const fromStatus = mine[0]?.data?.fromStatus ?? 'pending';
    try {
      const moved = await changeStatus(db, {
        videoId: v.id,
        to: 'pending',
        by: null,
        from: ['processing'],
        remark: 'processing interrupted; queued again',
      });
      if (!moved) continue;
      await appendLog(db, v.id, 'processing was interrupted (server stopped or crashed); queued again');
      await queueProcessing(
        { db, queue },
        { videoId: v.id, fromStatus, fromPrevious: null, requestedBy: mine[0]?.data?.requestedBy ?? null },
      );
      result.requeued.push(v.id);
    } catch (e) {
      await appendLog(
        db,
        v.id,
        `processing was interrupted and could not be queued again: ${(e as Error).message}`,
      ).catch(() => {});
      await changeStatus(db, {
        videoId: v.id,
        to: 'failed',
        by: null,
        from: ['processing', 'pending'],
        remark: 'processing interrupted',
        extra: { previousStatus: fromStatus },
      });
      result.failed.push(v.id);
    }
  }
  return result;
}
