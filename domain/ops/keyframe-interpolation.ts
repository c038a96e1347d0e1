// Keyframes of a track and the boxes between them: a drawn track stores its keyframes (drawn or corrected
// boxes, and outside keyframes where the person leaves) and the server fills the frames between two
// keyframes with a linear interpolation. Pure, over plain boxes: the server, the browser and a benchmark
// use the same arithmetic.
import { blendJointVisibility } from './joint-visibility';

/**
 * A box with its joints: fractions of the frame; keypoints 17 × (x, y, score) flattened, or null;
 * keypointVisibility 17 × (2 visible, 1 occluded, 0 absent) as a person set it, null or left out: none stored.
 */
export interface PoseBox {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  keypoints: ArrayLike<number> | null;
  keypointVisibility?: ArrayLike<number> | null;
}

/** One keyframe of a track. An outside keyframe ends the track at its frame until the next keyframe. */
export interface Keyframe<B extends PoseBox = PoseBox> {
  frame: number;
  box: B;
  outside: boolean;
}

export const KEYPOINT_COUNT = 17;

/** A joint is absent when it has no finite position or a score of 0 (the COCO "not labelled"). */
export function jointPresent(kps: ArrayLike<number> | null, j: number): boolean {
  if (!kps || kps.length < (j + 1) * 3) return false;
  const x = kps[j * 3];
  const y = kps[j * 3 + 1];
  const s = kps[j * 3 + 2];
  return Number.isFinite(x) && Number.isFinite(y) && !(s <= 0);
}

const lerp = (a: number, b: number, t: number) => a + (b - a) * t;

/**
 * The pose a fraction `t` (0..1) of the way from `a` to `b`: box corners and every joint present at both
 * ends move linearly; a joint absent at either end is absent (0, 0, score 0). Where an end stores
 * visibility, the blend of joint-visibility.ts decides which joints are present (an occluded joint moves,
 * an absent one has no position) and is stored with the pose; where neither does, none is.
 */
export function lerpPose(a: PoseBox, b: PoseBox, t: number): PoseBox {
  const box = { x1: lerp(a.x1, b.x1, t), y1: lerp(a.y1, b.y1, t), x2: lerp(a.x2, b.x2, t), y2: lerp(a.y2, b.y2, t) };
  if (!a.keypoints || !b.keypoints) return { ...box, keypoints: null, keypointVisibility: null };
  const vis = blendJointVisibility(
    { keypoints: a.keypoints, visibility: a.keypointVisibility },
    { keypoints: b.keypoints, visibility: b.keypointVisibility },
  );
  const kps: number[] = [];
  for (let j = 0; j < KEYPOINT_COUNT; j++) {
    const present = vis ? vis[j] > 0 : jointPresent(a.keypoints, j) && jointPresent(b.keypoints, j);
    if (!present) {
      kps.push(0, 0, 0);
      continue;
    }
    for (let c = 0; c < 3; c++) kps.push(lerp(a.keypoints[j * 3 + c], b.keypoints[j * 3 + c], t));
  }
  return { ...box, keypoints: kps, keypointVisibility: vis };
}

/** The frames strictly between two keyframes with their interpolated poses. */
export function interpolateBetween(
  a: { frame: number; box: PoseBox },
  b: { frame: number; box: PoseBox },
): Array<{ frame: number; box: PoseBox }> {
  const out: Array<{ frame: number; box: PoseBox }> = [];
  const span = b.frame - a.frame;
  for (let f = a.frame + 1; f < b.frame; f++) out.push({ frame: f, box: lerpPose(a.box, b.box, (f - a.frame) / span) });
  return out;
}

/**
 * The filled frames of a drawn track between consecutive keyframes (sorted by frame): between two
 * keyframes the linear interpolation; before an outside keyframe the previous keyframe's pose held (the
 * person is seen until the frame they leave); after an outside keyframe nothing (the person is gone until
 * the next keyframe). Interpolation never crosses an outside keyframe. No frame before the first or after
 * the last keyframe is filled.
 */
export function fillBetweenKeyframes(keys: readonly Keyframe[]): Array<{ frame: number; box: PoseBox }> {
  const out: Array<{ frame: number; box: PoseBox }> = [];
  for (let i = 0; i + 1 < keys.length; i++) {
    const a = keys[i];
    const b = keys[i + 1];
    if (a.outside) continue;
    if (b.outside) {
      for (let f = a.frame + 1; f < b.frame; f++) out.push({ frame: f, box: a.box });
      continue;
    }
    out.push(...interpolateBetween(a, b));
  }
  return out;
}

/** The keyframes just before and just after `frame` (excluding it), from keyframe frames sorted ascending. */
export function neighbourKeyframes(
  keyFrames: readonly number[],
  frame: number,
): { before: number | null; after: number | null } {
  let before: number | null = null;
  let after: number | null = null;
  for (const f of keyFrames) {
    if (f < frame) before = f;
    else if (f > frame) {
      after = f;
      break;
    }
  }
  return { before, after };
}
