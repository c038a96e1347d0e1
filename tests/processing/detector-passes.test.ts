// How crop tracking's detector passes read the frame: whole (or two frames stacked to a pass) by default, two
// overlapping squares of the frame when the first pass frames show small people, four corner squares when smaller still. The decision must
// depend on the video only, be made before the first pass so every pass reads alike, and a square's boxes must land in
// the frame once each. The pose pool is replaced at the test's edge by one that records what it was asked.
import { describe, expect, it } from 'vitest';
import { DetectorPasses, PROBE_PASSES, readingFor } from '../../server/processing/detector-passes';
import { gridTiles, mergeTileRows, squareTiles, tileRgb, type Tile } from '../../server/processing/detector-tiles';
import type { PosePool } from '../../server/processing/pose-pool';
import type { AnalysisGeometry } from '../../server/processing/pose-protocol';

/** Detector rows of people of the given heights (frame px), each 40 px wide, scored 0.8. */
const people = (...heights: number[]) =>
  Float32Array.from(heights.flatMap((h, i) => [10 + 50 * i, 20, 50 + 50 * i, 20 + h, 0.8]));

describe('when passes read squares', () => {
  it('reads two squares for people 64–100 px tall in the detector input, four for 32–64 px, and neither for larger, tinier or no people', () => {
    // 640×480 read whole: scale 0.8, so 100 px in the frame are 80 px to the detector, 65 px are 52 px
    expect(readingFor([people(100, 110), people(105)], 640, 480, false)).toBe('squares');
    expect(readingFor([people(60, 70), people(65)], 640, 480, false)).toBe('grid');
    expect(readingFor([people(200, 210), people(190)], 640, 480, false)).toBe('whole');
    expect(readingFor([people(30, 35), people(32)], 640, 480, false)).toBe('whole');
    expect(readingFor([new Float32Array(0)], 640, 480, false)).toBe('whole');
    // boxes scored under 0.3 are not people for the decision
    expect(readingFor([Float32Array.from([0, 0, 40, 60, 0.2])], 640, 480, false)).toBe('whole');
  });

  it('measures the people as the passes would otherwise read them: stacked two to a pass, 16:9 frames read smaller', () => {
    // 640×360 stacked: scale 0.71, so 130 px are 92 px (squares); read whole they would be 104 px (not)
    expect(readingFor([people(130)], 640, 360, true)).toBe('squares');
    expect(readingFor([people(130)], 640, 360, false)).toBe('whole');
  });

  it('reads no more squares than show people larger: a 16:9 frame keeps two, a nearly square frame may go straight to four', () => {
    // 640×360 stacked, people 60 px (43 px to the detector): four corner squares would read them only 1.02× as large as two
    expect(readingFor([people(60)], 640, 360, true)).toBe('squares');
    // a nearly square frame: its short side's square reads it only 1.07× larger; the corner squares 1.42×
    expect(readingFor([people(120)], 512, 480, false)).toBe('whole');
    expect(readingFor([people(60)], 512, 480, false)).toBe('grid');
  });
});

describe('a frame read as squares', () => {
  it('takes four corner squares of 3/4 the short side, two along each side overlapping', () => {
    expect(gridTiles(768, 576)).toEqual([
      { x: 0, y: 0, size: 432 },
      { x: 336, y: 0, size: 432 },
      { x: 0, y: 144, size: 432 },
      { x: 336, y: 144, size: 432 },
    ]);
    // a wide frame: squares of 0.55 of the long side, so the two along it still overlap
    expect(gridTiles(640, 360).map((t) => [t.x, t.y, t.size])).toEqual([
      [0, 0, 352],
      [288, 0, 352],
      [0, 8, 352],
      [288, 8, 352],
    ]);
  });

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

/** An RGB frame whose pixel at the top left of each square holds the square's number (from 1) in its red. */
function markCorners(tiles: Tile[], w: number, h: number): Uint8Array {
  const rgb = new Uint8Array(w * h * 3);
  tiles.forEach((t, i) => (rgb[(t.y * w + t.x) * 3] = i + 1));
  return rgb;
}

/** A pose pool that answers detector calls at once and records each one. */
function recordingPool(answer: (w: number, h: number) => Float32Array) {
  const calls: string[] = [];
  const pool = {
    detect: async (rgb: Uint8Array, w: number, h: number) => {
      // a frame marked at a square's corner (markCorners) says which square this is
      calls.push(`detect ${w}x${h}${rgb[0] ? ` square ${rgb[0]}` : ''}`);
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

/** The first pass frames of a video, as the pipeline decodes them apart (frames 0, 5, 10, …). */
async function* firstFrames(n: number, make: () => Uint8Array) {
  for (let i = 0; i < n; i++) yield { frame: i * 5, rgb: make() };
}

describe('detector passes over a video', () => {
  it('decides on the first pass frames before the first pass, then reads every pass as squares when they showed small people, from the first frame on', async () => {
    // the plain reading finds one person 100 px tall; the squares find no one
    const { pool, calls } = recordingPool((w) => (w === 360 ? new Float32Array(0) : people(100)));
    const passes = new DetectorPasses(pool, g, true);
    expect(await passes.decide(firstFrames(PROBE_PASSES + 4, frame))).toBe('squares');
    // stacked as passes are paired: the first frame alone, the rest two to a pass, one frame more to pair the last
    expect(calls).toEqual([
      'stacked 1 640x360',
      ...Array.from({ length: PROBE_PASSES / 2 }, () => 'stacked 2 640x360'),
    ]);
    calls.length = 0;
    // the video's first pass (frame 0, one the decision read) is read as squares like every other pass, and
    // keeps the person the decision's reading found there; a frame the decision did not read has only the squares'
    const [first, later] = await Promise.all([0, 35].map((f) => passes.request(f, frame())));
    expect(calls).toEqual(Array.from({ length: 4 }, () => 'detect 360x360'));
    expect(Array.from(first)).toEqual(Array.from(people(100)));
    expect(later).toHaveLength(0);
  });

  it('reads the corner squares of a 4:3 frame from the first pass when the first pass frames showed people 32–64 px tall to the detector, one diagonal pair a pass', async () => {
    const { pool, calls } = recordingPool(() => people(80));
    const g43: AnalysisGeometry = { scaledW: 768, scaledH: 576, inputW: 768, inputH: 576 };
    const passes = new DetectorPasses(pool, g43, false);
    const marked = () => markCorners(gridTiles(768, 576), 768, 576);
    expect(await passes.decide(firstFrames(PROBE_PASSES + 2, marked))).toBe('grid');
    // not stacked: one frame a read, only as many as the decision needs
    expect(calls).toEqual(Array.from({ length: PROBE_PASSES }, () => 'detect 768x576 square 1'));
    calls.length = 0;
    await Promise.all(Array.from({ length: 3 }, (_, i) => passes.request(i * 5, marked())));
    expect(calls).toEqual([
      // top left and bottom right, then top right and bottom left, then the first pair again
      'detect 432x432 square 1',
      'detect 432x432 square 4',
      'detect 432x432 square 2',
      'detect 432x432 square 3',
      'detect 432x432 square 1',
      'detect 432x432 square 4',
    ]);
  });

  it('keeps stacking when the first pass frames showed large people, and does not read those frames twice', async () => {
    const { pool, calls } = recordingPool(() => people(300));
    const passes = new DetectorPasses(pool, g, true);
    expect(await passes.decide(firstFrames(PROBE_PASSES + 4, frame))).toBe('whole');
    // the decision's frames are answered with the rows it read; the two after them share a pass
    const rows = await Promise.all(Array.from({ length: PROBE_PASSES + 3 }, (_, i) => passes.request(i * 5, frame())));
    expect(rows.every((r) => r.length === 5)).toBe(true);
    expect(calls).toEqual([
      'stacked 1 640x360',
      ...Array.from({ length: PROBE_PASSES / 2 + 1 }, () => 'stacked 2 640x360'),
    ]);
  });

  it('decides on the frames a short video has, and answers a pass left without a partner once none can come', async () => {
    const { pool, calls } = recordingPool(() => people(100));
    const passes = new DetectorPasses(pool, g, true);
    expect(await passes.decide(firstFrames(3, frame))).toBe('squares');
    expect(calls).toEqual(['stacked 1 640x360', 'stacked 2 640x360']);
    // undecided (no first frames given), passes pair as stacked; a lone one is read alone at the video's end
    const plain = new DetectorPasses(recordingPool(() => people(300)).pool, g, true);
    expect(plain.decided).toBeNull();
    const first = plain.request(0, frame());
    plain.frameArrived();
    plain.ended();
    expect((await first).length).toBe(5);
  });

  it('gives a frame alone as long as the cadence allows to find a partner: frames arrived, not time, decide', async () => {
    const { pool, calls } = recordingPool(() => people(300));
    // a pass at most every 2nd frame: the frame after a pass frame cannot be read alone yet
    const passes = new DetectorPasses(pool, g, true, 2);
    let answered = false;
    const first = passes.request(0, frame()).then((r) => ((answered = true), r));
    passes.frameArrived();
    passes.frameArrived();
    await new Promise((r) => setTimeout(r, 20));
    expect(answered).toBe(false);
    expect(calls).toEqual([]);
    // the pass frame two frames on shares its pass
    const second = passes.request(10, frame());
    passes.frameArrived();
    expect((await Promise.all([first, second])).map((r) => r.length)).toEqual([5, 5]);
    expect(calls).toEqual(['stacked 2 640x360']);
    // a pass frame whose next frames come without a pass is read alone once the gap has passed
    const third = passes.request(20, frame());
    passes.frameArrived();
    passes.frameArrived();
    expect(calls).toHaveLength(1);
    passes.frameArrived();
    expect((await third).length).toBe(5);
    expect(calls).toEqual(['stacked 2 640x360', 'stacked 1 640x360']);
  });
});
