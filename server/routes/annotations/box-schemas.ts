// Request pieces shared by the correction calls: ids, frames, a box in fractions of the frame, the 17
// joints and their COCO visibility.
import { z } from 'zod';
import { Invalid } from '../../domain-errors';

export const int = z.coerce.number().int().min(0).max(2_147_483_647);
export const frameNumber = z.number().int().min(0).max(2_147_483_647);
/** A version sent in a body: optional here, so a missing one is the service's 428 with a detail, not a 400. */
export const bodyVersion = z.number().int().min(1).max(2_147_483_647).optional();
export const fraction = z.number().finite().min(0).max(1);
/** Keypoints may sit slightly outside the frame (a limb leaving the picture), so allow a margin. */
const kpCoord = z.number().finite().min(-1).max(2);
export const keypoints = z.array(z.tuple([kpCoord, kpCoord, z.number().finite().min(0).max(1)])).length(17);
/** COCO v per joint: 0 absent, 1 occluded, 2 visible; null clears a stored one. */
export const keypointVisibility = z.array(z.number().int().min(0).max(2)).length(17).nullable();
export const box = z.object({ x1: fraction, y1: fraction, x2: fraction, y2: fraction }).strict();

export function checkBox(b: { x1: number; y1: number; x2: number; y2: number }): void {
  if (!(b.x1 < b.x2 && b.y1 < b.y2)) throw new Invalid('The box needs x1 < x2 and y1 < y2');
}
