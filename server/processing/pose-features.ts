// Per-track body kinematics from COCO-17 keypoints, in body units: lengths are divided by the person's
// torso length (shoulder-mid to hip-mid) so thresholds hold for near and far people, and speeds are in
// torso lengths per second. Positions are smoothed over ~0.1 s because single-frame keypoints jitter.
import type { Box } from './kalman';

export const KP = {
  nose: 0,
  lEye: 1,
  rEye: 2,
  lShoulder: 5,
  rShoulder: 6,
  lElbow: 7,
  rElbow: 8,
  lWrist: 9,
  rWrist: 10,
  lHip: 11,
  rHip: 12,
  lKnee: 13,
  rKnee: 14,
  lAnkle: 15,
  rAnkle: 16,
} as const;

/** One analysed frame of one track: time (s), 17 × [x, y, score] in pixels (y down), and the box when known. */
export interface PoseSample {
  t: number;
  keypoints: Array<[number, number, number]>;
  box?: Box;
}

export interface Pt {
  x: number;
  y: number;
}
/** Keypoints scored lower are treated as not seen (MoveNet guesses hidden joints with low scores). */
export const MIN_KP_SCORE = 0.3;

export interface TrackKinematics {
  t: number[];
  /** Torso length in pixels (track median: stable against single bad frames). */
  scale: number;
  /** Torso length seen on each sample, null where shoulders or hips were not seen. */
  torso: Array<number | null>;
  /** Smoothed keypoints in pixels; null where the keypoint was not seen near this time. */
  kp: Array<Array<Pt | null>>;
  /** Mean keypoint score per sample (evidence quality). */
  quality: number[];
  /** The person's box on each sample, null where the sample had none. */
  box: Array<Box | null>;
}

const mid = (a: Pt | null, b: Pt | null): Pt | null => (a && b ? { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 } : (a ?? b));
export const dist = (a: Pt, b: Pt) => Math.hypot(a.x - b.x, a.y - b.y);

export function median(v: number[]): number {
  if (!v.length) return NaN;
  const s = [...v].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

export function kinematics(samples: PoseSample[], smoothWindowS = 0.1): TrackKinematics {
  const t = samples.map((s) => s.t);
  const torso = samples.map((s) => {
    const p = (i: number): Pt | null =>
      s.keypoints[i][2] >= MIN_KP_SCORE ? { x: s.keypoints[i][0], y: s.keypoints[i][1] } : null;
    const sh = mid(p(KP.lShoulder), p(KP.rShoulder)),
      hp = mid(p(KP.lHip), p(KP.rHip));
    return sh && hp ? dist(sh, hp) : null;
  });
  const scale = Math.max(1e-6, median(torso.filter((v): v is number => v != null)) || 1);
  const half = smoothWindowS / 2;
  const kp: Array<Array<Pt | null>> = samples.map((_, i) => {
    const out: Array<Pt | null> = [];
    for (let k = 0; k < 17; k++) {
      let sx = 0,
        sy = 0,
        n = 0;
      for (let j = i; j >= 0 && t[i] - t[j] <= half + 1e-9; j--) accumulate(j);
      for (let j = i + 1; j < samples.length && t[j] - t[i] <= half + 1e-9; j++) accumulate(j);
      out.push(n ? { x: sx / n, y: sy / n } : null);
      function accumulate(j: number) {
        const q = samples[j].keypoints[k];
        if (q[2] >= MIN_KP_SCORE) {
          sx += q[0];
          sy += q[1];
          n++;
        }
      }
    }
    return out;
  });
  const quality = samples.map((s) => s.keypoints.reduce((a, q) => a + q[2], 0) / 17);
  return { t, scale, torso, kp, quality, box: samples.map((s) => s.box ?? null) };
}

/** Point helpers for one sample. */
export function bodyAt(k: TrackKinematics, i: number) {
  const p = k.kp[i];
  return {
    p: (idx: number) => p[idx],
    hip: mid(p[KP.lHip], p[KP.rHip]),
    shoulder: mid(p[KP.lShoulder], p[KP.rShoulder]),
    head: p[KP.nose] ?? mid(p[KP.lEye], p[KP.rEye]),
  };
}

/** Angle of the torso from vertical in degrees (0 = upright, 90 = lying), or null. */
export function torsoAngle(k: TrackKinematics, i: number): number | null {
  const b = bodyAt(k, i);
  if (!b.hip || !b.shoulder) return null;
  return (Math.atan2(Math.abs(b.shoulder.x - b.hip.x), b.hip.y - b.shoulder.y) * 180) / Math.PI;
}

/** Sample indices within ±halfS seconds of sample i (walks outwards: cost is the window, not the track). */
export function windowOf(k: TrackKinematics, i: number, halfS: number): [number, number] {
  let a = i,
    b = i;
  while (a > 0 && k.t[i] - k.t[a - 1] <= halfS + 1e-9) a--;
  while (b < k.t.length - 1 && k.t[b + 1] - k.t[i] <= halfS + 1e-9) b++;
  return [a, b];
}

/**
 * The person's size around sample i: median torso over ±halfS seconds, else the track's. Someone walking
 * towards the camera grows several times over a clip; measured against the track's median size their
 * speed near the camera would read as a run.
 */
export function localScale(k: TrackKinematics, i: number, halfS = 1): number {
  const [a, b] = windowOf(k, i, halfS);
  const seen = k.torso.slice(a, b + 1).filter((v): v is number => v != null);
  return seen.length ? Math.max(1e-6, median(seen)) : k.scale;
}

/** Index range [a, b] around i spanning about ±halfS seconds (at least one step each side when possible). */
function around(k: TrackKinematics, i: number, halfS: number): [number, number] {
  let a = i,
    b = i;
  while (a > 0 && (k.t[i] - k.t[a - 1] <= halfS || a === i)) a--;
  while (b < k.t.length - 1 && (k.t[b + 1] - k.t[i] <= halfS || b === i)) b++;
  return [a, b];
}

/** Velocity (torso lengths / s) of a point getter at sample i, from a central difference over ~0.2 s. */
export function velocity(k: TrackKinematics, i: number, get: (j: number) => Pt | null, halfS = 0.1): Pt | null {
  const [a, b] = around(k, i, halfS);
  const pa = get(a),
    pb = get(b);
  if (!pa || !pb || b === a) return null;
  const dt = k.t[b] - k.t[a];
  return { x: (pb.x - pa.x) / dt / k.scale, y: (pb.y - pa.y) / dt / k.scale };
}

export const speed = (v: Pt | null) => (v ? Math.hypot(v.x, v.y) : 0);
