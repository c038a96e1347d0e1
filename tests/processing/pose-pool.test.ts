import { describe, expect, it } from 'vitest';
import { analysisGeometry, analysisLongSide } from '../../server/processing/frames';
import { ensureModel } from '../../server/processing/model-fetch';
import { decodeMoveNet, PosePool } from '../../server/processing/pose-pool';
import { OUT_ROW } from '../../server/processing/pose-protocol';
import { TEST_MODELS_DIR } from './video-rows';

describe('analysis size', () => {
  it('maps yolo_imgsz to the long side analysed: /5, multiple of 32, within 160–512', () => {
    expect(analysisLongSide(1280)).toBe(256);
    expect(analysisLongSide(1920)).toBe(384);
    expect(analysisLongSide(640)).toBe(160);
    expect(analysisLongSide(4096)).toBe(512);
  });

  it('scales keeping the aspect ratio and pads to multiples of 32', () => {
    expect(analysisGeometry(1280, 720, 256)).toEqual({ scaledW: 256, scaledH: 144, inputW: 256, inputH: 160 });
    expect(analysisGeometry(720, 1280, 256)).toEqual({ scaledW: 144, scaledH: 256, inputW: 160, inputH: 256 });
    expect(analysisGeometry(640, 480, 384)).toEqual({ scaledW: 384, scaledH: 288, inputW: 384, inputH: 288 });
  });
});

describe('MoveNet output decoding', () => {
  it('keeps people above the score floor and converts padded-input coordinates to frame fractions', () => {
    const out = new Float32Array(6 * 56);
    // person 0: box (y 0.1–0.45, x 0.2–0.5) of the 256x160 input; the video fills the top 144 rows
    out.set([0.1, 0.2, 0.45, 0.5, 0.6], 51);
    for (let k = 0; k < 17; k++) out.set([0.3, 0.25, 0.8], k * 3);
    out[56 + 55] = 0.05; // person 1: too weak
    const people = decodeMoveNet(out, { scaledW: 256, scaledH: 144, inputW: 256, inputH: 160 }, 0.15);
    expect(people).toHaveLength(1);
    const [p] = people;
    expect(p.score).toBeCloseTo(0.6, 5);
    expect(p.box.x1).toBeCloseTo(0.2, 5);
    expect(p.box.y1).toBeCloseTo((0.1 * 160) / 144, 5);
    expect(p.box.y2).toBeCloseTo(0.5, 5); // 0.45 × 160/144
    expect(p.keypoints).toHaveLength(17);
    expect(p.keypoints[0]).toEqual([
      expect.closeTo(0.25, 5),
      expect.closeTo((0.3 * 160) / 144, 5),
      expect.closeTo(0.8, 5),
    ]);
  });
});

describe('pose worker pool', () => {
  it('runs the real model in a worker thread and refuses work once a worker has died', async () => {
    const pool = await PosePool.start(await ensureModel(TEST_MODELS_DIR), 1);
    try {
      const out = await pool.infer(new Uint8Array(256 * 160 * 3).fill(40), 256, 160);
      expect(out).toHaveLength(6 * OUT_ROW); // MultiPose's 6 rows of [1, 6, 56], each with its appearance histogram
      expect(decodeMoveNet(out, { scaledW: 256, scaledH: 160, inputW: 256, inputH: 160 }, 0.3)).toEqual([]); // a flat grey frame has nobody
      await (
        pool as unknown as { slots: Array<{ worker: { terminate(): Promise<number> } }> }
      ).slots[0].worker.terminate();
      await expect(pool.infer(new Uint8Array(256 * 160 * 3), 256, 160)).rejects.toThrow(/pose worker/);
      expect(pool.broken).not.toBeNull();
    } finally {
      await pool.close();
    }
  }, 120_000);

  it('hands a worker running a crop the next crop too, holds back a detector pass, and answers each as if alone', async () => {
    const pool = await PosePool.start(await ensureModel(TEST_MODELS_DIR), 1, { flow: false });
    try {
      const region = (k: number) => new Uint8Array(96 * 96 * 3).map((_, i) => (i * k) % 251);
      const square = { x0: 8, y0: 8, side: 80 };
      const alone = [
        await pool.crop(region(3), 96, 96, square, 'lightning'),
        await pool.crop(region(7), 96, 96, square, 'lightning'),
      ];
      const first = pool.crop(region(3), 96, 96, square, 'lightning');
      const second = pool.crop(region(7), 96, 96, square, 'lightning');
      const detector = pool.detect(new Uint8Array(64 * 64 * 3).fill(40), 64, 64);
      const slots = (pool as unknown as { slots: Array<{ pending: Map<number, unknown> }> }).slots;
      // the second crop is with the worker while the first runs; the detector pass waits for a free worker
      expect(slots[0].pending.size).toBe(2);
      expect(await first).toEqual(alone[0]);
      expect(await second).toEqual(alone[1]);
      expect(await detector).toHaveLength(0); // a flat grey frame has nobody
    } finally {
      await pool.close();
    }
  }, 120_000);

  it("compiles the optical flow's OpenCV while it starts, unless it is told the pool never follows by flow", async () => {
    const model = await ensureModel(TEST_MODELS_DIR);
    const processing = await PosePool.start(model, 1);
    const assist = await PosePool.start(model, 1, { flow: false });
    try {
      expect(processing.flowLoaded).toBe(true);
      expect(assist.flowLoaded).toBe(false);
      // the assist's pool still follows by flow when asked: it loads OpenCV then
      const grey = new Uint8Array(64 * 64 * 2).fill(90);
      await expect(assist.flow(grey, 2, 64, 64, new Float32Array(0))).resolves.toHaveLength(0);
    } finally {
      await Promise.all([processing.close(), assist.close()]);
    }
  }, 120_000);
});
