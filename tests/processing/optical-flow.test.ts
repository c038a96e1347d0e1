// Following people between model passes by optical flow (OpenCV's pyramidal Lucas–Kanade from the npm
// package, run here in-process): a textured figure walking over a textured ground is followed frame by
// frame; its box moves with it and keeps its size, a joint that moves on its own (a swinging arm) is
// followed to its own place, and a figure that leaves the frame's pixels is lost.
import { describe, expect, it } from 'vitest';
import { FLOW_ROW, readFlowRow, writeFlowRow, type FlowPerson } from '../../server/processing/flow-box';
import { followByFlow } from '../../server/processing/optical-flow';
import { smooth } from '../helpers/flow-texture';

const W = 160,
  H = 120;

/** Frames of a 20 × 50 px figure at (x0 + vx·t, y0 + vy·t) over a still ground; an "arm" patch moves on its own. */
function clip(frames: number, v: [number, number], arm: [number, number] = [0, 0]): Uint8Array {
  const out = new Uint8Array(W * H * frames);
  for (let t = 0; t < frames; t++) {
    const fx = 40 + v[0] * t,
      fy = 30 + v[1] * t;
    const ax = fx + 22 + arm[0] * t,
      ay = fy + 10 + arm[1] * t;
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++) {
        let g = smooth(x, y, 1) >> 1; // the ground, darker
        if (x >= fx && x < fx + 20 && y >= fy && y < fy + 50) g = 128 + (smooth(x - fx, y - fy, 2) >> 1);
        if (x >= ax && x < ax + 8 && y >= ay && y < ay + 8) g = 128 + (smooth(x - ax, y - ay, 3) >> 1);
        out[t * W * H + y * W + x] = g;
      }
  }
  return out;
}

function figureAt(): FlowPerson {
  const keypoints = Array.from({ length: 17 }, (): [number, number, number] => [50, 55, 0.1]);
  keypoints[5] = [45, 40, 0.8]; // left shoulder, on the body
  keypoints[12] = [54, 70, 0.8]; // right hip, on the body
  keypoints[10] = [66, 44, 0.8]; // right wrist: the arm patch
  return { box: { x1: 40, y1: 30, x2: 60, y2: 80 }, keypoints };
}

async function follow(frames: Uint8Array, count: number, people: FlowPerson[]) {
  const start = new Float32Array(people.length * FLOW_ROW);
  people.forEach((p, i) => writeFlowRow(start, i * FLOW_ROW, p));
  const out = await followByFlow(frames, count, W, H, start);
  return Array.from({ length: count - 1 }, (_, f) =>
    people.map((_, i) => readFlowRow(out, (f * people.length + i) * FLOW_ROW)),
  );
}

describe('optical flow between model passes', () => {
  it("moves a walking person's box with their pixels, frame by frame, and keeps its size", async () => {
    const got = await follow(clip(6, [3, 1]), 6, [figureAt()]);
    got.forEach(([p], f) => {
      expect(p).not.toBeNull();
      expect(p!.box.x1).toBeCloseTo(40 + 3 * (f + 1), 0);
      expect(p!.box.y1).toBeCloseTo(30 + (f + 1), 0);
      expect(p!.box.x2 - p!.box.x1).toBeCloseTo(20, 5);
      expect(p!.box.y2 - p!.box.y1).toBeCloseTo(50, 5);
    });
  });

  it('holds a standing person still', async () => {
    const [, , [p]] = await follow(clip(4, [0, 0]), 4, [figureAt()]);
    expect(Math.abs(p!.box.x1 - 40)).toBeLessThan(0.3);
    expect(Math.abs(p!.box.y1 - 30)).toBeLessThan(0.3);
  });

  it('follows a joint that moves on its own to its own place, and the others with the body', async () => {
    const got = await follow(clip(4, [2, 0], [0, 2]), 4, [figureAt()]);
    const [p] = got[2];
    // the wrist went 2 px a frame right with the body and 2 px a frame down on its own
    expect(p!.keypoints[10][0]).toBeCloseTo(66 + 6, 0);
    expect(p!.keypoints[10][1]).toBeCloseTo(44 + 6, 0);
    expect(p!.keypoints[5][0]).toBeCloseTo(45 + 6, 0);
    expect(p!.keypoints[5][1]).toBeCloseTo(40, 0);
    // an unseen joint (score 0.1) moves with the box, its score kept
    expect(p!.keypoints[0][0]).toBeCloseTo(50 + 6, 0);
    expect(p!.keypoints[0][1]).toBeCloseTo(55, 0);
    expect(p!.keypoints[0][2]).toBeCloseTo(0.1, 5);
  });

  it('loses a person whose pixels leave the frame, and keeps them lost', async () => {
    const got = await follow(clip(8, [30, 0]), 8, [figureAt()]);
    expect(got[0][0]).not.toBeNull();
    const lostAt = got.findIndex(([p]) => p == null);
    expect(lostAt).toBeGreaterThan(0);
    expect(got.slice(lostAt).every(([p]) => p == null)).toBe(true);
  });
});
