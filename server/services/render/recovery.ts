// Start-up recovery of renders: none stays queued or running forever. A running render whose heartbeat
// stopped (every running one, when this is the only process) is marked failed; a queued one is left to
// its job when that job still waits in the queue, and marked failed otherwise. The previous artifact stays.
// Each render failed here also ends its live job_progress row failed, so the renders row and the shared
// progress view agree even where recoverJobProgress (which runs first, with its own staleness) left it live.
import type { Database } from '../../db/connect';
import { QUEUES, type JobQueue } from '../../queue';
import { findLiveJob, finishJobRow } from '../../repositories/job-progress';
import { failRender, listActiveRenders } from '../../repositories/renders';
import { subjectOf } from '../job-progress';
import { RENDER_STALE_MS, type RenderJobData } from './requests';

const INTERRUPTED = 'the render was interrupted (server stopped or crashed); render again';

export async function recoverInterruptedRenders(database: Database, queue: JobQueue, opts: { singleProcess?: boolean } = {}): Promise<number[]> {
  const { db } = database;
  const active = await listActiveRenders(db);
  if (!active.length) return [];
  const jobs = await queue.liveJobs<RenderJobData>(QUEUES.render);
  const failed: number[] = [];
  for (const r of active) {
    const token = r.jobToken ?? '';
    if (r.state === 'queued' && jobs.some((j) => j.data.token === token && j.state !== 'active')) continue;
    if (r.state === 'running' && !opts.singleProcess && Date.now() - r.updatedAt.getTime() < RENDER_STALE_MS) continue;
    for (const j of jobs.filter((x) => x.data.token === token)) await queue.boss.cancel(QUEUES.render, j.id).catch(() => {});
    await failRender(db, r.videoId, token, INTERRUPTED);
    const progress = await findLiveJob(db, 'render', subjectOf({ videoId: r.videoId }));
    if (progress) await finishJobRow(db, progress.id, { state: 'failed', message: INTERRUPTED });
    failed.push(r.videoId);
  }
  return failed;
}
