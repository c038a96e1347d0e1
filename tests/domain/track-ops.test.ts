// The pure operations behind the correction calls: keyframe interpolation, propagate, split/swap/move/delete range.
import { describe, expect, it } from 'vitest';
import {
  fillBetweenKeyframes,
  interpolateBetween,
  lerpPose,
  neighbourKeyframes,
  type PoseBox,
} from '../../domain/ops/keyframe-interpolation';
import { applyCorrection, correctionOf } from '../../domain/ops/propagate';
import {
  cutSegmentsFrom,
  planDeleteRange,
  planMoveRange,
  planSplit,
  planSwap,
  rangeProblem,
} from '../../domain/ops/track-ranges';

const pose = (x1: number, y1: number, x2: number, y2: number, kps: number[] | null = null): PoseBox => ({
  x1,
  y1,
  x2,
  y2,
  keypoints: kps,
});
const joints = (f: (j: number) => [number, number, number]) => Array.from({ length: 17 }, (_, j) => f(j)).flat();

describe('keyframe interpolation', () => {
  it('moves the box and every joint present at both ends linearly; a joint absent at either end stays absent', () => {
    const a = pose(
      0,
      0,
      0.2,
      0.4,
      joints((j) => [0.1, 0.1, j === 3 ? 0 : 1]),
    );
    const b = pose(
      0.4,
      0.2,
      0.6,
      0.6,
      joints(() => [0.5, 0.3, 1]),
    );
    const mid = lerpPose(a, b, 0.5);
    expect([mid.x1, mid.y1, mid.x2, mid.y2]).toEqual([0.2, 0.1, 0.4, 0.5]);
    expect(Array.from(mid.keypoints!).slice(0, 3)).toEqual([0.30000000000000004, 0.2, 1]);
    expect(Array.from(mid.keypoints!).slice(9, 12)).toEqual([0, 0, 0]); // joint 3 absent at the start
  });

  it('fills only the frames strictly between two keyframes', () => {
    const filled = interpolateBetween(
      { frame: 10, box: pose(0, 0, 0.1, 0.1) },
      { frame: 14, box: pose(0.4, 0, 0.5, 0.1) },
    );
    expect(filled.map((f) => f.frame)).toEqual([11, 12, 13]);
    expect(filled.map((f) => f.box.x1)).toEqual([0.1, 0.2, 0.30000000000000004]);
  });

  it('holds the last box up to an outside keyframe and fills nothing after it until the next keyframe', () => {
    const filled = fillBetweenKeyframes([
      { frame: 0, box: pose(0, 0, 0.1, 0.1), outside: false },
      { frame: 3, box: pose(0, 0, 0.1, 0.1), outside: true },
      { frame: 8, box: pose(0.5, 0.5, 0.6, 0.6), outside: false },
      { frame: 10, box: pose(0.7, 0.5, 0.8, 0.6), outside: false },
    ]);
    expect(filled.map((f) => f.frame)).toEqual([1, 2, 9]);
    expect(filled[0].box.x2).toBe(0.1);
    expect(filled[2].box.x1).toBeCloseTo(0.6);
  });

  it('finds the neighbouring keyframes of a frame', () => {
    expect(neighbourKeyframes([2, 5, 9], 5)).toEqual({ before: 2, after: 9 });
    expect(neighbourKeyframes([2, 5, 9], 1)).toEqual({ before: null, after: 2 });
    expect(neighbourKeyframes([2, 5, 9], 12)).toEqual({ before: 9, after: null });
  });
});

describe('propagate', () => {
  it("applies a correction relative to each frame's own AI box: centre offset, size ratio and joint offsets in box units", () => {
    const ai = pose(
      0.1,
      0.1,
      0.3,
      0.5,
      joints(() => [0.2, 0.3, 1]),
    );
    const fixed = pose(
      0.12,
      0.1,
      0.32,
      0.5,
      joints((j) => [j === 0 ? 0.25 : 0.2, 0.3, 1]),
    );
    const c = correctionOf(ai, fixed)!;
    const next = applyCorrection(
      pose(
        0.5,
        0.2,
        0.9,
        0.4,
        joints(() => [0.6, 0.3, 1]),
      ),
      c,
    ); // twice as wide
    expect(next.x1).toBeCloseTo(0.54);
    expect(next.x2).toBeCloseTo(0.94);
    expect(next.y1).toBeCloseTo(0.2);
    expect(next.keypoints![0]).toBeCloseTo(0.7); // 0.05 of a 0.2-wide box → 0.1 of a 0.4-wide one
    expect(next.keypoints![3]).toBeCloseTo(0.6); // joint 1 was not corrected
  });

  it('has no correction against a box without area', () => {
    expect(correctionOf(pose(0.1, 0.1, 0.1, 0.3), pose(0, 0, 0.2, 0.2))).toBeNull();
  });
});

describe('range plans', () => {
  const boxes = [0, 1, 2, 3, 4].flatMap((f) => [
    { trackId: 1, frame: f },
    { trackId: 2, frame: f + 2 },
  ]);
  const segs = [
    { id: 10, trackId: 1, start: 0, end: 0.1 },
    { id: 11, trackId: 1, start: 0.05, end: 0.2 }, // spans frame 3 at 30 fps (0.1 s)
    { id: 12, trackId: 2, start: 0.15, end: 0.3 },
  ];

  it('splits: boxes from the frame on move, a segment spanning the cut is cut in two', () => {
    const plan = planSplit(boxes, [{ id: 11, trackId: 1, start: 0, end: 0.5 }], 1, 3, 7, 30);
    expect(plan.moves.map((m) => [m.box.frame, m.toTrack])).toEqual([
      [3, 7],
      [4, 7],
    ]);
    expect(plan.segments.changed).toEqual([{ id: 11, trackId: 1, start: 0, end: 0.1 }]);
    expect(plan.segments.created).toEqual([{ from: 11, trackId: 7, start: 0.1, end: 0.5 }]);
  });

  it('keeps a segment whole on the side holding most of it when a piece would be under 0.1 s', () => {
    const plan = cutSegmentsFrom(segs, 1, 0.1, 9);
    expect(plan.changed).toEqual([{ id: 11, trackId: 9, start: 0.05, end: 0.2 }]);
    expect(plan.created).toEqual([]);
  });

  it('swaps boxes and segments of two tracks from a frame on', () => {
    const plan = planSwap(boxes, segs, 1, 2, 4, 30);
    expect(
      plan.moves.map((m) => [m.box.trackId, m.box.frame, m.toTrack]).sort((x, y) => x[0] - y[0] || x[1] - y[1]),
    ).toEqual([
      [1, 4, 2],
      [2, 4, 1],
      [2, 5, 1],
      [2, 6, 1],
    ]);
    expect(plan.segments.changed.find((c) => c.id === 12)?.trackId).toBe(1);
  });

  it('moves a range and reports the frames where the target already has a box', () => {
    const plan = planMoveRange(boxes, segs, 1, 0, 1, 2, 30);
    expect(plan.moves.map((m) => m.box.frame)).toEqual([0, 1]);
    expect(plan.clashes).toEqual([]);
    expect(plan.segments.changed).toEqual([]); // no segment lies wholly inside 0 … 0.067 s
    expect(planMoveRange(boxes, segs, 1, 2, 4, 2, 30).clashes).toEqual([2, 3, 4]);
  });

  it('deletes a range and checks range ends', () => {
    expect(planDeleteRange(boxes, 2, 3, 4).map((b) => b.frame)).toEqual([3, 4]);
    expect(rangeProblem(5, 4, 100)).toMatch(/must not be after/);
    expect(rangeProblem(0, 100, 100)).toMatch(/below the video's 100 frames/);
    expect(rangeProblem(0, 99, 100)).toBeNull();
  });
});
