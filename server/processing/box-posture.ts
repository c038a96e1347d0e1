// A fall and lying still, read from the person's box where the joints cannot be. A person lying on the ground
// is often read at joint scores of 0.1–0.3 (the keypoint model is trained on people upright), so the joints'
// torso angle, which the keypoint rules need, is not seen just when it matters. The box still shows it: it
// turns from upright (at least 1.5 × as tall as wide) to lying (at least 1.3 × as wide as tall) within 1.5 s,
// its top drops by 0.4 of the standing height and it widens by half. A zoom grows both sides, a track that
// takes over a group's box widens without its top dropping, and lying down slowly takes longer: none of them
// is a fall. Someone walking out under the camera does get shorter and wider, but their box is cut by the
// frame's bottom edge, and such boxes are not given to these rules (track-people.ts).
import type { Box } from './kalman';
import type { TrackKinematics } from './pose-features';
import { windowOf } from './pose-features';
import { ramp } from './motion-measures';

const UPRIGHT = 1.5;
const LYING = 1.3;
const FALL_WITHIN_S = 1.5;
const TOP_DROP = 0.4;
const WIDENS = 1.5;
/** Lying still: the box's centre moves less than this many box heights a second. */
const STILL = 0.3;
/** A jump: the box's bottom rises this share of its height (full strength at the second), its top with it, within this. */
const JUMP_RISE = 0.1,
  JUMP_FULL = 0.27,
  JUMP_TOP_WITH = 0.7,
  JUMP_WITHIN_S = 0.3;

const w = (b: Box) => b.x2 - b.x1;
const h = (b: Box) => b.y2 - b.y1;
const centreX = (b: Box) => (b.x1 + b.x2) / 2;
const upright = (b: Box | null) => !!b && h(b) >= UPRIGHT * w(b);
const lying = (b: Box | null) => !!b && w(b) >= LYING * h(b);

export interface BoxPostures {
  /** The last sample at or before i whose box was upright, or -1. */
  lastUpright: number[];
  /** The first sample at or after i whose box was lying, or -1. */
  nextLying: number[];
}

/** One pass each way over the track: every later look-up is constant time. */
export function boxPostures(k: TrackKinematics): BoxPostures {
  const n = k.t.length;
  const lastUpright = new Array<number>(n).fill(-1),
    nextLying = new Array<number>(n).fill(-1);
  for (let i = 0; i < n; i++) lastUpright[i] = upright(k.box[i]) ? i : i > 0 ? lastUpright[i - 1] : -1;
  for (let i = n - 1; i >= 0; i--) nextLying[i] = lying(k.box[i]) ? i : i < n - 1 ? nextLying[i + 1] : -1;
  return { lastUpright, nextLying };
}

/** Evidence (0..1) that sample i lies in a fall: between the last upright box and the first lying one after it. */
export function boxFall(k: TrackKinematics, i: number, p: BoxPostures): number {
  const a = p.lastUpright[i],
    b = p.nextLying[i];
  if (a < 0 || b < 0 || b <= a || k.t[b] - k.t[a] > FALL_WITHIN_S) return 0;
  const up = k.box[a]!,
    down = k.box[b]!;
  if (down.y1 - up.y1 < TOP_DROP * h(up) || w(down) < WIDENS * w(up)) return 0;
  // half strength at the lying threshold, full at twice as wide as tall
  return Math.min(1, 0.5 + (w(down) / h(down) - LYING) / (2 - LYING));
}

/** Evidence (0..1) that sample i is a person lying still, having been upright before on this track. */
export function boxLyingStill(k: TrackKinematics, i: number, p: BoxPostures): number {
  const b = k.box[i];
  if (!lying(b) || p.lastUpright[i] < 0) return 0;
  const [from, to] = windowOf(k, i, 0.5);
  const bf = k.box[from],
    bt = k.box[to];
  if (!bf || !bt || to === from) return 0;
  const move = Math.hypot((bt.x1 + bt.x2 - bf.x1 - bf.x2) / 2, (bt.y1 + bt.y2 - bf.y1 - bf.y2) / 2);
  // below the joints' full strength: a box alone does not show that the body lies
  return move / h(b!) / (k.t[to] - k.t[from]) < STILL ? 0.8 : 0;
}

/**
 * A jump read from the box, for someone whose feet the joints do not show. Leaving the ground by a tenth of
 * one's height (0.35 of a torso, the joints' bar, a torso being about 0.3 of a standing person) is over in
 * about a third of a second, and the body goes up, not along: the box's bottom is higher by that much than
 * both 0.3 s before and 0.3 s after, its top rose with it, and its centre moved less sideways than up.
 * Walking up the frame raises the box steadily, walking away shrinks it, standing up raises only its top,
 * legs hidden behind something raise only its bottom, a walker turning back on a path up the frame rises
 * too slowly, and a cyclist going over a bump moves along more than up: none of them is a jump.
 */
export function boxJump(k: TrackKinematics, i: number): number {
  const b = k.box[i];
  const [from, to] = windowOf(k, i, JUMP_WITHIN_S);
  const before = k.box[from],
    after = k.box[to];
  if (!b || !before || !after || from === i || to === i || lying(b)) return 0;
  const bottom = Math.min(before.y2, after.y2) - b.y2,
    top = Math.min(before.y1, after.y1) - b.y1;
  const sideways = Math.max(Math.abs(centreX(b) - centreX(before)), Math.abs(centreX(after) - centreX(b)));
  if (top < JUMP_TOP_WITH * bottom || top > bottom / JUMP_TOP_WITH || sideways >= bottom) return 0;
  return bottom >= JUMP_RISE * h(b) ? ramp(bottom / h(b), JUMP_RISE, JUMP_FULL) : 0;
}
