// A pool of pose workers (one worker_threads worker per core by default; VAT_POSE_THREADS overrides).
// Each worker holds every pose graph; a request names the mode (MultiPose or top-down, or crop tracking's
// person boxes or one crop's keypoints). Crops go before detector passes: a crop is what the next frame
// waits for, while a detector pass is asked for ahead of time and fills an otherwise idle worker.
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import {
  MULTIPOSE_ROWS,
  OUT_ROW,
  POSE_ROW,
  type AnalysisGeometry,
  type CropSquare,
  type ModelPaths,
  type PoseWorkerReply,
  type PoseWorkerRequest,
  type SinglePoseModel,
} from './pose-protocol';
import { decodePoseRows, type PersonPose } from './pose-rows';

export type { PersonPose };

/**
 * MoveNet MultiPose output → people whose box score ≥ minScore, in frame fractions (padding removed).
 * Takes the raw graph output [1, 6, 56] or a pool answer (rows of OUT_ROW, appearance included).
 */
export function decodeMoveNet(output: Float32Array, g: AnalysisGeometry, minScore: number): PersonPose[] {
  return decodePoseRows(output, g, minScore, output.length === MULTIPOSE_ROWS * POSE_ROW ? POSE_ROW : OUT_ROW);
}

export function defaultPoseThreads(): number {
  return Math.max(1, os.availableParallelism?.() ?? os.cpus().length);
}

interface Pending {
  resolve: (o: Float32Array) => void;
  reject: (e: Error) => void;
}
type Work =
  Exclude<PoseWorkerRequest, { type: 'init' }> extends infer R
    ? R extends { id: number }
      ? Omit<R, 'id'>
      : never
    : never;
interface Slot {
  worker: Worker;
  /** Requests handed to the worker and not yet answered (at most two: see dispatch), and whether each is short. */
  pending: Map<number, Pending & { short: boolean }>;
  flowLoaded?: boolean;
}

/** A crop or a flow segment: tens of milliseconds, where a detector pass takes hundreds. */
const isShort = (w: Work) => w.type === 'crop' || w.type === 'flow';

export class PosePool {
  private slots: Slot[] = [];
  private waiting: Array<{ work: Work; p: Pending }> = [];
  private nextId = 1;
  private closed = false;
  /** Summed per-frame inference time (ms) across workers, for the log. */
  inferMs = 0;
  /** Set when a worker died: the pool refuses further work. */
  broken: Error | null = null;

  private constructor(readonly threads: number) {}

  /** Every worker compiled the optical flow's OpenCV when it started (so no job waits for it). */
  get flowLoaded(): boolean {
    return this.slots.length > 0 && this.slots.every((s) => s.flowLoaded === true);
  }

  /**
   * Starts `threads` workers and loads the model in each, and the optical flow unless `flow` is false (a
   * pool that never follows people between frames, the assist's).
   */
  static async start(
    model: ModelPaths,
    threads = defaultPoseThreads(),
    opts: { flow?: boolean } = {},
  ): Promise<PosePool> {
    const pool = new PosePool(threads);
    try {
      await Promise.all(Array.from({ length: threads }, () => pool.spawn(model, opts.flow ?? true)));
    } catch (e) {
      await pool.close();
      throw e;
    }
    return pool;
  }

  private spawn(model: ModelPaths, flow: boolean): Promise<void> {
    const worker = new Worker(new URL('./pose-worker-boot.mjs', import.meta.url));
    const slot: Slot = { worker, pending: new Map() };
    this.slots.push(slot);
    return new Promise((resolve, reject) => {
      const fail = (e: Error) => {
        reject(e);
        // a dead worker would leave its share of frames unanswered forever: the whole pool is retired and
        // its owner starts a new one for the next job
        this.broken ??= e;
        for (const p of slot.pending.values()) p.reject(e);
        slot.pending.clear();
        for (const w of this.waiting) w.p.reject(e);
        this.waiting = [];
      };
      worker.on('error', fail);
      worker.on('exit', (code) => {
        if (!this.closed) fail(new Error(`pose worker exited (code ${code})`));
      });
      worker.on('message', (m: PoseWorkerReply) => {
        if (m.type === 'ready') {
          slot.flowLoaded = m.flow;
          return resolve();
        }
        if (m.type === 'error' && m.id === undefined) return fail(new Error(m.message));
        const id = m.id!;
        const p = slot.pending.get(id);
        slot.pending.delete(id);
        if (m.type === 'result') {
          this.inferMs += m.ms;
          p?.resolve(m.output);
        } else p?.reject(new Error(`pose inference failed: ${m.message}`));
        this.dispatch();
      });
      worker.postMessage({ type: 'init', model, flow } satisfies PoseWorkerRequest);
    });
  }

  /**
   * Runs the pose model of `mode` on one RGB frame of `width×height` (multiples of 32). Resolves with
   * OUT_ROW floats per person found (pose-rows.ts).
   */
  infer(
    rgb: Uint8Array,
    width: number,
    height: number,
    mode: 'multipose' | 'topdown' = 'multipose',
  ): Promise<Float32Array> {
    return this.submit({ type: 'infer', rgb, width, height, mode });
  }

  /** Person boxes on one RGB frame: rows of [x1, y1, x2, y2, score] in its pixels (the buffer is handed over). */
  detect(rgb: Uint8Array, width: number, height: number): Promise<Float32Array> {
    return this.submit({ type: 'detect', rgb, width, height });
  }

  /**
   * Person boxes on several frames of the same size in one detector pass (stacked top to bottom): per
   * frame, rows of [x1, y1, x2, y2, score] in its pixels. The frames are copied into one buffer.
   */
  async detectStacked(frames: Uint8Array[], width: number, height: number): Promise<Float32Array[]> {
    const size = width * height * 3;
    const rgb = new Uint8Array(size * frames.length);
    frames.forEach((f, i) => rgb.set(f.subarray(0, size), i * size));
    const out = await this.submit({ type: 'detect-stacked', rgb, width, height, count: frames.length });
    let at = frames.length;
    return frames.map((_, i) => {
      const rows = out.slice(at, at + out[i] * 5);
      at += out[i] * 5;
      return rows;
    });
  }

  /** SinglePose on one square of an RGB region: 17 × [x, y, score] in the region's pixels (the buffer is handed over). */
  crop(
    rgb: Uint8Array,
    width: number,
    height: number,
    crop: CropSquare,
    model: SinglePoseModel,
  ): Promise<Float32Array> {
    return this.submit({ type: 'crop', rgb, width, height, crop, model });
  }

  /**
   * Follows people by optical flow over `count` grey frames (width × height each, one after the other; the
   * buffer is handed over) from where `start` (flow-box.ts rows) has them on the first: their rows on each later frame.
   */
  flow(grey: Uint8Array, count: number, width: number, height: number, start: Float32Array): Promise<Float32Array> {
    return this.submit({ type: 'flow', rgb: grey, width, height, count, start });
  }

  private submit(work: Work): Promise<Float32Array> {
    if (this.closed) return Promise.reject(new Error('pose pool is closed'));
    if (this.broken) return Promise.reject(new Error(`pose worker failed: ${this.broken.message}`));
    return new Promise((resolve, reject) => {
      this.waiting.push({ work, p: { resolve, reject } });
      this.dispatch();
    });
  }

  private dispatch() {
    // a free worker takes the next request: crops and flow first, which the next frame waits for; detector
    // passes are asked for ahead
    for (const slot of this.slots) {
      if (slot.pending.size || !this.waiting.length) continue;
      const short = this.waiting.findIndex((w) => isShort(w.work));
      this.send(slot, short >= 0 ? short : 0);
    }
    // every worker busy: one running a crop or the flow is handed the next crop or flow as well, to start the
    // moment it ends instead of after its answer has come back here and this thread has got round to it
    for (const slot of this.slots) {
      const running = [...slot.pending.values()];
      if (running.length !== 1 || !running[0].short) continue;
      const short = this.waiting.findIndex((w) => isShort(w.work));
      if (short < 0) return;
      this.send(slot, short);
    }
  }

  private send(slot: Slot, at: number) {
    const [job] = this.waiting.splice(at, 1);
    const id = this.nextId++;
    slot.pending.set(id, { ...job.p, short: isShort(job.work) });
    slot.worker.postMessage({ ...job.work, id } as PoseWorkerRequest, [job.work.rgb.buffer as ArrayBuffer]);
  }

  async close(): Promise<void> {
    this.closed = true;
    const err = new Error('pose pool closed');
    for (const w of this.waiting) w.p.reject(err);
    this.waiting = [];
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }
}
