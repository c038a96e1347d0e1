// POST /annotations/{videoId}/tracks/merge, DELETE /annotations/{videoId}/tracks/{trackId}, and the
// extension POST /annotations/{videoId}/tracks/restore {undo_token} that undoes either of them.
import { z } from 'zod';
import type { RoutePlugin } from '../../http/types';
import { caller } from '../../http/identity';
import { deleteTrack, mergeTracks, restoreTracks } from '../../services/annotation-edits/tracks';

const int = z.coerce.number().int().min(0).max(2_147_483_647);
const videoParams = z.object({ id: int.min(1) });

export const trackRoutes: RoutePlugin = (app, { database: { db } }) => {
  app.post('/annotations/:id/tracks/merge', {
    config: { role: 'user' },
    schema: { params: videoParams, body: z.object({ base_track_id: z.number().int().min(0), merge_track_id: z.number().int().min(0) }).strict() },
  }, async (req) => {
    const who = caller(req);
    return mergeTracks(db, req.params.id, req.body.base_track_id, req.body.merge_track_id, who);
  });

  app.post('/annotations/:id/tracks/restore', {
    config: { role: 'user' },
    schema: { params: videoParams, body: z.object({ undo_token: z.number().int().positive() }).strict() },
  }, async (req) => {
    return restoreTracks(db, req.params.id, req.body.undo_token, caller(req));
  });

  app.delete('/annotations/:id/tracks/:trackId', { config: { role: 'user' }, schema: { params: videoParams.extend({ trackId: int }) } }, async (req) => {
    const who = caller(req);
    return deleteTrack(db, req.params.id, req.params.trackId, who);
  });
};
