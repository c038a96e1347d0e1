// POST /annotations/{id}/tracks {frame, box, keypoints?, keypoint_visibility?} → 201 a new drawn track with
// one keyframe; PUT /annotations/{id}/tracks/{trackId}/detections/{frame} → 201 (created) or 200
// (replaced) a keyframe, outside keyframe with `outside: true`; a drawn track's frames between its
// keyframes are refilled.
import type { RoutePlugin } from '../../http/types';
import { caller } from '../../http/identity';
import { json } from '../../http/contract';
import { createTrack, putKeyframe } from '../../services/annotation-edits/keyframes';
import { annotationParams, detectionParams as putParams } from '../../../domain/contract/annotation-edits';
import {
  keyframeBody as putBody,
  keyframeResult,
  newTrackBody as createBody,
  newTrackResult,
} from '../../../domain/contract/track-corrections';

/** A keyframe PUT answers 201 when it made the keyframe, 200 when it replaced one. */
const keyframeAnswer = { ...json(keyframeResult), 201: keyframeResult };

export const keyframeRoutes: RoutePlugin = (app, { database: { db } }) => {
  app.post(
    '/annotations/:id/tracks',
    {
      config: { role: 'user' },
      schema: { params: annotationParams, body: createBody, response: json(newTrackResult, 201) },
    },
    async (req, reply) => {
      reply.code(201);
      const { frame, box: b, keypoints: kps, keypoint_visibility: keypointVisibility } = req.body;
      return createTrack(db, req.params.id, frame, b, { keypoints: kps, keypointVisibility }, caller(req));
    },
  );

  app.put(
    '/annotations/:id/tracks/:trackId/detections/:frame',
    { config: { role: 'user' }, schema: { params: putParams, body: putBody, response: keyframeAnswer } },
    async (req, reply) => {
      const { x1, y1, x2, y2, keypoints: kps, keypoint_visibility: keypointVisibility, outside, version } = req.body;
      // whole or absent (outside only), corners in order: the contract's rules, checked before this runs
      const b = x1 !== undefined ? { x1, y1: y1!, x2: x2!, y2: y2! } : null;
      const { id, trackId, frame } = req.params;
      const r = await putKeyframe(
        db,
        id,
        trackId,
        frame,
        { box: b, keypoints: kps, keypointVisibility, outside },
        version,
        caller(req),
      );
      reply.code(r.created ? 201 : 200);
      return r.body;
    },
  );
};
