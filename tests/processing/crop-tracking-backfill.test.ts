// Someone walking into view between two model passes: the pass that finds them is up to a fifth of a second
// late, so crop tracking follows them back by the optical flow over the frames since the last pass, and their
// track starts where they came into view. Never over a cut: the frames before it show another scene. The pose
// pool is replaced at the test's edge: a detector that answers per frame, crops that always find a body, and a
// flow under which everyone stands still.
import { describe, expect, it } from 'vitest';
import { trackPeopleByCrops } from '../../server/processing/crop-tracking';
import type { DecodedFrame } from '../../server/processing/frames';
import type { PosePool } from '../../server/processing/pose-pool';
import { cropStandIn, flowStandIn } from './pool-stand-ins';

const g = { scaledW: 64, scaledH: 36, inputW: 64, inputH: 64 };
type Row = [number, number, number, number, number];
const standing: Row = [10, 4, 22, 34, 0.9],
  walkingIn: Row = [40, 4, 52, 34, 0.9];

const pool = {
  threads: 2,
  detect: async (rgb: Uint8Array) => Float32Array.from(detected(rgb[0]).flat()),
  detectStacked: async (frames: Uint8Array[]) => frames.map((f) => Float32Array.from(detected(f[0]).flat())),
  crop: cropStandIn(),
  flow: flowStandIn(),
} as unknown as PosePool;
/** The detector: the standing person on every frame, the one walking in from frame 4 on. */
const detected = (n: number): Row[] => (n >= 4 ? [standing, walkingIn] : [standing]);

/** Eight frames; the first byte says which. `scene(i)`: the grey level of the rest (a cut where it jumps). */
async function* frames(scene: (i: number) => number): AsyncGenerator<DecodedFrame> {
  for (let i = 0; i < 8; i++) {
    const rgb = new Uint8Array(g.inputW * g.inputH * 3).fill(scene(i));
    rgb[0] = i;
    yield { frame: i, rgb };
  }
}

/** How many people each frame answers, with a model pass on frames 0 and 4 (and at a cut). */
async function peoplePerFrame(scene: (i: number) => number): Promise<number[]> {
  const out: number[] = [];
  await trackPeopleByCrops(frames(scene), g, pool, { passEvery: 4, stackDetections: false }, 0.1, (_f, people) =>
    out.push(people.length),
  );
  return out;
}

describe('crop tracking, someone a pass finds who was not followed', () => {
  it('is followed back over the frames since the last pass', async () => {
    // found on frame 4: on frames 1–3 too (frame 0 is the pass that did not find them)
    expect(await peoplePerFrame(() => 100)).toEqual([1, 2, 2, 2, 2, 2, 2, 2]);
  });

  it('is not followed back over a cut: the frames before it show another scene', async () => {
    expect(await peoplePerFrame((i) => (i < 4 ? 30 : 200))).toEqual([1, 1, 1, 1, 2, 2, 2, 2]);
  });
});
