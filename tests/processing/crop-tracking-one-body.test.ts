// Crop tracking when two boxes read one body's joints: a box on a part of someone (a torso, a leg and a
// paddle) is that person once, not a second person; two people side by side in a group, where one crop read
// the neighbour's joints, stay two people, since the detector saw both.
import { describe, expect, it } from 'vitest';
import { trackPeopleByCrops } from '../../server/processing/crop-tracking';
import type { DecodedFrame } from '../../server/processing/frames';
import type { PosePool } from '../../server/processing/pose-pool';

const g = { scaledW: 64, scaledH: 36, inputW: 64, inputH: 64 };
type Row = [number, number, number, number, number];

/** The body every crop reads, wherever the crop is: a person standing at x 10–30, y 4–34 of the input. */
const BODY = Array.from({ length: 17 }, (_, k) => [12 + (k % 3) * 8, 5 + k * 1.7, 0.8]).flat();

/** Frames whose pixel (x, y) holds red x and green y, so a crop's region says where it was cut from. */
async function* frames(n: number): AsyncGenerator<DecodedFrame> {
  for (let i = 0; i < n; i++) {
    const rgb = new Uint8Array(g.inputW * g.inputH * 3);
    for (let y = 0; y < g.inputH; y++) for (let x = 0; x < g.inputW; x++) rgb.set([x, y, i], (y * g.inputW + x) * 3);
    yield { frame: i * 6, rgb };
  }
}

function standIn(boxes: Row[]) {
  const pool = {
    threads: 2,
    detect: async () => Float32Array.from(boxes.flat()),
    detectStacked: async (frames: Uint8Array[]) => frames.map(() => Float32Array.from(boxes.flat())),
    // answered relative to the region cut out (crop-follow.ts cutRegion), whose first pixel says where it lies
    crop: async (rgb: Uint8Array) =>
      Float32Array.from(BODY.map((v, i) => (i % 3 === 0 ? v - rgb[0] : i % 3 === 1 ? v - rgb[1] : v))),
  };
  return pool as unknown as PosePool;
}

/** How many people crop tracking answers on each frame when the detector gives these boxes. */
async function peoplePerFrame(boxes: Row[]): Promise<number[]> {
  const out: number[] = [];
  await trackPeopleByCrops(frames(3), g, standIn(boxes), { detectEvery: 1, stackDetections: true }, 0.1, (_f, ps) => {
    out.push(ps.length);
  });
  return out;
}

describe('crop tracking, two boxes that read one body', () => {
  it('keeps two people of one size side by side, even when one crop read the other one’s joints', async () => {
    expect(
      await peoplePerFrame([
        [10, 4, 30, 34, 0.9],
        [27, 4, 47, 34, 0.85],
      ]),
    ).toEqual([2, 2, 2]);
  });

  it('keeps a confident box on a part of the person once: the whole person', async () => {
    expect(
      await peoplePerFrame([
        [10, 4, 30, 34, 0.9],
        [12, 4, 24, 16, 0.85],
      ]),
    ).toEqual([1, 1, 1]);
  });
});
