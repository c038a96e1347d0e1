// Start-up recovery of renders: none stays queued or running forever. A running render whose heartbeat
// stopped (every running one, when this is the only process) is marked failed; a queued one is left to
// its job when that job still waits in the queue, and marked failed otherwise. The previous artifact stays.
// Each render failed here is answered to the job runner, which ends its live job_progress row failed, so the
// renders row and the shared progress view agree even where the generic sweep (with its own staleness) left it live.
import type { Database } from '../../../db/connect';
import { QUEUES, type JobQueue } from '../../../queue';
import { failRender, listActiveRenders } from '../../../repositories/renders';
import { subjectOf } from '../../../services/job-progress';
import type { Interrupted } from '../../../services/job-definition';
import { RENDER_STALE_MS, type RenderJobData } from '../../../services/render/requests';

const INTERRUPTED = 'the render was interrupted (server stopped or crashed); render again';

/** Fails every interrupted render; answers their progress rows for the runner to end (each names its video). */
export async function recoverInterruptedRenders(
  database: Database,
  queue: JobQueue,
  opts: { singleProcess?: boolean } = {},
): Promise<Interrupted[]> {
  const { db } = database;
  const active = await listActiveRenders(db);
  if (!active.length) return [];
  const jobs = await queue.liveJobs<RenderJobData>(QUEUES.render);
  const failed: Interrupted[] = [];
  for (const r of active) {
    const token = r.jobToken ?? '';
    if (r.state === 'queued' && jobs.some((j) => j.data.token === token && j.state !== 'active')) continue;
    if (r.state === 'running' && !opts.singleProcess && Date.now() - r.updatedAt.getTime() < RENDER_STALE_MS) continue;
    for (const j of jobs.filter((x) => x.data.token === token))
      await queue.boss.cancel(QUEUES.render, j.id).catch(() => {});
    await failRender(db, r.videoId, token, INTERRUPTED);
    failed.push({ videoId: r.videoId, subject: subjectOf({ videoId: r.videoId }), message: INTERRUPTED });
  }
  return failed;
}
