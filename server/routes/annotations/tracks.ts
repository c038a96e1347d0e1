// POST /annotations/{videoId}/tracks/merge, DELETE /annotations/{videoId}/tracks/{trackId}, and the
// extension POST /annotations/{videoId}/tracks/restore {undo_token} that undoes either of them.
import type { RoutePlugin } from '../../http/types';
import { caller } from '../../http/identity';
import { json } from '../../http/contract';
import {
  annotationParams as videoParams,
  deleteTrackResult,
  mergeBody,
  mergeResult,
  restoreBody,
  restoreResult,
  trackParams,
} from '../../../domain/contract/annotation-edits';
import { deleteTrack, mergeTracks, restoreTracks } from '../../services/annotation-edits/tracks';

export const trackRoutes: RoutePlugin = (app, { database: { db } }) => {
  app.post(
    '/annotations/:id/tracks/merge',
    {
      config: { role: 'user' },
      schema: { params: videoParams, body: mergeBody, response: json(mergeResult) },
    },
    async (req) => {
      const who = caller(req);
      return mergeTracks(db, req.params.id, req.body.base_track_id, req.body.merge_track_id, who);
    },
  );

  app.post(
    '/annotations/:id/tracks/restore',
    {
      config: { role: 'user' },
      schema: { params: videoParams, body: restoreBody, response: json(restoreResult) },
    },
    async (req) => {
      return restoreTracks(db, req.params.id, req.body.undo_token, caller(req));
    },
  );

  app.delete(
    '/annotations/:id/tracks/:trackId',
    { config: { role: 'user' }, schema: { params: trackParams, response: json(deleteTrackResult) } },
    async (req) => {
      const who = caller(req);
      return deleteTrack(db, req.params.id, req.params.trackId, who);
    },
  );
};
