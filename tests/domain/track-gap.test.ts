// Cutting a gap into a track changes what is drawn on the cut frames only (domain/ops/track-gap.ts).
import { describe, expect, it } from 'vitest';
import { trackBoxAt, type CompactDetection, type DetectionSource } from '../../domain/overlay/detection';
import { afterGapCut, planGapCut } from '../../domain/ops/track-gap';

const det = (x: number, source: DetectionSource = 'ai'): CompactDetection => ({
  x1: x,
  y1: 0.1,
  x2: x + 0.1,
  y2: 0.5,
  confidence: 0.8,
  keypoints: null,
  source,
});
const opts = { stride: 6, interpolate: true };
/** The x1 drawn on each frame (null: nothing), to 4 places. */
const drawn = (at: (f: number) => CompactDetection | undefined, n: number) =>
  Array.from({ length: n }, (_, f) => {
    const d = trackBoxAt(at, f, opts)?.det;
    return d ? Math.round(d.x1 * 1e4) / 1e4 : null;
  });

describe('planGapCut', () => {
  // an AI track analysed every 6th frame, 0 … 30
  const ai: Record<number, CompactDetection> = {
    0: det(0),
    6: det(0.06),
    12: det(0.12),
    18: det(0.18),
    24: det(0.24),
    30: det(0.3),
  };
  const at = (f: number) => ai[f];

  it.each([
    [14, 14, 'one filled-in frame'],
    [12, 12, 'one stored frame'],
    [10, 20, 'a range longer than the stride'],
    [20, 30, 'the end of the track (a cut)'],
    [0, 3, 'the start of the track'],
  ])('removes %i–%i (%s) and leaves every other frame drawn as it was', (from, to) => {
    const plan = planGapCut(at, from, to, opts, false);
    const before = drawn(at, 32);
    const after = drawn(afterGapCut(at, from, to, plan), 32);
    expect(after).toEqual(before.map((x, f) => (f >= from && f <= to ? null : x)));
  });

  it('stores the filled-in frames next to the cut, and an outside keyframe only where the fill would cross it', () => {
    const one = planGapCut(at, 14, 14, opts, false);
    expect(one.keep.map((k) => k.frame)).toEqual([13, 15, 16, 17]);
    expect(one.keep.every((k) => k.det.source === 'interpolated' && k.det.version === undefined)).toBe(true);
    expect(one.outsideAt).toBe(14);
    const cut = planGapCut(at, 20, 30, opts, false);
    expect(cut.keep.map((k) => k.frame)).toEqual([19]);
    expect(cut.outsideAt).toBeNull();
  });

  it('makes the interpolated rows beside the outside keyframe keyframes on a drawn track', () => {
    const rows: Record<number, CompactDetection> = {};
    for (let f = 0; f <= 10; f++) rows[f] = det(f / 100, f === 0 || f === 10 ? 'human' : 'interpolated');
    const plan = planGapCut((f) => rows[f], 5, 5, opts, true);
    expect(plan).toMatchObject({ keep: [], outsideAt: 5, keyframesAt: [4, 6] });
    expect(planGapCut((f) => rows[f], 5, 5, opts, false).keyframesAt).toEqual([]);
    expect(planGapCut((f) => rows[f], 5, 5, { stride: 1, interpolate: true }, true).outsideAt).toBeNull();
  });
});
