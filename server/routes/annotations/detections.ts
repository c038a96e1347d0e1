// PATCH /annotations/{id}/tracks/{trackId}/detections/{frame}: body {x1,y1,x2,y2}, {keypoints} and/or
// {keypoint_visibility} (17 × 2 visible, 1 occluded, 0 absent; null clears it), fractions of the frame, plus the `version` it was based on when the frame has a stored row (428
// without, 409 when stale). Extension: DELETE of the same path ?version= removes a stored row (undo of an upsert).
import { z } from 'zod';
import type { RoutePlugin } from '../../http/types';
import { caller } from '../../http/identity';
import { Invalid } from '../../domain-errors';
import { deleteDetection, patchDetection } from '../../services/annotation-edits/detections';
import type { Keypoint } from '../../../domain/types';

const int = z.coerce.number().int().min(0).max(2_147_483_647);
const params = z.object({ id: int.min(1), trackId: int, frame: int });
const fraction = z.number().finite().min(0).max(1);
/** Keypoints may sit slightly outside the frame (a limb leaving the picture), so allow a margin. */
const kpCoord = z.number().finite().min(-1).max(2);
const keypoint = z.union([z.tuple([kpCoord, kpCoord]), z.tuple([kpCoord, kpCoord, z.number().finite().min(0).max(1)])]);

const body = z.object({
  x1: fraction.optional(), y1: fraction.optional(), x2: fraction.optional(), y2: fraction.optional(),
  keypoints: z.array(keypoint).length(17).optional(),
  keypoint_visibility: z.array(z.number().int().min(0).max(2)).length(17).nullable().optional(),
  confidence: z.number().min(0).max(1).optional(),
  // optional here so that a missing one is the service's 428 (with a detail), not a validation 400
  version: z.number().int().min(1).max(2_147_483_647).optional(),
}).strict();
const deleteQuery = z.object({ version: z.coerce.number().int().min(1).max(2_147_483_647).optional() });

export const detectionRoutes: RoutePlugin = (app, { database: { db } }) => {
  app.patch('/annotations/:id/tracks/:trackId/detections/:frame', { config: { role: 'user' }, schema: { params, body } }, async (req) => {
    const who = caller(req);
    const { version, ...b } = req.body;
    const boxParts = [b.x1, b.y1, b.x2, b.y2].filter((v) => v !== undefined).length;
    if (boxParts !== 0 && boxParts !== 4) throw new Invalid('Send all of x1, y1, x2, y2 for a box');
    if (boxParts === 0 && !b.keypoints && b.keypoint_visibility === undefined) throw new Invalid('Send a box {x1, y1, x2, y2}, {keypoints} or {keypoint_visibility}');
    if (boxParts === 4 && !(b.x1! < b.x2! && b.y1! < b.y2!)) throw new Invalid('The box needs x1 < x2 and y1 < y2');
    const { keypoint_visibility: keypointVisibility, ...rest } = b;
    return patchDetection(db, req.params.id, req.params.trackId, req.params.frame, { ...rest, keypoints: rest.keypoints as Keypoint[] | undefined, keypointVisibility }, version, who);
  });

  app.delete('/annotations/:id/tracks/:trackId/detections/:frame', { config: { role: 'user' }, schema: { params, querystring: deleteQuery } }, async (req) => {
    const { id, trackId, frame } = req.params;
    return { deleted: true, detection: await deleteDetection(db, id, trackId, frame, req.query.version, caller(req)) };
  });
};
