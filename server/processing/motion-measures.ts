// Measures of body motion the action rules share: a 0..1 ramp, the two limbs, joint speeds relative to the
// body, how far a point rises above its neighbourhood, and the limb motion that no rule explains.
import { bodyAt, KP, median, speed, velocity, windowOf, type Pt, type TrackKinematics } from './pose-features';

export const ramp = (v: number, from: number, to: number) => Math.max(0, Math.min(1, (v - from) / (to - from)));
export const limbs = [
  {
    wrist: KP.lWrist,
    elbow: KP.lElbow,
    shoulder: KP.lShoulder,
    ankle: KP.lAnkle,
    knee: KP.lKnee,
    hip: KP.lHip,
    otherKnee: KP.rKnee,
  },
  {
    wrist: KP.rWrist,
    elbow: KP.rElbow,
    shoulder: KP.rShoulder,
    ankle: KP.rAnkle,
    knee: KP.rKnee,
    hip: KP.rHip,
    otherKnee: KP.lKnee,
  },
];

/** Speed of joint `j` relative to joint `rel` (removes whole-body motion), torso lengths / s, over ±0.05 s (limbs are quick). */
export const relSpeed = (k: TrackKinematics, i: number, j: number, rel: number) => {
  const v = velocity(
    k,
    i,
    (n) => {
      const a = k.kp[n][j],
        b = k.kp[n][rel];
      return a && b ? { x: a.x - b.x, y: a.y - b.y } : null;
    },
    0.05,
  );
  return speed(v);
};

export const hipOf = (k: TrackKinematics) => (n: number) => bodyAt(k, n).hip;

/** 'others': clear limb motion for ≥ 0.5 s that no rule explains (the fastest hand or foot). */
export function motionEnergy(k: TrackKinematics, i: number): number {
  const s = [
    relSpeed(k, i, KP.lWrist, KP.lShoulder),
    relSpeed(k, i, KP.rWrist, KP.rShoulder),
    relSpeed(k, i, KP.lAnkle, KP.lHip),
    relSpeed(k, i, KP.rAnkle, KP.rHip),
  ];
  return ramp(Math.max(...s), 3.5, 8);
}

/**
 * How far (pixels, up = positive) a point at sample i is above its usual height both in the second before
 * and in the second after (the smaller of the two; medians, so a short jump does not move them), or null
 * without at least two sightings on each side.
 */
export function riseAbove(k: TrackKinematics, i: number, get: (n: number) => Pt | null): number | null {
  const here = get(i);
  if (!here) return null;
  const [from, to] = windowOf(k, i, 1);
  const ys = (a: number, b: number) => {
    const out: number[] = [];
    for (let j = a; j <= b; j++) {
      const p = get(j);
      if (p) out.push(p.y);
    }
    return out;
  };
  const before = ys(from, i - 1),
    after = ys(i + 1, to);
  if (before.length < 2 || after.length < 2) return null;
  return Math.min(median(before), median(after)) - here.y;
}
