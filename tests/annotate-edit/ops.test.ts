// Pure edit rules: segment snapping/limits, box grid/clamp, merge semantics.
import { describe, expect, it } from 'vitest';
import {
  moveSpan,
  newSegmentSpan,
  resizeSpan,
  shiftEdge,
  snapMove,
  snapTenth,
  snapTimelineTime,
  spanProblem,
} from '../../domain/ops/segment-time';
import { moveBox, moveKeypoint, resizeBox, toFractions, toPixels } from '../../domain/ops/box-geometry';
import { mergeFrames, mergeProblem, mergeRanges } from '../../domain/ops/track-merge';

const size = { width: 1280, height: 720 };
const snapOff = { snapTimeline: false, snapPlayhead: false, visibleSpan: 10, playhead: 0 };

describe('segment times', () => {
  it('snaps typed times to 0.1 s without float noise', () => {
    expect(snapTenth(0.1 + 0.2)).toBe(0.3);
    expect(snapTenth(1.26)).toBe(1.3);
  });

  it('snaps to the timeline step of the visible span, and to the playhead within 0.2 s', () => {
    expect(snapTimelineTime(3.3, { ...snapOff, snapTimeline: true, visibleSpan: 10 })).toBe(3.5);
    expect(snapTimelineTime(3.3, { ...snapOff, snapTimeline: true, visibleSpan: 4 })).toBe(3.25);
    expect(snapTimelineTime(3.3, { ...snapOff, snapTimeline: true, visibleSpan: 200 })).toBe(5);
    expect(snapTimelineTime(3.3, { ...snapOff, snapTimeline: true, snapPlayhead: true, playhead: 3.45 })).toBe(3.45);
    expect(snapTimelineTime(3.3, { ...snapOff, snapPlayhead: true, playhead: 3.55 })).toBe(3.3);
  });

  it('moves a segment keeping its length, inside 0 … duration', () => {
    expect(moveSpan({ start: 1, end: 3 }, 1.5, 10)).toEqual({ start: 2.5, end: 4.5 });
    expect(moveSpan({ start: 1, end: 3 }, -5, 10)).toEqual({ start: 0, end: 2 });
    expect(moveSpan({ start: 1, end: 3 }, 20, 10)).toEqual({ start: 8, end: 10 });
  });

  it('moves with snapping by the nearer edge', () => {
    const o = { ...snapOff, snapTimeline: true, visibleSpan: 10 };
    expect(snapMove({ start: 1, end: 2.2 }, 0.4, o, 10)).toEqual({ start: 1.5, end: 2.7 });
  });

  it('resizes either end keeping at least 0.1 s and the bounds', () => {
    expect(resizeSpan({ start: 1, end: 3 }, 'start', 2.98, 10)).toEqual({ start: 2.9, end: 3 });
    expect(resizeSpan({ start: 1, end: 3 }, 'end', 0.5, 10)).toEqual({ start: 1, end: 1.1 });
    expect(resizeSpan({ start: 1, end: 3 }, 'end', 12, 10)).toEqual({ start: 1, end: 10 });
    expect(resizeSpan({ start: 1, end: 3 }, 'start', -1, 10)).toEqual({ start: 0, end: 3 });
  });

  it("shifts the start or end by 0.1 s with Shift+'[' / ']'", () => {
    expect(shiftEdge({ start: 1, end: 3 }, 'start', -1, 10)).toEqual({ start: 0.9, end: 3 });
    expect(shiftEdge({ start: 1, end: 3 }, 'end', 1, 10)).toEqual({ start: 1, end: 3.1 });
    expect(shiftEdge({ start: 1, end: 1.1 }, 'end', -1, 10)).toEqual({ start: 1, end: 1.1 });
  });

  it('explains invalid typed spans', () => {
    expect(spanProblem({ start: 1, end: 1.05 }, 10)).toBe('An action must be at least 0.1 s long');
    expect(spanProblem({ start: 1, end: 11 }, 10)).toBe('End must be at most 10.00 s');
    expect(spanProblem({ start: -0.5, end: 1 }, 10)).toBe('Start must be at least 0');
    expect(spanProblem({ start: 1, end: 2 }, 10)).toBeNull();
  });

  it('places Add Action Here at the current time for 2 s, capped at the duration', () => {
    expect(newSegmentSpan(3, 10, 2)).toEqual({ start: 3, end: 5 });
    expect(newSegmentSpan(9, 10, 2)).toEqual({ start: 9, end: 10 });
    expect(newSegmentSpan(10, 10, 2)).toEqual({ start: 9.9, end: 10 });
  });
});

describe('box geometry', () => {
  const box = { x1: 100, y1: 100, x2: 300, y2: 400 };
  it('moves a box, snapping its corner to the 8 px grid when on', () => {
    expect(moveBox(box, 13, 5, size, false)).toEqual({ x1: 113, y1: 105, x2: 313, y2: 405 });
    expect(moveBox(box, 13, 5, size, true)).toEqual({ x1: 112, y1: 104, x2: 312, y2: 404 });
  });

  it('clamps a moved box to the video size', () => {
    expect(moveBox(box, 5000, -5000, size, false)).toEqual({ x1: 1080, y1: 0, x2: 1280, y2: 300 });
  });

  it('resizes by a corner, clamped, never inside out', () => {
    expect(resizeBox(box, 'br', 350.4, 450, size, false)).toEqual({ x1: 100, y1: 100, x2: 350.4, y2: 450 });
    expect(resizeBox(box, 'br', 350.4, 450, size, true)).toEqual({ x1: 100, y1: 100, x2: 352, y2: 448 });
    expect(resizeBox(box, 'tl', -50, -50, size, false)).toEqual({ x1: 0, y1: 0, x2: 300, y2: 400 });
    expect(resizeBox(box, 'tr', 50, 500, size, false)).toEqual({ x1: 100, y1: 396, x2: 104, y2: 400 });
  });

  it('converts between fractions and pixels', () => {
    const f = toFractions(box, size);
    expect(f.x1).toBeCloseTo(0.078125);
    expect(toPixels(f, size)).toEqual({ x1: 100, y1: 100, x2: 300, y2: 400 });
  });

  it('clamps a dragged keypoint to the video', () => {
    expect(moveKeypoint(1300, -4, size, false)).toEqual({ x: 1280, y: 0 });
    expect(moveKeypoint(11, 13, size, true)).toEqual({ x: 8, y: 16 });
  });
});

describe('track merge', () => {
  it("lets the merge track's frames replace the base's overlapping frames", () => {
    expect(mergeFrames({ 1: 'b1', 2: 'b2' }, { 2: 'm2', 3: 'm3' })).toEqual({ 1: 'b1', 2: 'm2', 3: 'm3' });
    expect(mergeRanges({ first: 1, last: 2 }, { first: 2, last: 9 })).toEqual({ first: 1, last: 9 });
  });

  it('names what blocks a merge', () => {
    expect(mergeProblem(1, 1, null)).toBe('At least two tracks are required to merge.');
    expect(mergeProblem(2, 1, 1)).toBe('Please choose two different tracks.');
    expect(mergeProblem(2, 1, null)).toBe('Please choose two different tracks.');
    expect(mergeProblem(2, 1, 2)).toBeNull();
  });
});
