// Crop tracking with a detector pass on every analysed frame, two frames to a pass: which frames share a
// pass, and that each frame gets its own frame's people back. A stand-in pool answers, so no model runs.
import { describe, expect, it } from 'vitest';
import { trackPeopleByCrops } from '../../server/processing/crop-tracking';
import type { DecodedFrame } from '../../server/processing/frames';
import type { PosePool } from '../../server/processing/pose-pool';
import { cropStandIn, flowStandIn } from './pool-stand-ins';

const g = { scaledW: 64, scaledH: 36, inputW: 64, inputH: 64 };
/** Frame n shows one person whose box starts at x = 2n (the frame's first byte says which frame it is). */
const boxOf = (n: number) => [2 * n, 4, 2 * n + 10, 30, 0.9];

function standIn() {
  const passes: number[][] = [];
  const pool = {
    threads: 2,
    detect: async (rgb: Uint8Array) => {
      passes.push([rgb[0]]);
      return Float32Array.from(boxOf(rgb[0]));
    },
    detectStacked: async (frames: Uint8Array[]) => {
      passes.push(frames.map((f) => f[0]));
      return frames.map((f) => Float32Array.from(boxOf(f[0])));
    },
    // a confident pose in the middle of whatever crop is asked for
    crop: cropStandIn(),
  };
  const flows: number[] = [];
  // optical flow stand-in: everyone moves 1 px right per frame
  const moves = flowStandIn(() => 1);
  const flow = (grey: Uint8Array, count: number, w: number, h: number, start: Float32Array) => {
    flows.push(count);
    return moves(grey, count, w, h, start);
  };
  return { pool: { ...pool, flow } as unknown as PosePool, passes, flows };
}

async function* frames(n: number): AsyncGenerator<DecodedFrame> {
  for (let i = 0; i < n; i++) yield { frame: i * 6, rgb: new Uint8Array(g.inputW * g.inputH * 3).fill(i) };
}

describe('crop tracking, a detector pass on every analysed frame', () => {
  it('pairs the frames two to a pass, the odd last one alone, and answers each frame with its own people', async () => {
    const { pool, passes } = standIn();
    const seen: Array<[number, number]> = [];
    const stats = await trackPeopleByCrops(
      frames(5),
      g,
      pool,
      { detectEvery: 1, stackDetections: true },
      0.1,
      (frame, people) => {
        expect(people).toHaveLength(1);
        seen.push([frame, Math.round(people[0].box.x1 * g.inputW)]);
      },
    );
    expect(passes).toEqual([[0, 1], [2, 3], [4]]);
    expect(seen).toEqual([
      [0, 0],
      [6, 2],
      [12, 4],
      [18, 6],
      [24, 8],
    ]);
    expect(stats.detections).toBe(5);
    expect(stats.reasons).toEqual({ cadence: 5 });
  });

  it('decides how to read the frame on the first pass frames while the rest decode, reads those frames once, and pairs on after them to the last', async () => {
    for (const count of [9, 8]) {
      const { pool, passes } = standIn();
      const seen: Array<[number, number]> = [];
      const stats = await trackPeopleByCrops(
        frames(count),
        g,
        pool,
        // the first pass frames, decoded apart as the pipeline does (here every frame has a pass)
        { detectEvery: 1, stackDetections: true, firstPassFrames: frames(count) },
        0.1,
        (frame, people) => seen.push([frame, Math.round(people[0].box.x1 * g.inputW)]),
      );
      // the decision's seven frames: the first alone, then two to a pass; its people are large, so the frame
      // is read as always, and those frames are not read again
      expect(passes).toEqual([[0], [1, 2], [3, 4], [5, 6], count === 9 ? [7, 8] : [7]]);
      expect(stats.reading).toBe('whole');
      expect(seen).toEqual(Array.from({ length: count }, (_, i) => [i * 6, 2 * i]));
    }
  });

  it('pairs the frames the same way however slowly they decode: the same video gives the same result', async () => {
    // each frame takes a while to decode, while the stand-in pool answers at once: before, a pass frame whose
    // partner had not decoded yet when it was needed was read alone, and the pairs after it shifted by one
    async function* slowly(n: number): AsyncGenerator<DecodedFrame> {
      for await (const f of frames(n)) {
        await new Promise((r) => setTimeout(r, 5));
        yield f;
      }
    }
    for (const count of [5, 6]) {
      const { pool, passes } = standIn();
      const seen: number[] = [];
      await trackPeopleByCrops(slowly(count), g, pool, { detectEvery: 1, stackDetections: true }, 0.1, (frame) =>
        seen.push(frame),
      );
      expect(passes).toEqual(
        count === 5
          ? [[0, 1], [2, 3], [4]]
          : [
              [0, 1],
              [2, 3],
              [4, 5],
            ],
      );
      expect(seen).toEqual(Array.from({ length: count }, (_, i) => i * 6));
    }
  });

  it('runs a pass per frame when the passes are not shared', async () => {
    const { pool, passes } = standIn();
    await trackPeopleByCrops(frames(3), g, pool, { detectEvery: 1 }, 0.1, () => {});
    expect(passes).toEqual([[0], [1], [2]]);
  });

  it('at a cadence of a pass every 3rd frame, follows the frames between by flow, each with its own box', async () => {
    const { pool, passes, flows } = standIn();
    const seen: Array<[number, number]> = [];
    const stats = await trackPeopleByCrops(
      frames(7),
      g,
      pool,
      { passEvery: 3, stackDetections: false },
      0.1,
      (frame, people) => {
        expect(people).toHaveLength(1);
        seen.push([frame, Math.round(people[0].box.x1 * g.inputW)]);
      },
    );
    // the model runs on frames 0, 3 and 6 only
    expect(passes).toEqual([[0], [3], [6]]);
    expect(stats).toMatchObject({ passes: 3, flowFrames: 4, detections: 3 });
    // each segment is followed from its pass onto the next pass's frame (4 frames); the last pass ends the clip
    expect(flows).toEqual([4, 4]);
    // frames between passes: the pass's box moved by the flow, 1 px a frame; pass frames: the detector's box
    expect(seen.map(([f]) => f)).toEqual([0, 6, 12, 18, 24, 30, 36]);
    expect(seen.map(([, x]) => x)).toEqual([0, 1, 2, 6, 7, 8, 12]);
  });
});
