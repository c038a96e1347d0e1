// POST /annotations/{id}/tracks {frame, box, keypoints?, keypoint_visibility?} → 201 a new drawn track with
// one keyframe; PUT /annotations/{id}/tracks/{trackId}/detections/{frame} → 201 (created) or 200
// (replaced) a keyframe, outside keyframe with `outside: true`; a drawn track's frames between its
// keyframes are refilled.
import { z } from 'zod';
import type { RoutePlugin } from '../../http/types';
import { caller } from '../../http/identity';
import { Invalid } from '../../domain-errors';
import { createTrack, putKeyframe } from '../../services/annotation-edits/keyframes';
import { box, bodyVersion, checkBox, fraction, frameNumber, int, keypoints, keypointVisibility } from './box-schemas';

const createBody = z.object({ frame: frameNumber, box, keypoints: keypoints.optional(), keypoint_visibility: keypointVisibility.optional() }).strict();
const putParams = z.object({ id: int.min(1), trackId: int, frame: int });
const putBody = z.object({
  x1: fraction.optional(), y1: fraction.optional(), x2: fraction.optional(), y2: fraction.optional(),
  keypoints: keypoints.optional(), keypoint_visibility: keypointVisibility.optional(),
  outside: z.boolean().optional(), version: bodyVersion,
}).strict();

export const keyframeRoutes: RoutePlugin = (app, { database: { db } }) => {
  app.post('/annotations/:id/tracks', { config: { role: 'user' }, schema: { params: z.object({ id: int.min(1) }), body: createBody } }, async (req, reply) => {
    checkBox(req.body.box);
    reply.code(201);
    const { frame, box: b, keypoints: kps, keypoint_visibility: keypointVisibility } = req.body;
    return createTrack(db, req.params.id, frame, b, { keypoints: kps, keypointVisibility }, caller(req));
  });

  app.put('/annotations/:id/tracks/:trackId/detections/:frame', { config: { role: 'user' }, schema: { params: putParams, body: putBody } }, async (req, reply) => {
    const { x1, y1, x2, y2, keypoints: kps, keypoint_visibility: keypointVisibility, outside, version } = req.body;
    const parts = [x1, y1, x2, y2].filter((v) => v !== undefined).length;
    if (parts !== 0 && parts !== 4) throw new Invalid('Send all of x1, y1, x2, y2 for a box');
    if (parts === 0 && !outside) throw new Invalid('Send the box {x1, y1, x2, y2} (only an outside keyframe may go without)');
    const b = parts === 4 ? { x1: x1!, y1: y1!, x2: x2!, y2: y2! } : null;
    if (b) checkBox(b);
    const { id, trackId, frame } = req.params;
    const r = await putKeyframe(db, id, trackId, frame, { box: b, keypoints: kps, keypointVisibility, outside }, version, caller(req));
    reply.code(r.created ? 201 : 200);
    return r.body;
  });
};
