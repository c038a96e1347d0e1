// A person walking behind someone who stands in front of them is followed by their own pixels between model
// passes, not by the still pixels of the one in front (which covered most of them and held their box still).
import { describe, expect, it } from 'vitest';
import { FLOW_ROW, flowPoints, readFlowRow, writeFlowRow, type FlowPerson } from '../../server/processing/flow-box';
import { followByFlow } from '../../server/processing/optical-flow';
import { smooth } from '../helpers/flow-texture';

const W = 160,
  H = 120;

/** The walker (60 × 50 px at x 40 + 3t, y 30) behind a standing person (x 30–71, y 34–100) drawn over them. */
function walkBehind(frames: number): Uint8Array {
  const out = new Uint8Array(W * H * frames);
  for (let t = 0; t < frames; t++)
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++) {
        const wx = 40 + 3 * t;
        let g = smooth(x, y, 1) >> 1;
        if (x >= wx && x < wx + 60 && y >= 30 && y < 80) g = 128 + (smooth(x - wx, y - 30, 2) >> 1);
        if (x >= 30 && x < 71 && y >= 34 && y < 100) g = 64 + (smooth(x, y, 3) >> 1);
        out[t * W * H + y * W + x] = g;
      }
  return out;
}

const unseen = (): Array<[number, number, number]> => Array.from({ length: 17 }, () => [50, 55, 0.1]);
function walker(): FlowPerson {
  const keypoints = unseen();
  keypoints[5] = [45, 40, 0.8]; // left shoulder: behind the one in front
  keypoints[12] = [90, 70, 0.8]; // right hip: in view
  return { box: { x1: 40, y1: 30, x2: 100, y2: 80 }, keypoints };
}
const standing: FlowPerson = { box: { x1: 30, y1: 34, x2: 71, y2: 100 }, keypoints: unseen() };

describe('a person walking behind another', () => {
  it('follows only the points outside the box of someone whose feet are lower in the frame', () => {
    // grid columns at x 61, 70, 79 (35–65 % of 40–100), rows at y 36…60: the first two columns lie in the
    // front person's box, so 5 grid points and the hip are left; the shoulder (45, 40) is covered
    const { points, joints } = flowPoints(walker(), [walker(), standing]);
    expect(joints).toEqual([12]);
    expect(points).toHaveLength(6);
    expect(points.every(([x]) => x > 71)).toBe(true);
  });

  it('follows everyone in view when the one beside them is not in front (feet at about the same height)', () => {
    const beside: FlowPerson = { box: { x1: 30, y1: 34, x2: 71, y2: 84 }, keypoints: unseen() };
    expect(flowPoints(walker(), [beside]).points).toHaveLength(17);
  });

  it('follows all their points when fewer than 4 are in view (moving with the one in front beats losing them)', () => {
    const wide: FlowPerson = { box: { x1: 30, y1: 20, x2: 110, y2: 100 }, keypoints: unseen() };
    expect(flowPoints(walker(), [wide]).points).toHaveLength(17);
  });

  it("moves the walker's box with the walker while the one in front stands still", async () => {
    const people = [walker(), standing];
    const start = new Float32Array(people.length * FLOW_ROW);
    people.forEach((p, i) => writeFlowRow(start, i * FLOW_ROW, p));
    const out = await followByFlow(walkBehind(4), 4, W, H, start);
    for (let f = 0; f < 3; f++) {
      const w = readFlowRow(out, f * 2 * FLOW_ROW),
        s = readFlowRow(out, (f * 2 + 1) * FLOW_ROW);
      expect(w).not.toBeNull();
      expect(w!.box.x1).toBeCloseTo(40 + 3 * (f + 1), 0);
      expect(s).not.toBeNull();
      expect(Math.abs(s!.box.x1 - 30)).toBeLessThan(0.5);
    }
  });
});
