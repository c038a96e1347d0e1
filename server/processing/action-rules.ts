// The action rules: per class, the evidence strength in 0..1 at each analysed frame, from body kinematics
// (pose-features.ts), and how long a run of evidence must last to become a proposal.
import type { ActionClass } from '../../domain/constants';
import {
  bodyAt,
  dist,
  KP,
  localScale,
  speed,
  torsoAngle,
  velocity,
  windowOf,
  type TrackKinematics,
} from './pose-features';
import { hipOf, limbs, ramp, relSpeed, riseAbove } from './motion-measures';
import { boxFall, boxJump, boxLyingStill, boxPostures, type BoxPostures } from './box-posture';

export interface Rule {
  cls: ActionClass;
  /** Evidence strength at sample i (0 = none). */
  evidence: (k: TrackKinematics, i: number, ctx: Context) => number;
  /** Shortest run of evidence that counts, in seconds (sustained postures need longer). */
  minDuration: number;
  /** Seconds added each side: short events (a kick) get context so the segment shows the whole motion. */
  pad: number;
  maxConfidence: number;
}

export interface Context {
  upright: Array<boolean | null>;
  scale: number[];
  box: BoxPostures;
}

export const RULES: Rule[] = [
  {
    cls: 'run',
    minDuration: 0.4,
    pad: 0,
    maxConfidence: 0.9,
    evidence: (k, i, c) => {
      if (c.upright[i] === false) return 0;
      const v = velocity(k, i, hipOf(k), 0.15);
      // in the person's size here, not the track's: someone walking towards the camera grows
      return v ? ramp((Math.abs(v.x) * k.scale) / c.scale[i], 4, 8) : 0; // walking ≈ 2–3 torso/s, running ≥ 5
    },
  },
  // A jump lifts the whole body: the hips rise above where they were just before AND just after (walking up
  // the frame raises them steadily), both feet come up with them (a stride lifts one), and it lasts more
  // than one analysed frame (a hip keypoint slipping for a frame is not a jump).
  {
    cls: 'jump',
    minDuration: 0.15,
    pad: 0.15,
    maxConfidence: 0.9,
    evidence: (k, i, c) => {
      const b = bodyAt(k, i);
      if (c.upright[i] === false) return 0;
      // feet not seen (the crop ends above them, or they are read too weakly): the box shows the rise
      if (!b.p(KP.lAnkle) || !b.p(KP.rAnkle)) return boxJump(k, i);
      if (!b.hip) return 0;
      const rise = (riseAbove(k, i, hipOf(k)) ?? 0) / c.scale[i];
      if (rise < 0.35) return 0;
      const feet = [KP.lAnkle, KP.rAnkle].map((a) => (riseAbove(k, i, (n) => k.kp[n][a]) ?? 0) / c.scale[i]);
      return Math.min(...feet) >= 0.6 * rise ? ramp(rise, 0.35, 0.9) : 0;
    },
  },
  {
    cls: 'fall',
    minDuration: 0,
    pad: 0.2,
    maxConfidence: 0.9,
    // the torso goes from upright to lying within 1.5 s while the hips drop; or, where the joints are not
    // seen lying (box-posture.ts), the box does
    evidence: (k, i, c) => Math.max(jointsFall(k, i), boxFall(k, i, c.box)),
  },
  {
    cls: 'sit',
    minDuration: 1,
    pad: 0,
    maxConfidence: 0.8,
    evidence: (k, i, c) => {
      if (c.upright[i] !== true) return 0;
      const b = bodyAt(k, i);
      if (!b.hip || speed(velocity(k, i, hipOf(k), 0.25)) > 1) return 0;
      const knees = [b.p(KP.lKnee), b.p(KP.rKnee)].filter(Boolean) as Array<{ x: number; y: number }>;
      if (!knees.length) return 0;
      // thighs near horizontal: knees hardly below the hips (standing: ≈ 0.9 torso below)
      const drop = knees.reduce((a, kn) => a + (kn.y - b.hip!.y), 0) / knees.length / k.scale;
      // shins hang down from the knees: legs cut off by the frame edge (knees seen, feet not) are not sitting
      const shins = [
        [KP.lKnee, KP.lAnkle],
        [KP.rKnee, KP.rAnkle],
      ].some(([kn, an]) => {
        const a = b.p(an),
          n = b.p(kn);
        return a && n && (a.y - n.y) / k.scale >= 0.5;
      });
      return drop < 0.45 && shins ? ramp(0.45 - drop, 0, 0.35) : 0;
    },
  },
  {
    cls: 'sleep',
    minDuration: 2,
    pad: 0,
    maxConfidence: 0.85,
    evidence: (k, i, c) => {
      const ang = torsoAngle(k, i);
      const joints = ang != null && ang >= 60 && speed(velocity(k, i, hipOf(k), 0.5)) < 0.3 ? ramp(ang, 60, 85) : 0;
      return Math.max(joints, boxLyingStill(k, i, c.box));
    },
  },
  {
    cls: 'kick',
    minDuration: 0,
    pad: 0.15,
    maxConfidence: 0.85,
    evidence: (k, i) => {
      let best = 0;
      for (const l of limbs) {
        const ankle = k.kp[i][l.ankle],
          other = k.kp[i][l.otherKnee];
        if (!ankle || !other || ankle.y > other.y) continue; // the foot comes up to the other knee or higher
        best = Math.max(best, ramp(relSpeed(k, i, l.ankle, l.hip), 4, 10));
      }
      return best;
    },
  },
  {
    cls: 'hit',
    minDuration: 0,
    pad: 0.15,
    maxConfidence: 0.8,
    evidence: (k, i) => {
      let best = 0;
      for (const l of limbs) {
        const w = k.kp[i][l.wrist],
          s = k.kp[i][l.shoulder];
        const prev = i > 0 ? k.kp[i - 1][l.wrist] : null;
        if (!w || !s || !prev || Math.abs(w.y - s.y) / k.scale > 0.5 || dist(w, s) <= dist(prev, s)) continue; // extending at shoulder height
        // …and the arm ends straight out (reach ≥ 0.8 torso) within 0.25 s: a punch, not a reach for something
        let reached = false;
        for (let j = i; j < k.t.length && k.t[j] - k.t[i] <= 0.25 && !reached; j++) {
          const wj = k.kp[j][l.wrist],
            sj = k.kp[j][l.shoulder];
          reached = Boolean(wj && sj && dist(wj, sj) / k.scale >= 0.8 && Math.abs(wj.y - sj.y) / k.scale <= 0.5);
        }
        const v = velocity(k, i, (n) => k.kp[n][l.wrist]);
        if (reached && v && Math.abs(v.x) > 2 * Math.abs(v.y))
          best = Math.max(best, ramp(relSpeed(k, i, l.wrist, l.shoulder), 3.5, 9));
      }
      return best;
    },
  },
  {
    cls: 'throw',
    minDuration: 0,
    pad: 0.2,
    maxConfidence: 0.8,
    evidence: (k, i) => {
      let best = 0;
      for (const l of limbs) {
        const w = k.kp[i][l.wrist];
        if (!w) continue;
        const fast = relSpeed(k, i, l.wrist, l.shoulder);
        if (fast < 4) continue;
        // …after the hand was raised above the head within the previous 0.6 s
        for (let j = i; j >= 0 && k.t[i] - k.t[j] <= 0.6; j--) {
          const wj = k.kp[j][l.wrist],
            head = bodyAt(k, j).head;
          if (wj && head && wj.y < head.y && w.y > wj.y) {
            best = Math.max(best, ramp(fast, 4, 10));
            break;
          }
        }
      }
      return best;
    },
  },
  {
    cls: 'flap',
    minDuration: 0.6,
    pad: 0.1,
    maxConfidence: 0.8,
    evidence: (k, i) => {
      // both hands beating up and down together: count direction reversals of each wrist in ±0.6 s
      const reversals = limbs.map((l) => {
        let n = 0,
          lastDir = 0,
          lastY: number | null = null;
        const [from, to] = windowOf(k, i, 0.6);
        for (let j = from; j <= to; j++) {
          const w = k.kp[j][l.wrist],
            s = k.kp[j][l.shoulder];
          if (!w || !s) continue;
          const y = (w.y - s.y) / k.scale;
          if (lastY != null && Math.abs(y - lastY) > 0.08) {
            const dir = Math.sign(y - lastY);
            if (lastDir && dir !== lastDir) n++;
            lastDir = dir;
            lastY = y;
          } else if (lastY == null) lastY = y;
        }
        return n;
      });
      return Math.min(...reversals) >= 3 ? ramp(Math.min(...reversals), 3, 6) : 0;
    },
  },
  {
    cls: 'cry',
    minDuration: 1,
    pad: 0,
    maxConfidence: 0.5,
    evidence: (k, i) => {
      const head = bodyAt(k, i).head;
      const lw = k.kp[i][KP.lWrist],
        rw = k.kp[i][KP.rWrist];
      if (!head || !lw || !rw) return 0;
      const near = Math.max(dist(lw, head), dist(rw, head)) / k.scale;
      return near < 0.6 && speed(velocity(k, i, hipOf(k), 0.25)) < 1 ? ramp(0.6 - near, 0, 0.4) : 0;
    },
  },
];

/** The torso goes from upright to past 55° within 1.5 s while the hips drop half a torso. */
function jointsFall(k: TrackKinematics, i: number): number {
  const ang = torsoAngle(k, i),
    hip = bodyAt(k, i).hip;
  if (ang == null || ang < 55 || !hip) return 0;
  for (let j = i - 1; j >= 0 && k.t[i] - k.t[j] <= 1.5; j--) {
    const a = torsoAngle(k, j),
      h = bodyAt(k, j).hip;
    if (a != null && a < 30 && h && (hip.y - h.y) / k.scale >= 0.5) return ramp(ang - a, 30, 80);
  }
  return 0;
}

export function context(k: TrackKinematics): Context {
  const upright = k.t.map((_, i) => {
    const a = torsoAngle(k, i);
    return a == null ? null : a < 35;
  });
  return { upright, scale: k.t.map((_, i) => localScale(k, i)), box: boxPostures(k) };
}
