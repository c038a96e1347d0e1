// The rules of 'Follow this person' that the server's walk and the editor share: when the followed box has
// run into another person's box (the walk stops there and says so), and the confidence a followed frame
// is stored with, from the pose model's mean joint score, so that frames with a low pose score fall under
// the review's low-confidence mark and into the problem list.
import { REVIEW_LOW_CONFIDENCE } from '../constants';
import { OVERLAP_IOU } from '../review-navigation';

/** A followed box overlapping another person's box by this IoU has run into them: the walk stops before it
 *  (the review's heavy-overlap mark: from there the crop may follow the other person). */
export const FOLLOW_RUN_INTO_IOU = OVERLAP_IOU;
/** A mean joint score below this is a low pose score: the frame goes into the problem list. */
export const FOLLOW_LOW_POSE_SCORE = 0.35;

/** A followed frame's stored confidence: its pose score scaled so FOLLOW_LOW_POSE_SCORE meets the review's
 *  low-confidence mark (0.7), capped at 1. */
export const followConfidence = (score: number): number =>
  Math.min(1, Math.max(0, (score * REVIEW_LOW_CONFIDENCE) / FOLLOW_LOW_POSE_SCORE));

export interface FracBox {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/** Intersection over union of two boxes. */
export function boxIou(a: FracBox, b: FracBox): number {
  const w = Math.min(a.x2, b.x2) - Math.max(a.x1, b.x1);
  const h = Math.min(a.y2, b.y2) - Math.max(a.y1, b.y1);
  if (w <= 0 || h <= 0) return 0;
  const inter = w * h;
  return inter / ((a.x2 - a.x1) * (a.y2 - a.y1) + (b.x2 - b.x1) * (b.y2 - b.y1) - inter);
}

/** The track whose box the followed box ran into (the largest overlap from FOLLOW_RUN_INTO_IOU up), or null. */
export function ranInto(box: FracBox, others: ReadonlyArray<{ trackId: number; box: FracBox }>): number | null {
  let best: number | null = null;
  let most = FOLLOW_RUN_INTO_IOU;
  for (const o of others) {
    const iou = boxIou(box, o.box);
    if (iou >= most) {
      most = iou;
      best = o.trackId;
    }
  }
  return best;
}
