// How crop tracking's detector passes read the frame: whole (or two frames stacked to a pass) by default, two
// overlapping squares of the frame when the first passes find small people. The decision must depend on
// the video only, the first passes must read the frame exactly as before, and a square's boxes must land in
// the frame once each. The pose pool is replaced at the test's edge by one that records what it was asked.
import { describe, expect, it } from 'vitest';
import { DetectorPasses, PROBE_PASSES, squaresPay } from '../../server/processing/detector-passes';
import { mergeTileRows, squareTiles, tileRgb } from '../../server/processing/detector-tiles';
import type { PosePool } from '../../server/processing/pose-pool';
import type { AnalysisGeometry } from '../../server/processing/pose-protocol';

/** Detector rows of people of the given heights (frame px), each 40 px wide, scored 0.8. */
const people = (...heights: number[]) =>
  Float32Array.from(heights.flatMap((h, i) => [10 + 50 * i, 20, 50 + 50 * i, 20 + h, 0.8]));

describe('when passes read squares', () => {
  it('reads squares for people 32–100 px tall in the detector input, and not for larger, tinier or no people', () => {
    // 640×480 read whole: scale 0.8, so 60 px in the frame are 48 px to the detector
    expect(squaresPay([people(60, 70), people(65)], 640, 480, false)).toBe(true);
    expect(squaresPay([people(200, 210), people(190)], 640, 480, false)).toBe(false);
    expect(squaresPay([people(30, 35), people(32)], 640, 480, false)).toBe(false);
    expect(squaresPay([new Float32Array(0)], 640, 480, false)).toBe(false);
    // boxes scored under 0.3 are not people for the decision
    expect(squaresPay([Float32Array.from([0, 0, 40, 60, 0.2])], 640, 480, false)).toBe(false);
  });

  it('measures the people as the passes would otherwise read them: stacked two to a pass, 16:9 frames read smaller', () => {
    // 640×360 stacked: scale 0.71, so 130 px are 92 px (squares); read whole they would be 104 px (not)
    expect(squaresPay([people(130)], 640, 360, true)).toBe(true);
    expect(squaresPay([people(130)], 640, 360, false)).toBe(false);
  });

  it('does not read squares where a square is hardly larger than the whole frame', () => {
    // a nearly square frame: its short side's square reads it only 1.07× larger
    expect(squaresPay([people(60)], 512, 480, false)).toBe(false);
  });
});

describe('a frame read as two squares', () => {
  it('takes the two squares of the short side at both ends, and each square its own pixels', () => {
    expect(squareTiles(640, 480)).toEqual([
      { x: 0, y: 0, size: 480 },
      { x: 160, y: 0, size: 480 },
    ]);
    expect(squareTiles(360, 640)).toEqual([
      { x: 0, y: 0, size: 360 },
      { x: 0, y: 280, size: 360 },
    ]);
    const rgb = Uint8Array.from({ length: 4 * 2 * 3 }, (_, i) => Math.floor(i / 3)); // pixel index in every channel
    expect(Array.from(tileRgb(rgb, 4, { x: 2, y: 0, size: 2 })).filter((_, i) => i % 3 === 0)).toEqual([2, 3, 6, 7]);
  });

  it("moves boxes back into the frame, drops a box cut by a square's inner edge, and keeps one box per person", () => {
    const tiles = squareTiles(640, 480);
    const rows = mergeTileRows(
      [
        // left square: a person at 100–140, one cut by its inner (right) edge at 480, one in the overlap
        Float32Array.from([100, 50, 140, 150, 0.9, 440, 50, 480, 150, 0.8, 300, 60, 340, 160, 0.7]),
        // right square (x + 160): the cut person whole (440–500), the overlap person again (300–340)
        Float32Array.from([280, 50, 340, 150, 0.85, 140, 60, 180, 160, 0.6]),
      ],
      tiles,
      640,
      480,
    );
    const boxes = [];
    for (let k = 0; k < rows.length; k += 5) boxes.push(Array.from(rows.subarray(k, k + 4)));
    expect(boxes).toEqual([
      [100, 50, 140, 150],
      [440, 50, 500, 150],
      [300, 60, 340, 160],
    ]);
  });
});

/** A pose pool that answers detector calls at once and records each one. */
function recordingPool(answer: (w: number, h: number) => Float32Array) {
  const calls: string[] = [];
  const pool = {
    detect: async (_rgb: Uint8Array, w: number, h: number) => {
      calls.push(`detect ${w}x${h}`);
      return answer(w, h);
    },
    detectStacked: async (frames: Uint8Array[], w: number, h: number) => {
      calls.push(`stacked ${frames.length} ${w}x${h}`);
      return frames.map(() => answer(w, h));
    },
  } as unknown as PosePool;
  return { pool, calls };
}

const g: AnalysisGeometry = { scaledW: 640, scaledH: 360, inputW: 640, inputH: 384 };
const frame = () => new Uint8Array(640 * 384 * 3);

describe('detector passes over a video', () => {
  it('reads the first passes as before, then squares when they found small people, the same on every run', async () => {
    const { pool, calls } = recordingPool(() => people(100));
    const passes = new DetectorPasses(pool, g, true);
    const asked = Array.from({ length: PROBE_PASSES + 2 }, (_, i) => passes.request(i, frame()));
    await Promise.all(asked);
    expect(calls).toEqual([
      ...Array.from({ length: PROBE_PASSES / 2 }, () => 'stacked 2 640x360'),
      ...Array.from({ length: 4 }, () => 'detect 360x360'),
    ]);
    expect(passes.decided).toBe(true);
  });

  it('keeps stacking when the first passes found large people', async () => {
    const { pool, calls } = recordingPool(() => people(300));
    const passes = new DetectorPasses(pool, g, true);
    await Promise.all(Array.from({ length: PROBE_PASSES + 2 }, (_, i) => passes.request(i, frame())));
    expect(calls).toEqual(Array.from({ length: PROBE_PASSES / 2 + 1 }, () => 'stacked 2 640x360'));
    expect(passes.decided).toBe(false);
  });

  it('answers a first pass left without a partner when its frame is needed, and pairs on after it', async () => {
    const { pool, calls } = recordingPool(() => people(100));
    const passes = new DetectorPasses(pool, g, true);
    const first = passes.request(0, frame());
    passes.flushAlone(0);
    await first;
    // the rest pair on, and the last first pass, now without a partner among the first, is read before the decision
    const rest = Array.from({ length: PROBE_PASSES }, (_, i) => passes.request(i + 1, frame()));
    await Promise.all(rest.slice(0, PROBE_PASSES - 1));
    passes.flushAlone(PROBE_PASSES);
    await Promise.all(rest);
    expect(calls.slice(0, 1 + (PROBE_PASSES - 2) / 2)).toEqual([
      'stacked 1 640x360',
      ...Array.from({ length: (PROBE_PASSES - 2) / 2 }, () => 'stacked 2 640x360'),
    ]);
    expect(passes.decided).toBe(true);
  });
});
