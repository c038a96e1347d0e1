// Range calls of a track (each sends the track versions it touches: 428 without, 409 when stale; each
// answers an undo_token for POST …/tracks/restore):
//   DELETE /annotations/{id}/tracks/{trackId}/detections?from=&to=&version=   boxes with from ≤ frame ≤ to
//   POST   /annotations/{id}/tracks/{trackId}/split {frame, version}           frames ≥ frame to a new track
//   POST   /annotations/{id}/tracks/swap {track_a, track_b, from_frame, versions}
//   POST   /annotations/{id}/tracks/{trackId}/move {from_frame, to_frame, target_track_id?, version, target_version?}
//   POST   /annotations/{id}/tracks/{trackId}/interpolate {from_frame, to_frame, version}
//   POST   /annotations/{id}/tracks/{trackId}/propagate {from_frame, to_frame?, version}
import type { RoutePlugin } from '../../http/types';
import { caller } from '../../http/identity';
import { json } from '../../http/contract';
import {
  deleteTrackFrameRange,
  moveTrackRange,
  splitTrack,
  swapTracks,
} from '../../services/annotation-edits/track-ranges';
import { interpolateTrack, propagateCorrection } from '../../services/annotation-edits/track-fill';
import { annotationParams as videoParams, trackParams } from '../../../domain/contract/annotation-edits';
import {
  interpolateBody,
  interpolateResult,
  moveBody,
  moveResult,
  propagateBody,
  propagateResult,
  rangeDeleteQuery as rangeQuery,
  rangeDeleteResult,
  splitBody,
  splitResult,
  swapBody,
  swapResult,
} from '../../../domain/contract/track-corrections';
const user = { role: 'user' as const };

export const trackRangeRoutes: RoutePlugin = (app, { database: { db } }) => {
  app.delete(
    '/annotations/:id/tracks/:trackId/detections',
    { config: user, schema: { params: trackParams, querystring: rangeQuery, response: json(rangeDeleteResult) } },
    async (req) => {
      const q = req.query;
      return deleteTrackFrameRange(db, req.params.id, req.params.trackId, q.from, q.to, q.version, caller(req));
    },
  );

  app.post(
    '/annotations/:id/tracks/:trackId/split',
    {
      config: user,
      schema: { params: trackParams, body: splitBody, response: json(splitResult) },
    },
    async (req) => splitTrack(db, req.params.id, req.params.trackId, req.body.frame, req.body.version, caller(req)),
  );

  app.post(
    '/annotations/:id/tracks/swap',
    {
      config: user,
      schema: { params: videoParams, body: swapBody, response: json(swapResult) },
    },
    async (req) => {
      const b = req.body;
      return swapTracks(db, req.params.id, b.track_a, b.track_b, b.from_frame, b.versions, caller(req));
    },
  );

  app.post(
    '/annotations/:id/tracks/:trackId/move',
    {
      config: user,
      schema: { params: trackParams, body: moveBody, response: json(moveResult) },
    },
    async (req) => {
      const b = req.body;
      return moveTrackRange(
        db,
        req.params.id,
        req.params.trackId,
        {
          from: b.from_frame,
          to: b.to_frame,
          target: b.target_track_id,
          version: b.version,
          targetVersion: b.target_version,
        },
        caller(req),
      );
    },
  );

  app.post(
    '/annotations/:id/tracks/:trackId/interpolate',
    {
      config: user,
      schema: { params: trackParams, body: interpolateBody, response: json(interpolateResult) },
    },
    async (req) =>
      interpolateTrack(
        db,
        req.params.id,
        req.params.trackId,
        req.body.from_frame,
        req.body.to_frame,
        req.body.version,
        caller(req),
      ),
  );

  app.post(
    '/annotations/:id/tracks/:trackId/propagate',
    {
      config: user,
      schema: { params: trackParams, body: propagateBody, response: json(propagateResult) },
    },
    async (req) =>
      propagateCorrection(
        db,
        req.params.id,
        req.params.trackId,
        req.body.from_frame,
        req.body.to_frame,
        req.body.version,
        caller(req),
      ),
  );
};
