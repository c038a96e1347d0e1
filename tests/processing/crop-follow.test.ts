import { describe, expect, it } from 'vitest';
import {
  CROP_MARGIN,
  cropAroundBox,
  cropAroundPerson,
  cropModelFor,
  cutRegion,
  duplicatesOf,
  followBox,
  isLost,
  poseOnCrop,
  type Keypoint,
} from '../../server/processing/crop-follow';
import { iou } from '../../server/processing/kalman';
import { ensureModel } from '../../server/processing/model-fetch';
import { PosePool } from '../../server/processing/pose-pool';
import { TEST_MODELS_DIR } from './video-rows';

const pose = (seen: number, score = 0.8): Keypoint[] =>
  Array.from({ length: 17 }, (_, k) => [100 + k, 200 + k * 5, k < seen ? score : 0.05] as Keypoint);

describe('crop around a person', () => {
  it('is a square of the box long side × the margin, centred on the box and moved on by the last step', () => {
    const c = cropAroundBox({ x1: 100, y1: 50, x2: 140, y2: 150 });
    expect(c.side).toBeCloseTo(100 * CROP_MARGIN);
    expect(c.x0 + c.side / 2).toBeCloseTo(120);
    expect(c.y0 + c.side / 2).toBeCloseTo(100);
    const moved = cropAroundPerson({ box: { x1: 100, y1: 50, x2: 140, y2: 150 }, step: { dx: 12, dy: -4 } });
    expect(moved.x0 + moved.side / 2).toBeCloseTo(132);
    expect(moved.y0 + moved.side / 2).toBeCloseTo(96);
  });

  it('copies only the part of the frame the crop reads, and answers the crop relative to it', () => {
    const W = 8,
      H = 6;
    const rgb = new Uint8Array(W * H * 3).map((_, i) => i % 251);
    const r = cutRegion(rgb, W, H, { x0: -2, y0: 2, side: 4 });
    expect([r.x, r.y, r.width, r.height]).toEqual([0, 2, 2, 4]);
    expect(r.crop).toEqual({ x0: -2, y0: 0, side: 4 });
    expect(Array.from(r.rgb.subarray(0, 3))).toEqual(Array.from(rgb.subarray(2 * W * 3, 2 * W * 3 + 3)));
  });

  it('sends small crops to Lightning and large ones to Thunder when a size is given', () => {
    expect(cropModelFor(150, 256)).toBe('lightning');
    expect(cropModelFor(300, 256)).toBe('thunder');
    expect(cropModelFor(300, Infinity)).toBe('lightning');
  });
});

describe('lost rule', () => {
  it('ends a person when too few keypoints are seen or the mean score is low', () => {
    expect(isLost({ keypoints: pose(17), score: 0.8 })).toBe(false);
    expect(isLost({ keypoints: pose(3), score: 0.5 })).toBe(true);
    expect(isLost({ keypoints: pose(17, 0.31), score: 0.15 })).toBe(true);
  });
});

describe('following the box', () => {
  it('moves and scales the box with the keypoints seen on both frames', () => {
    const before = pose(17);
    const after = before.map(([x, y, s]) => [x + 10, y - 4, s] as Keypoint);
    const f = followBox(
      { box: { x1: 90, y1: 180, x2: 130, y2: 300 }, keypoints: before },
      { keypoints: after, score: 0.8 },
    );
    expect(f.box.x1).toBeCloseTo(100);
    expect(f.box.y2).toBeCloseTo(296);
    expect(f.step).toEqual({ dx: 10, dy: -4 });
  });

  it('keeps the box where it was when fewer than three keypoints are seen on both frames', () => {
    const f = followBox(
      { box: { x1: 1, y1: 2, x2: 3, y2: 4 }, keypoints: pose(2) },
      { keypoints: pose(17), score: 0.8 },
    );
    expect(f.box).toEqual({ x1: 1, y1: 2, x2: 3, y2: 4 });
  });

  it('drops the weaker of two followed people who converged on one', () => {
    const a = { box: { x1: 0, y1: 0, x2: 10, y2: 20 }, score: 0.9 };
    const b = { box: { x1: 1, y1: 0, x2: 11, y2: 20 }, score: 0.5 };
    const c = { box: { x1: 50, y1: 0, x2: 60, y2: 20 }, score: 0.4 };
    expect([...duplicatesOf([b, a, c])]).toEqual([0]);
  });

  it('drops a box that overlaps little but reads the same body (a part of someone, a crop that drifted onto them)', () => {
    // the person in front: 100 px tall; the drifted box sits on her right half and reads her joints again
    const front = { box: { x1: 0, y1: 0, x2: 40, y2: 100 }, keypoints: pose(17), score: 0.5 };
    const drifted = {
      box: { x1: 25, y1: -10, x2: 60, y2: 80 },
      keypoints: pose(17).map(([x, y, s], k) => [x + (k % 3), y - (k % 2) * 4, s] as Keypoint),
      score: 0.9,
    };
    // someone standing right behind her: the same-named joints lie apart (a head higher, a shoulder aside)
    const behind = {
      box: { x1: 5, y1: -20, x2: 45, y2: 80 },
      keypoints: pose(17).map(([x, y, s]) => [x + 12, y - 20, s] as Keypoint),
      score: 0.4,
    };
    expect(iou(front.box, drifted.box)).toBeLessThan(0.6);
    expect([...duplicatesOf([front, drifted, behind])]).toEqual([0]);
    // without joints only the overlap counts
    expect([...duplicatesOf([front, drifted, behind].map(({ box, score }) => ({ box, score })))]).toEqual([]);
  });
});

describe('pose on a crop (real model)', () => {
  it('answers 17 keypoints in frame pixels inside the crop, and a flat frame holds nobody', async () => {
    const pool = await PosePool.start(await ensureModel(TEST_MODELS_DIR), 1);
    try {
      const crop = { x0: 100, y0: 40, side: 120 };
      const p = await poseOnCrop(pool, new Uint8Array(320 * 240 * 3).fill(40), 320, 240, crop, 'lightning');
      expect(p.keypoints).toHaveLength(17);
      for (const [x, y] of p.keypoints) {
        expect(x).toBeGreaterThanOrEqual(crop.x0 - 1);
        expect(x).toBeLessThanOrEqual(crop.x0 + crop.side + 1);
        expect(y).toBeGreaterThanOrEqual(crop.y0 - 1);
        expect(y).toBeLessThanOrEqual(crop.y0 + crop.side + 1);
      }
      expect(isLost(p)).toBe(true);
      expect((await pool.detect(new Uint8Array(320 * 256 * 3).fill(40), 320, 256)).length % 5).toBe(0);
    } finally {
      await pool.close();
    }
  }, 180_000);
});
