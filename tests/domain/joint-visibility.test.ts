// The one visibility rule of interpolation (domain/ops/joint-visibility): the server's keyframe fill
// (lerpPose) and the display's blend between analysed frames (lerpDetection) answer the same joints.
import { describe, expect, it } from 'vitest';
import { blendJointVisibility } from '../../domain/ops/joint-visibility';
import { fillBetweenKeyframes, lerpPose, type PoseBox } from '../../domain/ops/keyframe-interpolation';
import { jointVisibility, lerpDetection, type CompactDetection } from '../../domain/overlay/detection';

const vis = (occluded: number[], absent: number[] = []) =>
  Array.from({ length: 17 }, (_, i) => (absent.includes(i) ? 0 : occluded.includes(i) ? 1 : 2));
const kps = (x: number, score = 1) => Array.from({ length: 17 }, () => [x, 0.5, score]).flat();
const pose = (x: number, keypointVisibility: number[] | null, score = 1): PoseBox => ({
  x1: x,
  y1: 0.1,
  x2: x + 0.2,
  y2: 0.5,
  keypoints: kps(x, score),
  keypointVisibility,
});
const compact = (p: PoseBox): CompactDetection => ({
  ...p,
  confidence: 1,
  keypoints: Float32Array.from(p.keypoints!),
  visibility: p.keypointVisibility ? Uint8Array.from(p.keypointVisibility) : null,
  source: 'human',
});

describe('blendJointVisibility', () => {
  it('absent at either end is absent, occluded at either end occluded, else visible', () => {
    const a = { keypoints: kps(0.1), visibility: vis([1, 4], [0, 5]) };
    const b = { keypoints: kps(0.3), visibility: vis([2, 5], [3, 4]) };
    expect(Array.from(blendJointVisibility(a, b)!)).toEqual(vis([1, 2], [0, 3, 4, 5]));
  });

  it('is none when neither end stores one; an end storing none counts its joints by score', () => {
    expect(
      blendJointVisibility({ keypoints: kps(0.1), visibility: null }, { keypoints: kps(0.3), visibility: null }),
    ).toBeNull();
    const lowScore = kps(0.3);
    lowScore[7 * 3 + 2] = 0.05;
    expect(
      Array.from(
        blendJointVisibility({ keypoints: kps(0.1), visibility: vis([6]) }, { keypoints: lowScore, visibility: null })!,
      ),
    ).toEqual(vis([6], [7]));
  });
});

describe('lerpPose keeps visibility', () => {
  it('an absent joint has no position, an occluded one moves; the display blend answers the same joints', () => {
    const a = pose(0.1, vis([1], [0]));
    const b = pose(0.5, vis([2], [3]));
    const mid = lerpPose(a, b, 0.5);
    expect(Array.from(mid.keypointVisibility!)).toEqual(vis([1, 2], [0, 3]));
    expect(Array.from(mid.keypoints!).slice(0, 3)).toEqual([0, 0, 0]);
    expect(mid.keypoints![1 * 3]).toBeCloseTo(0.3);
    const shown = lerpDetection(compact(a), compact(b), 0.5);
    expect(Array.from({ length: 17 }, (_, j) => jointVisibility(shown, j))).toEqual(
      Array.from(mid.keypointVisibility!),
    );
  });

  it('a joint a person marked visible moves even with a score of 0', () => {
    const mid = lerpPose(pose(0.1, vis([]), 0), pose(0.5, vis([]), 0), 0.5);
    expect(mid.keypoints![0]).toBeCloseTo(0.3);
  });

  it('stores none when neither end stores one, and the held pose before an outside keyframe keeps its own', () => {
    expect(lerpPose(pose(0.1, null), pose(0.5, null), 0.5).keypointVisibility ?? null).toBeNull();
    const held = fillBetweenKeyframes([
      { frame: 0, box: pose(0.1, vis([9])), outside: false },
      { frame: 3, box: pose(0.1, null), outside: true },
    ]);
    expect(held.map((f) => Array.from(f.box.keypointVisibility!))).toEqual([vis([9]), vis([9])]);
  });
});
