// Box confidence = the measured probability that a box is a real person. Platt scaling (logistic
// regression) of the model's person score (as a logit) and the mean keypoint score, then isotonic
// regression of that (a monotone step curve, which corrects where the logistic shape does not fit),
// fitted per pose model on labelled frames — a box counts as a person when it overlaps a labelled person
// at IoU ≥ 0.5 (one match per person). `npm run fit:calibration` refits calibration.json from the eval's raw scores; the
// method, data and reliability table are in docs/CALIBRATION.md.
import params from './calibration.json' with { type: 'json' };
import type { PoseModelName } from './pose-protocol';

export interface PlattParams {
  wScore: number;
  wKeypoints: number;
  bias: number;
  /** Isotonic map of the Platt probability: increasing x (Platt) → y (observed share of people), linear between. */
  isotonic?: { x: number[]; y: number[] };
}
export interface CalibrationFile {
  fittedOn: string;
  models: Record<Exclude<PoseModelName, 'tracking'>, PlattParams>;
}

const EPS = 1e-4;
const logit = (p: number) => {
  const q = Math.min(1 - EPS, Math.max(EPS, p));
  return Math.log(q / (1 - q));
};
const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

/** The features the fit sees, for one box. */
export function calibrationFeatures(score: number, keypointScore: number): [number, number] {
  return [logit(score), keypointScore];
}

export function applyPlatt(p: PlattParams, score: number, keypointScore: number): number {
  const [s, k] = calibrationFeatures(score, keypointScore);
  const platt = sigmoid(p.wScore * s + p.wKeypoints * k + p.bias);
  return p.isotonic ? interpolate(p.isotonic.x, p.isotonic.y, platt) : platt;
}

function interpolate(xs: number[], ys: number[], x: number): number {
  if (!xs.length) return x;
  if (x <= xs[0]) return ys[0];
  for (let i = 1; i < xs.length; i++) {
    if (x <= xs[i]) return ys[i - 1] + ((ys[i] - ys[i - 1]) * (x - xs[i - 1])) / (xs[i] - xs[i - 1] || 1);
  }
  return ys[ys.length - 1];
}

/** Calibrated probability that a box of `model` with these raw scores is a real person. */
export function calibratedConfidence(model: PoseModelName, score: number, keypointScore: number): number {
  // crop tracking's boxes carry the detector's score and SinglePose keypoints, as top-down's do
  const models = (
    params as Pick<CalibrationFile, 'fittedOn'> & { models: Record<'multipose' | 'topdown', PlattParams> }
  ).models;
  return applyPlatt(models[model === 'multipose' ? 'multipose' : 'topdown'], score, keypointScore);
}
