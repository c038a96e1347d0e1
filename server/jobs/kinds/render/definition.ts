// Rendering (the annotations drawn onto the video) as a job kind. The work is VideoRenderer's
// (video-renderer.ts); around it: a cancel while queued puts the renders row back as it was before the
// request, a cancel while running or a failure ends the renders row failed with the previous artifact
// kept, a server stop fails the render at once (render again), and start-up recovery fails a render
// left queued without its queue job or running. The point of no return is the rename of the finished
// file into place.
import { failRender } from '../../../repositories/renders';
import { appendProcessingLog as appendLog } from '../../../repositories/status';
import { restoreCancelledRender, type RenderRestore } from '../../../services/render/cancelled';
import { recoverInterruptedRenders } from './recovery';
import type { RenderJobData } from '../../../services/render/requests';
import { QUEUE_SPECS } from '../../../queue';
import type { JobContext, JobDefinition, JobEnd } from '../../../services/job-definition';

/** The per-process part of rendering: VideoRenderer. */
export interface RenderWork {
  render(ctx: JobContext<RenderWork>, job: RenderJobData): Promise<JobEnd>;
  warn?(m: string): void;
}

const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export const renderJob: JobDefinition<RenderJobData, RenderWork> = {
  kind: 'render',
  // one render at a time per process: it keeps both cores busy (decoder, drawing, encoder)
  queue: { ...QUEUE_SPECS.render, concurrency: () => 1 },
  firstStage: 'loading',
  run: (ctx, job) => ctx.deps.render(ctx, job),
  async cancelled(ctx, job, by) {
    const row = await ctx.row();
    const reason = `cancelled by ${by}`;
    await failRender(ctx.db, job.videoId, job.token, reason);
    await appendLog(
      ctx.db,
      job.videoId,
      `render ${reason} after ${secs(ctx.elapsedMs())} at ${Math.floor(row?.progress ?? 0)}%; the previous rendered video is kept`,
    ).catch(() => {});
    return { link: `/videos/${job.videoId}/annotate` };
  },
  async failed(ctx, job, reason) {
    ctx.deps.warn?.(`video ${job.videoId}: render failed: ${reason}`);
    await failRender(ctx.db, job.videoId, job.token, reason);
    await appendLog(ctx.db, job.videoId, `render failed: ${reason}`).catch(() => {});
    return { link: `/videos/${job.videoId}/annotate` };
  },
  onStop: 'fail',
  stoppedMessage: 'the server stopped during the render; render again',
  undoBeforeStart: (db, row, by) =>
    restoreCancelledRender(db, row.videoId!, row.result as unknown as RenderRestore, by),
  recover: (database, queue, o) => (queue ? recoverInterruptedRenders(database, queue, o) : Promise.resolve([])),
};
