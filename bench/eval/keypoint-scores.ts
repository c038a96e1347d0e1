// Keypoint scores of one prediction against one labelled person: COCO's object keypoint similarity, PCK
// of the torso (for photos labelled in COCO's layout) and PCKh (MPII's rule, for clips with a labelled
// head rectangle).

/** [x, y, v]: v > 0 when labelled (2 visible, 1 hidden but placeable); null when not labelled. */
export type GtKeypoint = [number, number, number] | null;
interface Box {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/** COCO keypoint sigmas, COCO order (nose … right ankle). */
export const COCO_SIGMAS = [
  0.026, 0.025, 0.025, 0.035, 0.035, 0.079, 0.079, 0.072, 0.072, 0.062, 0.062, 0.107, 0.107, 0.087, 0.087, 0.089, 0.089,
];
export const PCK_ALPHA = 0.2;
export const PCKH_ALPHA = 0.5;
/** MPII's head size: this share of the head rectangle's diagonal (its evaluation code's SC_BIAS). */
export const HEAD_SIZE_OF_DIAGONAL = 0.6;

/**
 * COCO object keypoint similarity of one prediction to one labelled person, with the area taken as the
 * ground-truth box area (the photos have no segmentation masks). Null when no keypoint is labelled.
 */
export function oks(gt: GtKeypoint[], pred: Array<[number, number, number]>, gtBox: Box): number | null {
  const area = Math.max(1, (gtBox.x2 - gtBox.x1) * (gtBox.y2 - gtBox.y1));
  let sum = 0,
    n = 0;
  gt.forEach((k, i) => {
    if (!k || k[2] <= 0 || !pred[i]) return;
    const d2 = (pred[i][0] - k[0]) ** 2 + (pred[i][1] - k[1]) ** 2;
    const kappa = 2 * COCO_SIGMAS[i];
    sum += Math.exp(-d2 / (2 * area * kappa * kappa));
    n++;
  });
  return n ? sum / n : null;
}

/**
 * Torso size for PCK: distance from the shoulder midpoint to the hip midpoint (needs both shoulders and
 * both hips labelled), else null.
 */
export function torsoSize(gt: GtKeypoint[]): number | null {
  const [ls, rs, lh, rh] = [gt[5], gt[6], gt[11], gt[12]];
  if (!ls || !rs || !lh || !rh) return null;
  return Math.hypot((ls[0] + rs[0]) / 2 - (lh[0] + rh[0]) / 2, (ls[1] + rs[1]) / 2 - (lh[1] + rh[1]) / 2);
}

/** [keypoints within `radius` of the label, keypoints labelled]. */
function withinCounts(gt: GtKeypoint[], pred: Array<[number, number, number]>, radius: number): [number, number] {
  let hit = 0,
    n = 0;
  gt.forEach((k, i) => {
    if (!k || k[2] <= 0 || !pred[i]) return;
    n++;
    if (Math.hypot(pred[i][0] - k[0], pred[i][1] - k[1]) <= radius) hit++;
  });
  return [hit, n];
}

/** PCK@α of the torso: [keypoints within α·torso, keypoints labelled]; null without a torso. */
export function pckCounts(
  gt: GtKeypoint[],
  pred: Array<[number, number, number]>,
  alpha = PCK_ALPHA,
): [number, number] | null {
  const torso = torsoSize(gt);
  return torso ? withinCounts(gt, pred, alpha * torso) : null;
}

/** MPII head size of a head rectangle: 0.6 × its diagonal. */
export const headSizeOf = (rect: Box) => HEAD_SIZE_OF_DIAGONAL * Math.hypot(rect.x2 - rect.x1, rect.y2 - rect.y1);

/**
 * PCKh@α: [keypoints within α·head size, keypoints labelled]. Every labelled keypoint counts, hidden or
 * not, as in MPII's evaluation; the keypoints are those both layouts share (the caller leaves the rest null).
 */
export function pckhCounts(
  gt: GtKeypoint[],
  pred: Array<[number, number, number]>,
  headSize: number,
  alpha = PCKH_ALPHA,
): [number, number] {
  return withinCounts(gt, pred, alpha * headSize);
}
