// A joint's visibility (COCO's v: 2 visible, 1 occluded, 0 absent) as a person set it, and how it carries
// between two stored poses. The one rule for both interpolations: the display's blend between analysed
// frames (domain/overlay/detection.ts) and the server's fill between keyframes (keyframe-interpolation.ts).

/** A joint's visibility: 2 visible, 1 occluded (drawn hollow), 0 absent (not drawn). */
export type JointVisibility = 0 | 1 | 2;
/** Minimum keypoint score to draw a point or a limb of a detection that stores no visibility. */
export const KEYPOINT_MIN_SCORE = 0.2;

/** Keypoints 17 × (x, y, score) flattened, or null; visibility 17 × v as a person set it, null when none is stored. */
export interface PoseJoints {
  keypoints: ArrayLike<number> | null;
  visibility?: ArrayLike<number> | null;
}

/** A joint as shown: no finite position is absent; else its stored visibility, else visible from KEYPOINT_MIN_SCORE up. */
export function jointVisibilityOf(d: PoseJoints, j: number): JointVisibility {
  const kp = d.keypoints;
  if (!kp || kp.length < (j + 1) * 3 || !Number.isFinite(kp[j * 3]) || !Number.isFinite(kp[j * 3 + 1])) return 0;
  if (d.visibility) return Math.min(2, d.visibility[j]) as JointVisibility;
  return kp[j * 3 + 2] >= KEYPOINT_MIN_SCORE ? 2 : 0;
}

/**
 * The visibility between two stored poses: a joint absent at either end is absent, occluded at either end
 * occluded, else visible. None (null) when neither end stores one, so the score still decides; when an end
 * has no keypoints, the first end's own.
 */
export function blendJointVisibility(a: PoseJoints, b: PoseJoints): Uint8Array | null {
  if (!a.visibility && !b.visibility) return null;
  if (!a.keypoints || !b.keypoints) return a.visibility ? Uint8Array.from(a.visibility) : null;
  return Uint8Array.from({ length: 17 }, (_, j) => Math.min(jointVisibilityOf(a, j), jointVisibilityOf(b, j)));
}
