// Following one person from frame to frame by their pose alone: the single-pose model runs on a square crop
// around where the person was (their previous box, moved on by their last step), and answers 17 keypoints;
// when too few of them are seen the person is lost. One engine for every caller: crop tracking in the
// processing pipeline (crop-tracking.ts), and the editor's pose on one box and "Follow this person".
// Coordinates are pixels of the RGB frame the caller holds; keypoints are [x, y, score], COCO order.
import { insideShare, iou } from './kalman';
import type { PosePool } from './pose-pool';
import type { CropSquare, SinglePoseModel } from './pose-protocol';

export type { CropSquare, SinglePoseModel };
export interface PixelBox {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}
export type Keypoint = [number, number, number];
/** One person's pose on one frame: 17 keypoints in frame pixels and their mean score. */
export interface CropPose {
  keypoints: Keypoint[];
  score: number;
}
/** Where a person was: their box, and their keypoints when a pose was read there. */
export interface PersonAt {
  box: PixelBox;
  keypoints?: Keypoint[];
  /** Box centre's move since the frame before (pixels), for the next crop. */ step?: { dx: number; dy: number };
}

/** The crop is a square this much larger than the box's long side, so limbs at the edge stay inside (as top-down's). */
export const CROP_MARGIN = 1.25;
/** A keypoint counts as seen at this score or above. */
export const KEYPOINT_SEEN = 0.3;
/** A crop with fewer seen keypoints than this, or a lower mean score than LOST_MEAN_SCORE, has lost its person. */
export const LOST_MIN_KEYPOINTS = 5;
export const LOST_MEAN_SCORE = 0.2;
/** Crops with a side (frame pixels) of at least this go to Thunder; smaller ones to Lightning. Infinity: Lightning always. */
export const THUNDER_FROM_SIDE = Infinity;
/** A box grows or shrinks by at most this factor per followed frame: a wrong keypoint must not blow it up. */
const MAX_SCALE_STEP = 1.15;

/** The square crop around a box: its long side × CROP_MARGIN, centred on the box (moved by `step` when given). */
export function cropAroundBox(box: PixelBox, step: { dx: number; dy: number } = { dx: 0, dy: 0 }): CropSquare {
  const side = Math.max(box.x2 - box.x1, box.y2 - box.y1, 8) * CROP_MARGIN;
  const cx = (box.x1 + box.x2) / 2 + step.dx,
    cy = (box.y1 + box.y2) / 2 + step.dy;
  return { x0: cx - side / 2, y0: cy - side / 2, side };
}

/** The crop for a person's next frame: around their last box, moved on by their last step. */
export function cropAroundPerson(prev: PersonAt): CropSquare {
  return cropAroundBox(prev.box, prev.step);
}

/** Lightning for small crops, Thunder for large ones (THUNDER_FROM_SIDE, chosen by measurement: bench/processing.ts). */
export function cropModelFor(side: number, thunderFromSide = THUNDER_FROM_SIDE): SinglePoseModel {
  return side >= thunderFromSide ? 'thunder' : 'lightning';
}

/** The lost rule: too few keypoints seen, or a mean score too low, means the crop no longer holds the person. */
export function isLost(pose: CropPose): boolean {
  return (
    pose.score < LOST_MEAN_SCORE || pose.keypoints.filter((k) => k[2] >= KEYPOINT_SEEN).length < LOST_MIN_KEYPOINTS
  );
}

/**
 * The person's box on the new frame: the previous box moved by the mean move of the keypoints seen on both
 * frames, and scaled by how their spread changed (at most MAX_SCALE_STEP per frame). With fewer than three
 * such keypoints the box stays where it was.
 */
export function followBox(prev: PersonAt, pose: CropPose): { box: PixelBox; step: { dx: number; dy: number } } {
  const before = prev.keypoints;
  const both = before
    ? pose.keypoints
        .map((k, i) => [before[i], k] as const)
        .filter(([a, b]) => a[2] >= KEYPOINT_SEEN && b[2] >= KEYPOINT_SEEN)
    : [];
  if (both.length < 3) return { box: { ...prev.box }, step: { dx: 0, dy: 0 } };
  const mean = (pts: Keypoint[]) => [
    pts.reduce((s, p) => s + p[0], 0) / pts.length,
    pts.reduce((s, p) => s + p[1], 0) / pts.length,
  ];
  const [ax, ay] = mean(both.map(([a]) => a)),
    [bx, by] = mean(both.map(([, b]) => b));
  const spread = (pts: Keypoint[], cx: number, cy: number) =>
    Math.sqrt(pts.reduce((s, p) => s + (p[0] - cx) ** 2 + (p[1] - cy) ** 2, 0) / pts.length);
  const sa = spread(
      both.map(([a]) => a),
      ax,
      ay,
    ),
    sb = spread(
      both.map(([, b]) => b),
      bx,
      by,
    );
  const scale = sa > 1 ? Math.min(MAX_SCALE_STEP, Math.max(1 / MAX_SCALE_STEP, sb / sa)) : 1;
  const b = prev.box;
  // the box keeps its position relative to the keypoints' centre, scaled about it
  const box = {
    x1: bx + (b.x1 - ax) * scale,
    y1: by + (b.y1 - ay) * scale,
    x2: bx + (b.x2 - ax) * scale,
    y2: by + (b.y2 - ay) * scale,
  };
  return { box, step: { dx: bx - ax, dy: by - ay } };
}

/**
 * Copies the part of an RGB frame a crop reads (clipped to the frame) into a buffer of its own, so only
 * that part travels to a pose worker; the crop is answered relative to the region.
 */
export function cutRegion(
  rgb: Uint8Array,
  width: number,
  height: number,
  crop: CropSquare,
): { rgb: Uint8Array; width: number; height: number; crop: CropSquare; x: number; y: number } {
  const x = Math.max(0, Math.min(width - 1, Math.floor(crop.x0))),
    y = Math.max(0, Math.min(height - 1, Math.floor(crop.y0)));
  const x2 = Math.max(x + 1, Math.min(width, Math.ceil(crop.x0 + crop.side))),
    y2 = Math.max(y + 1, Math.min(height, Math.ceil(crop.y0 + crop.side)));
  const w = x2 - x,
    h = y2 - y;
  const out = new Uint8Array(w * h * 3);
  for (let r = 0; r < h; r++) out.set(rgb.subarray(((y + r) * width + x) * 3, ((y + r) * width + x2) * 3), r * w * 3);
  return { rgb: out, width: w, height: h, crop: { x0: crop.x0 - x, y0: crop.y0 - y, side: crop.side }, x, y };
}

/**
 * Runs the single-pose model (Lightning or Thunder by the crop's size, unless `model` is given) on one crop
 * of an RGB frame through the pose pool → 17 keypoints in frame pixels and their mean score.
 */
export async function poseOnCrop(
  pool: PosePool,
  rgb: Uint8Array,
  width: number,
  height: number,
  crop: CropSquare,
  model?: SinglePoseModel,
): Promise<CropPose> {
  const region = cutRegion(rgb, width, height, crop);
  const out = await pool.crop(region.rgb, region.width, region.height, region.crop, model ?? cropModelFor(crop.side));
  const keypoints: Keypoint[] = [];
  let sum = 0;
  for (let k = 0; k < 17; k++) {
    keypoints.push([out[k * 3] + region.x, out[k * 3 + 1] + region.y, out[k * 3 + 2]]);
    sum += out[k * 3 + 2];
  }
  return { keypoints, score: sum / 17 };
}

/** One followed step: the pose on the crop around `prev`, and where the person is now — or null when lost. */
export async function followStep(
  pool: PosePool,
  rgb: Uint8Array,
  width: number,
  height: number,
  prev: PersonAt,
  model?: SinglePoseModel,
): Promise<(CropPose & Required<PersonAt>) | null> {
  const pose = await poseOnCrop(pool, rgb, width, height, cropAroundPerson(prev), model);
  if (isLost(pose)) return null;
  return { ...pose, ...followBox(prev, pose) };
}

/**
 * A detector box lies this much closer (IoU) to the box around two followed people than to either of them
 * when it took the two for one.
 */
const TWO_FOR_ONE_MARGIN = 0.2;
/** …and holds at least this share of each one's box (the one behind is small beside it: its IoU is low). */
const TWO_FOR_ONE_HELD = 0.5;
/**
 * …where the box around the two is this much taller than the taller of them: one walks behind the other,
 * farther from the camera, their head above the other's. Two people side by side are not judged: there the
 * detector's box around both is often the only box one of them gets (a group at a bar, seated on a sofa).
 */
const ONE_BEHIND_THE_OTHER = 1.25;
/** A person the same pass also found apart: another of its boxes overlaps theirs this much, and more closely. */
const FOUND_APART_IOU = 0.5;

/**
 * Whether detector box `d` is two of the `followed` people, one behind the other, taken for one: it holds most
 * of each of two of them (TWO_FOR_ONE_HELD of their area) and matches the box around both better than either
 * by TWO_FOR_ONE_MARGIN. Re-anchored on it, one of the two took the pair's box and the tracker gave it to
 * either of them.
 */
export function twoTakenForOne(d: PixelBox, followed: PixelBox[], pass: PixelBox[] = []): boolean {
  const under = followed.filter((b) => insideShare(b, d) >= TWO_FOR_ONE_HELD);
  const apart = (p: PixelBox) => pass.some((o) => o !== d && iou(o, p) >= FOUND_APART_IOU && iou(o, p) > iou(d, p));
  for (let i = 0; i < under.length; i++)
    for (let j = i + 1; j < under.length; j++) {
      const [a, b] = [under[i], under[j]];
      const both = {
        x1: Math.min(a.x1, b.x1),
        y1: Math.min(a.y1, b.y1),
        x2: Math.max(a.x2, b.x2),
        y2: Math.max(a.y2, b.y2),
      };
      const taller = Math.max(a.y2 - a.y1, b.y2 - b.y1);
      if (both.y2 - both.y1 < ONE_BEHIND_THE_OTHER * taller && !(apart(a) && apart(b))) continue;
      if (iou(d, both) >= Math.max(iou(d, a), iou(d, b)) + TWO_FOR_ONE_MARGIN) return true;
    }
  return false;
}

/**
 * Whether `d` may yet be judged to hold two followed people for one (twoTakenForOne) once they are known on its
 * frame: it holds the share that judgement needs of two of the boxes the people had when last seen. Only a
 * guess, made before the flow has them on the frame; it decides when the box's pose is read, never what it is.
 */
export function mayTakeTwo(d: PixelBox, lastSeen: PixelBox[]): boolean {
  return lastSeen.filter((b) => insideShare(b, d) >= TWO_FOR_ONE_HELD).length >= 2;
}

/** Two followed people whose boxes overlap this much have converged on one person: the weaker is dropped. */
export const SAME_PERSON_IOU = 0.6;
/**
 * Two poses are one body when most of the joints both see lie on each other: within this share of the taller
 * box's height. Two people, even one behind the other, put their same-named joints apart (measured on the
 * real paddle-board clip: 0–1 of 12–17 joints within it for two people; 9–15 for a box on a part of someone
 * and that someone, or a crop that drifted from a hidden person onto the one in front).
 */
export const SAME_BODY_JOINT_DISTANCE = 0.08;
const SAME_BODY_SHARE = 0.5,
  SAME_BODY_MIN_JOINTS = 4;

/**
 * A box under this share of another's area can be a part of that one's person (a torso, a leg and a paddle).
 * Measured on the real paddle-board clip: detector boxes on a part of someone are 0.21–0.33 of the whole
 * person's box, a person half hidden behind another is 0.45 of the one in front; two people side by side in
 * a group photo are 0.85–1 of each other, and a box around two people of a group 0.5.
 */
const PART_AREA_RATIO = 0.4;

/** Whether box `part` is small enough beside box `whole` to be a part of its person. */
export function isPartOf(part: PixelBox, whole: PixelBox): boolean {
  const area = (q: PixelBox) => Math.max(0, q.x2 - q.x1) * Math.max(0, q.y2 - q.y1);
  return area(part) < PART_AREA_RATIO * area(whole);
}

/** Whether two people's joints (frame pixels, seen from KEYPOINT_SEEN) are one body's. */
export function sameBody(a: { box: PixelBox; keypoints: Keypoint[] }, b: { box: PixelBox; keypoints: Keypoint[] }) {
  const reach = SAME_BODY_JOINT_DISTANCE * Math.max(a.box.y2 - a.box.y1, b.box.y2 - b.box.y1);
  let both = 0,
    near = 0;
  for (let k = 0; k < a.keypoints.length; k++) {
    const p = a.keypoints[k],
      q = b.keypoints[k];
    if (!q || p[2] < KEYPOINT_SEEN || q[2] < KEYPOINT_SEEN) continue;
    both++;
    if (Math.hypot(p[0] - q[0], p[1] - q[1]) <= reach) near++;
  }
  return near >= SAME_BODY_MIN_JOINTS && near >= SAME_BODY_SHARE * both;
}

/**
 * Indices of people to drop because a stronger one (higher score) covers the same person: their boxes
 * overlap (SAME_PERSON_IOU), or, when joints are given, their joints make one body (sameBody) — unless
 * `jointsMayJoin(kept, dropped)` says that pair is two people whatever their joints say (`kept` is the stronger).
 */
export function duplicatesOf(
  people: Array<{ box: PixelBox; score: number; keypoints?: Keypoint[] }>,
  jointsMayJoin: (kept: number, dropped: number) => boolean = () => true,
): Set<number> {
  const order = people.map((_, i) => i).sort((a, b) => people[b].score - people[a].score);
  const drop = new Set<number>();
  const kept: number[] = [];
  const same = (i: number, j: number) => {
    const a = people[i],
      b = people[j];
    if (iou(a.box, b.box) >= SAME_PERSON_IOU) return true;
    return a.keypoints && b.keypoints && jointsMayJoin(i, j)
      ? sameBody({ box: a.box, keypoints: a.keypoints }, { box: b.box, keypoints: b.keypoints })
      : false;
  };
  for (const i of order) {
    if (kept.some((j) => same(j, i))) drop.add(i);
    else kept.push(i);
  }
  return drop;
}
