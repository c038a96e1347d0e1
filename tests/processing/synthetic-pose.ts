// Synthetic COCO-17 skeletons for action tests: a stick figure posed by a few joint offsets, in pixels.
import type { PoseSample } from '../../server/processing/pose-features';

type XY = [number, number];
/** Joint positions in torso lengths relative to the hip centre (y down), standing upright, facing camera. */
export const STANDING: XY[] = [
  [0, -1.35],
  [-0.08, -1.42],
  [0.08, -1.42],
  [-0.15, -1.38],
  [0.15, -1.38], // nose, eyes, ears
  [-0.35, -1],
  [0.35, -1],
  [-0.42, -0.45],
  [0.42, -0.45],
  [-0.45, 0.05],
  [0.45, 0.05], // shoulders, elbows, wrists
  [-0.2, 0],
  [0.2, 0],
  [-0.2, 0.9],
  [0.2, 0.9],
  [-0.2, 1.8],
  [0.2, 1.8], // hips, knees, ankles
];

export interface Pose {
  /** Hip centre in pixels. */
  x: number;
  y: number;
  /** Torso length in pixels. */
  scale?: number;
  /** Whole-body rotation about the hips, degrees (90 = lying). */
  tilt?: number;
  /** Per-joint offsets (torso lengths) added to the standing pose. */
  moves?: Partial<Record<number, XY>>;
  score?: number;
}

export function skeleton(p: Pose): Array<[number, number, number]> {
  const s = p.scale ?? 100,
    a = ((p.tilt ?? 0) * Math.PI) / 180;
  return STANDING.map(([jx, jy], i) => {
    const [mx, my] = p.moves?.[i] ?? [0, 0];
    const x = jx + mx,
      y = jy + my;
    const rx = x * Math.cos(a) - y * Math.sin(a),
      ry = x * Math.sin(a) + y * Math.cos(a);
    return [p.x + rx * s, p.y + ry * s, p.score ?? 0.6];
  });
}

/** A sequence at `fps` for `seconds`, posed by a function of time. */
export function sequence(seconds: number, fps: number, at: (t: number) => Pose): PoseSample[] {
  const out: PoseSample[] = [];
  for (let f = 0; f < Math.round(seconds * fps); f++) out.push({ t: f / fps, keypoints: skeleton(at(f / fps)) });
  return out;
}

export const J = { nose: 0, lWrist: 9, rWrist: 10, lElbow: 7, rElbow: 8, lKnee: 13, rKnee: 14, lAnkle: 15, rAnkle: 16 };
