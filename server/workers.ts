// Queue workers that run inside a process (npm start) or alone (npm run worker).
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/connect';
import { QUEUES, type JobQueue } from './queue';
import type { MediaService } from './services/media';
import type { ProcessJobData } from './processing/eligibility';
import { VideoProcessor } from './processing/job';
import { VideoRenderer } from './services/render/job';
import { autoRender, type RenderJobData } from './services/render/requests';
import { runImportJob, type ImportJobData } from './services/packages/import';

export interface WorkerDeps { config: Config; database: Database; media: MediaService; queue: JobQueue; log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'> }

/** Registers every job handler; returns a stop function that lets running jobs end safely. */
export async function startWorkers(deps: WorkerDeps): Promise<() => Promise<void>> {
  const stops: Array<() => Promise<void>> = [];
  const renderDeps = { db: deps.database.db, sql: deps.database.sql, queue: deps.queue, log: { warn: (m: string) => deps.log.warn(m) } };
  // AI processing: one shared pose pool per process; jobs at config.workerConcurrency (VAT_WORKER_CONCURRENCY)
  const processor = new VideoProcessor({
    database: deps.database, ffmpegPath: deps.media.ffmpegPath, modelsDir: deps.config.modelsDir,
    poseThreads: deps.config.poseThreads, log: { info: (m) => deps.log.info(m), warn: (m) => deps.log.warn(m), error: (m) => deps.log.error(m) },
    onCompleted: (videoId, by) => autoRender(renderDeps, videoId, 'completed', by).then(() => {}),
  });
  await deps.queue.work<ProcessJobData>(QUEUES.process, deps.config.workerConcurrency, async (data) => {
    // a StoppedError propagates so pg-boss marks the job for retry; bad videos end 'failed' without a throw
    await processor.run(data);
  });
  stops.push(async () => {
    await deps.queue.boss.offWork(QUEUES.process); // fetch no new jobs (does not wait for the running one)
    await processor.stop(); // the running job stops at its next frame and is retried later
  });
  // Rendering: one render at a time per process (it keeps both cores busy: decoder, drawing, encoder).
  const renderer = new VideoRenderer({ database: deps.database, ffmpegPath: deps.media.ffmpegPath, dataDir: deps.config.dataDir, log: { info: (m) => deps.log.info(m), warn: (m) => deps.log.warn(m) } });
  await deps.queue.work<RenderJobData>(QUEUES.render, 1, async (data) => { await renderer.run(data); });
  stops.push(async () => {
    await deps.queue.boss.offWork(QUEUES.render);
    renderer.stop(); // the running render ends failed at once; its previous artifact stays
  });
  // Annotation package imports: one at a time per process (each video is its own transaction). A job that is
  // not queued any more (interrupted, then ended at start-up) is never run again, whatever the queue hands over.
  const stallAfter = deps.config.testImportStallAfter;
  const afterVideo = stallAfter ? async (done: number) => { if (done >= stallAfter) await new Promise(() => {}); } : undefined;
  await deps.queue.work<ImportJobData>(QUEUES.import, 1, async (data) => {
    if (!(await runImportJob(deps.database, data.jobId, { afterVideo }))) deps.log.warn(`package import ${data.jobId} is not queued (it ended or was interrupted): not run again`);
  });
  stops.push(async () => { await deps.queue.boss.offWork(QUEUES.import); });
  return async () => { for (const s of stops) await s(); };
}
