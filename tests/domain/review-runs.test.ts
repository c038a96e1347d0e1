// The review summary's runs computed in one pass over detections: presence runs, low-confidence runs and
// heavy-overlap runs, on a small hand-worked video.
import { describe, expect, it } from 'vitest';
import { OUTSIDE_ROW_CONFIDENCE, ReviewRunsBuilder, type ReviewDetections } from '../../domain/review-runs';
import { trackBoxAt, type CompactDetection } from '../../domain/overlay/detection';

const box = (source: CompactDetection['source'] = 'ai'): CompactDetection => ({
  x1: 0.1,
  y1: 0.1,
  x2: 0.3,
  y2: 0.5,
  confidence: 0.9,
  keypoints: null,
  source,
});

type Row = [track: number, frame: number, confidence: number, box: [number, number, number, number]];

function columns(rows: Row[]): ReviewDetections {
  const n = rows.length;
  const d: ReviewDetections = {
    length: n,
    track: new Int32Array(n),
    frame: new Int32Array(n),
    confidence: new Float32Array(n),
    box: new Float32Array(4 * n),
  };
  rows.forEach(([track, frame, confidence, box], i) => {
    d.track[i] = track;
    d.frame[i] = frame;
    d.confidence[i] = confidence;
    d.box.set(box, 4 * i);
  });
  return d;
}

const A: [number, number, number, number] = [0.1, 0.1, 0.3, 0.5];
const NEAR_A: [number, number, number, number] = [0.11, 0.1, 0.31, 0.5]; // IoU with A ≈ 0.9
const AWAY: [number, number, number, number] = [0.6, 0.6, 0.8, 0.9];

// Track 1: frames 0–4, absent 5–7, frames 8–9; low confidence on 2–3 and on 9.
// Track 2: frames 0–9 at exactly 0.7 (not below the threshold), next to track 1 on 0–4 and 8–9.
// Track 3: frames 0–9 far from both; on frame 3 only, a box exactly half overlapping track 4's (IoU 0.5,
// not above it). Track 4: frame 3 only.
function video(): Row[] {
  const rows: Row[] = [];
  for (let f = 0; f < 10; f++) {
    if (f < 5 || f > 7) rows.push([1, f, f === 2 || f === 3 || f === 9 ? 0.4 : 0.95, A]);
    rows.push([2, f, 0.7, NEAR_A]);
    rows.push([3, f, 0.9, f === 3 ? [0, 0, 0.5, 0.25] : AWAY]);
  }
  rows.push([4, 3, 0.9, [0, 0, 0.25, 0.25]]);
  return rows;
}

function runs(stride: number, chunks: Row[][]) {
  const b = new ReviewRunsBuilder(stride, 0.7, 0.5);
  for (const c of chunks) b.add(columns(c));
  return b.finish();
}

describe('ReviewRunsBuilder', () => {
  it('breaks presence, low-confidence and overlap runs where a track is absent', () => {
    expect(runs(1, [video()])).toEqual({
      tracks: [
        { track_id: 1, runs: [0, 4, 8, 9], low: [2, 3, 9, 9] },
        { track_id: 2, runs: [0, 9], low: [] },
        { track_id: 3, runs: [0, 9], low: [] },
        { track_id: 4, runs: [3, 3], low: [] },
      ],
      overlaps: [
        [1, 2, 0, 4],
        [1, 2, 8, 9],
      ],
      overlapsCapped: null,
    });
  });

  it('gives the same runs for rows in any order within a chunk and runs cut at a chunk border', () => {
    const rows = video();
    const shuffled = [...rows].reverse();
    const early = shuffled.filter((r) => r[1] < 3),
      late = shuffled.filter((r) => r[1] >= 3);
    expect(runs(1, [early, late])).toEqual(runs(1, [rows]));
  });

  it('joins runs whose step is within the stride', () => {
    const r = runs(4, [video()]);
    expect(r.tracks[0]).toEqual({ track_id: 1, runs: [0, 9], low: [2, 3, 9, 9] });
    expect(r.overlaps).toEqual([[1, 2, 0, 9]]);
    // the low step 3 → 9 is past a stride of 5, within one of 6
    expect(runs(5, [video()]).tracks[0].low).toEqual([2, 3, 9, 9]);
    expect(runs(6, [video()]).tracks[0].low).toEqual([2, 9]);
  });

  it('ends a run at an outside keyframe as the editor draws it: held up to the frame before, none after', () => {
    const out = OUTSIDE_ROW_CONFIDENCE;
    // track 5 at stride 6: boxes on 0 and 6, an outside keyframe on 9, a box on 12; the box on 6 is low
    const rows: Row[] = [
      [5, 0, 0.9, A],
      [5, 6, 0.4, A],
      [5, 9, out, A],
      [5, 12, 0.9, A],
      [6, 9, 0.9, A], // on track 5's outside frame: no overlap with a box that is not there
    ];
    expect(runs(6, [rows]).tracks[0]).toEqual({ track_id: 5, runs: [0, 8, 12, 12], low: [6, 8] });
    expect(runs(6, [rows]).overlaps).toEqual([]);
    // each frame of the runs is one the shared rule draws (trackBoxAt), and no other
    const drawn = (f: number) =>
      trackBoxAt((g) => ({ 0: box(), 6: box(), 9: box('outside'), 12: box() })[g], f, {
        stride: 6,
        interpolate: true,
      }) !== null;
    expect(Array.from({ length: 14 }, (_, f) => f).filter(drawn)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 12]);
  });

  it('has no runs for a video without detections', () => {
    expect(runs(1, [[]])).toEqual({ tracks: [], overlaps: [], overlapsCapped: null });
  });
});

describe('ReviewRunsBuilder limits on the overlap test', () => {
  // frames 0-2: 4 boxes on top of each other (6 overlapping pairs each); frame 3: one ordinary pair
  const piles = (): Row[] => [
    ...[0, 1, 2].flatMap((f) => [1, 2, 3, 4].map((tr): Row => [tr, f, 0.9, A])),
    [5, 3, 0.9, A],
    [6, 3, 0.9, NEAR_A],
  ];
  const limited = (limits: { checksPerFrame: number; overlapsPerFrame: number; runsMax: number }) => {
    const b = new ReviewRunsBuilder(1, 0.7, 0.5, limits);
    b.add(columns(piles()));
    return b.finish();
  };

  it('finds every pair and says nothing was capped within the limits', () => {
    const r = limited({ checksPerFrame: 6, overlapsPerFrame: 6, runsMax: 7 });
    expect(r.overlaps).toHaveLength(7);
    expect(r.overlapsCapped).toBeNull();
  });

  it('stops a frame at its comparison or overlap limit and says which frames stopped early', () => {
    for (const r of [
      limited({ checksPerFrame: 2, overlapsPerFrame: 6, runsMax: 100 }),
      limited({ checksPerFrame: 100, overlapsPerFrame: 2, runsMax: 100 }),
    ]) {
      expect(r.overlapsCapped).toEqual({ frames: 3, first_frame: 0 });
      // two pairs per piled frame (the same two each time, so their runs span 0-2), and frame 3's pair in full
      expect(r.overlaps).toHaveLength(3);
      expect(r.overlaps.filter((o) => o[2] === 0 && o[3] === 2)).toHaveLength(2);
      expect(r.overlaps).toContainEqual([5, 6, 3, 3]);
    }
  });

  it('records no more overlap runs than the summary limit', () => {
    const r = limited({ checksPerFrame: 100, overlapsPerFrame: 100, runsMax: 3 });
    expect(r.overlaps).toHaveLength(3);
    expect(r.overlapsCapped).toEqual({ frames: 4, first_frame: 0 }); // frames 0-2 meet pairs past the limit, and frame 3 a new pair
  });
});
