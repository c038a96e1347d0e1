// Range calls of a track (each sends the track versions it touches: 428 without, 409 when stale; each
// answers an undo_token for POST …/tracks/restore):
//   DELETE /annotations/{id}/tracks/{trackId}/detections?from=&to=&version=   boxes with from ≤ frame ≤ to
//   POST   /annotations/{id}/tracks/{trackId}/split {frame, version}           frames ≥ frame to a new track
//   POST   /annotations/{id}/tracks/swap {track_a, track_b, from_frame, versions}
//   POST   /annotations/{id}/tracks/{trackId}/move {from_frame, to_frame, target_track_id?, version, target_version?}
//   POST   /annotations/{id}/tracks/{trackId}/interpolate {from_frame, to_frame, version}
//   POST   /annotations/{id}/tracks/{trackId}/propagate {from_frame, to_frame?, version}
import { z } from 'zod';
import type { RoutePlugin } from '../../http/types';
import { caller } from '../../http/identity';
import { deleteTrackFrameRange, moveTrackRange, splitTrack, swapTracks } from '../../services/annotation-edits/track-ranges';
import { interpolateTrack, propagateCorrection } from '../../services/annotation-edits/track-fill';
import { bodyVersion, frameNumber, int } from './box-schemas';

const videoParams = z.object({ id: int.min(1) });
const trackParams = z.object({ id: int.min(1), trackId: int });
const rangeQuery = z.object({ from: int, to: int, version: z.coerce.number().int().min(1).max(2_147_483_647).optional() }).strict();
const user = { role: 'user' as const };

export const trackRangeRoutes: RoutePlugin = (app, { database: { db } }) => {
  app.delete('/annotations/:id/tracks/:trackId/detections', { config: user, schema: { params: trackParams, querystring: rangeQuery } }, async (req) => {
    const q = req.query;
    return deleteTrackFrameRange(db, req.params.id, req.params.trackId, q.from, q.to, q.version, caller(req));
  });

  app.post('/annotations/:id/tracks/:trackId/split', {
    config: user, schema: { params: trackParams, body: z.object({ frame: frameNumber, version: bodyVersion }).strict() },
  }, async (req) => splitTrack(db, req.params.id, req.params.trackId, req.body.frame, req.body.version, caller(req)));

  app.post('/annotations/:id/tracks/swap', {
    config: user,
    schema: {
      params: videoParams,
      body: z.object({
        track_a: frameNumber, track_b: frameNumber, from_frame: frameNumber,
        versions: z.record(z.string().regex(/^\d+$/), z.number().int().min(1).max(2_147_483_647)).default({}),
      }).strict(),
    },
  }, async (req) => {
    const b = req.body;
    return swapTracks(db, req.params.id, b.track_a, b.track_b, b.from_frame, b.versions, caller(req));
  });

  app.post('/annotations/:id/tracks/:trackId/move', {
    config: user,
    schema: {
      params: trackParams,
      body: z.object({ from_frame: frameNumber, to_frame: frameNumber, target_track_id: frameNumber.optional(), version: bodyVersion, target_version: bodyVersion }).strict(),
    },
  }, async (req) => {
    const b = req.body;
    return moveTrackRange(db, req.params.id, req.params.trackId, { from: b.from_frame, to: b.to_frame, target: b.target_track_id, version: b.version, targetVersion: b.target_version }, caller(req));
  });

  app.post('/annotations/:id/tracks/:trackId/interpolate', {
    config: user, schema: { params: trackParams, body: z.object({ from_frame: frameNumber, to_frame: frameNumber, version: bodyVersion }).strict() },
  }, async (req) => interpolateTrack(db, req.params.id, req.params.trackId, req.body.from_frame, req.body.to_frame, req.body.version, caller(req)));

  app.post('/annotations/:id/tracks/:trackId/propagate', {
    config: user, schema: { params: trackParams, body: z.object({ from_frame: frameNumber, to_frame: frameNumber.optional(), version: bodyVersion }).strict() },
  }, async (req) => propagateCorrection(db, req.params.id, req.params.trackId, req.body.from_frame, req.body.to_frame, req.body.version, caller(req)));
};
