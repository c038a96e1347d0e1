// Matching an old track to the new tracks of a reprocess, on synthetic boxes.
import { describe, expect, it } from 'vitest';
import { bestMatchingTrack, MIN_RELINK_IOU, type FramedBox } from '../../server/processing/track-match';

/** A person 0.1 wide and 0.6 high whose left edge moves from x0 by dx per frame, boxed every `stride` frames. */
function walk(x0: number, dx: number, frames: number, stride: number, from = 0): FramedBox[] {
  const out: FramedBox[] = [];
  for (let f = from; f < from + frames; f += stride)
    out.push({ frame: f, x1: x0 + dx * f, y1: 0.2, x2: x0 + dx * f + 0.1, y2: 0.8 });
  return out;
}

describe('bestMatchingTrack', () => {
  it('picks the new track of the same person, not a neighbour, comparing boxes of different strides at the nearest frame', () => {
    const old = walk(0.3, 0.001, 240, 3);
    const candidates = new Map([
      [7, walk(0.18, 0.001, 240, 6)],
      [8, walk(0.3, 0.001, 240, 6)],
      [9, walk(0.42, 0.001, 240, 6)],
    ]);
    const m = bestMatchingTrack(old, candidates, 30, 75, 6)!;
    expect(m.trackId).toBe(8);
    expect(m.iou).toBeGreaterThan(0.9);
  });

  it('follows the old track over the given span only: after an identity switch the span decides the person', () => {
    // the old track followed the person at 0.2 until frame 100 and then jumped to the person at 0.6
    const old = [...walk(0.2, 0, 100, 3), ...walk(0.6, 0, 100, 3, 102)];
    const candidates = new Map([
      [4, walk(0.2, 0, 240, 6)],
      [5, walk(0.6, 0, 240, 6)],
    ]);
    expect(bestMatchingTrack(old, candidates, 0, 90, 6)!.trackId).toBe(4);
    expect(bestMatchingTrack(old, candidates, 120, 190, 6)!.trackId).toBe(5);
  });

  it('reports a best score below the bar when the person was not found again', () => {
    const old = walk(0.3, 0, 240, 3);
    const m = bestMatchingTrack(
      old,
      new Map([
        [2, walk(0.36, 0, 240, 6)],
        [3, walk(0.7, 0, 240, 6)],
      ]),
      0,
      239,
      6,
    )!;
    expect(m.trackId).toBe(2);
    expect(m.iou).toBeLessThan(MIN_RELINK_IOU);
  });

  it('counts the frames where the candidate has no box as no overlap', () => {
    const old = walk(0.3, 0, 240, 3);
    // the same place, but only over the first quarter of the span
    const m = bestMatchingTrack(old, new Map([[2, walk(0.3, 0, 60, 6)]]), 0, 239, 6)!;
    expect(m.iou).toBeCloseTo(0.25, 1);
    expect(m.iou).toBeLessThan(MIN_RELINK_IOU);
  });

  it('has nothing to say when the old track has no box in the span or there are no new tracks', () => {
    expect(bestMatchingTrack(walk(0.3, 0, 60, 3), new Map([[2, walk(0.3, 0, 240, 6)]]), 120, 200, 6)).toBeNull();
    expect(bestMatchingTrack(walk(0.3, 0, 60, 3), new Map(), 0, 60, 6)).toBeNull();
  });
});
