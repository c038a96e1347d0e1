// A person's box that follows their body: the detector's box blended with the extent of the joints the pose
// model saw, padded by what lies beyond the joints (the top of the head above the eyes, the feet below the
// ankles, flesh beside the shoulders and hips). The detector boxes a person a little differently from one
// pass to the next, and takes in what they hold or stand on (a paddle, a bicycle); the joints are where the
// body is. Used only when the pose shows most of a body large enough for its joints to be placed.
import { KEYPOINT_SEEN } from './crop-follow';
import type { PersonPose } from './pose-rows';

export const BODY_BOX = {
  /**
   * Joints seen that make a body worth boxing by them: nearly all of the 17. With fewer, the unseen ones are
   * often a part of the body the detector's box rightly holds (legs behind a shelf, an arm out of the crop).
   */
  minJoints: 14,
  /** The joints' extent must be at least this tall (video pixels): smaller, their places are a pixel or two off. */
  minHeight: 48,
  /** Padding beyond the joints' extent, in shares of its height: above, below, each side. */
  padTop: 0.1,
  padBottom: 0.04,
  padSide: 0.03,
  /** Share of the joints' padded extent in the blended box (the rest is the detector's box). */
  weight: 0.3,
} as const;

type Box = PersonPose['box'];

/** The joints' padded extent in frame fractions, or null when the pose does not show enough of a body. */
export function jointsBox(p: Pick<PersonPose, 'keypoints'>, width: number, height: number): Box | null {
  const seen = p.keypoints.filter((k) => k[2] >= KEYPOINT_SEEN);
  // with 14 of 17 seen, some of the head's five points and of the legs' four are among them
  if (seen.length < BODY_BOX.minJoints) return null;
  const xs = seen.map((k) => k[0] * width),
    ys = seen.map((k) => k[1] * height);
  const x1 = Math.min(...xs),
    x2 = Math.max(...xs),
    y1 = Math.min(...ys),
    y2 = Math.max(...ys);
  const h = y2 - y1;
  if (h < BODY_BOX.minHeight) return null;
  return {
    x1: (x1 - BODY_BOX.padSide * h) / width,
    y1: (y1 - BODY_BOX.padTop * h) / height,
    x2: (x2 + BODY_BOX.padSide * h) / width,
    y2: (y2 + BODY_BOX.padBottom * h) / height,
  };
}

/** The box to store for a person: the detector's box blended with the joints' padded extent, when there is one. */
export function bodyBox(p: Pick<PersonPose, 'box' | 'keypoints'>, width: number, height: number): Box {
  const j = jointsBox(p, width, height);
  if (!j) return p.box;
  const w = BODY_BOX.weight;
  const mix = (a: number, b: number) => (1 - w) * a + w * b;
  const clamp = (v: number) => Math.min(1, Math.max(0, v));
  return {
    x1: clamp(mix(p.box.x1, j.x1)),
    y1: clamp(mix(p.box.y1, j.y1)),
    x2: clamp(mix(p.box.x2, j.x2)),
    y2: clamp(mix(p.box.y2, j.y2)),
  };
}
