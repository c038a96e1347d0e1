// Processing (AI analysis of one video) as a job kind. The work is VideoProcessor's (video-processor.ts);
// around it: a cancel while queued or running puts the video's status back, a failure marks the video
// failed with the reason, a server stop puts the job back in the queue (pg-boss retries it), and start-up
// recovery queues a video left 'processing' again. The point of no return is the final transaction that
// stores the analysis.
import { appendProcessingLog as appendLog } from '../../../repositories/status';
import { changeStatus } from '../../../services/status';
import type { ProcessingRestore, ProcessJobData } from '../../../services/processing-eligibility';
import { restoreCancelledVideo } from './cancelled';
import { recoverInterruptedProcessing } from './recovery';
import { secs } from './store-result';
import { QUEUE_SPECS } from '../../../queue';
import type { JobContext, JobDefinition, JobEnd } from '../../../services/job-definition';

/** The per-process part of processing (the shared pose pool): VideoProcessor. */
export interface ProcessingWork {
  analyse(ctx: JobContext<ProcessingWork>, job: ProcessJobData): Promise<JobEnd>;
}

export const processingJob: JobDefinition<ProcessJobData, ProcessingWork> = {
  kind: 'processing',
  // one shared pose pool per process; jobs at VAT_WORKER_CONCURRENCY
  queue: { ...QUEUE_SPECS.process, concurrency: (config) => config.workerConcurrency },
  firstStage: 'starting',
  run: (ctx, job) => ctx.deps.analyse(ctx, job),
  async cancelled(ctx, job, by) {
    const row = await ctx.row();
    await restoreCancelledVideo(
      ctx.db,
      job.videoId,
      { from_status: job.fromStatus, from_previous_status: null, ...(row?.result as Partial<ProcessingRestore>) },
      by,
      { from: ['processing'], when: `after ${secs(ctx.elapsedMs())} at ${Math.floor(row?.progress ?? 0)}%` },
    );
    return { link: `/videos?focus=${job.videoId}` };
  },
  async failed(ctx, job, reason) {
    const { videoId } = job;
    await ctx.db.transaction(async (tx) => {
      await appendLog(tx, videoId, `processing failed after ${secs(ctx.elapsedMs())}: ${reason}`);
      await changeStatus(tx, {
        videoId,
        to: 'failed',
        by: job.requestedBy,
        from: ['processing'],
        remark: reason.slice(0, 150),
        extra: { previousStatus: job.fromStatus },
      });
    });
    return { link: `/videos?focus=${videoId}` };
  },
  onStop: 'retry',
  stoppedMessage: 'processing interrupted by a server stop; it will be retried',
  async stopped(ctx, job) {
    await appendLog(ctx.db, job.videoId, 'processing interrupted by a server stop; it will be retried');
  },
  undoBeforeStart: (db, row, by) =>
    restoreCancelledVideo(db, row.videoId!, row.result as unknown as ProcessingRestore, by, {
      from: ['pending'],
      when: 'before it started',
    }),
  // a video left 'processing' by a crash is queued again (a new row); its old row ends with the generic sweep
  async recover(database, queue, o) {
    if (queue) await recoverInterruptedProcessing(database, queue, { singleProcess: o.singleProcess });
    return [];
  },
};
