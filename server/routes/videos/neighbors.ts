// GET /api/v1/videos/{id}/neighbors → {prev_id, next_id}: the videos before and after this one in the
// library's order (id ascending, deleted excluded). The library's filters may be passed so Prev/Next
// walk the same filtered list the user came from (the same filter code as the list itself).
import { videoIdParams } from '../../../domain/contract/params';
import { json } from '../../http/contract';
import type { RoutePlugin } from '../../http/types';
import { visibleNeighbors } from '../../services/video-list';
import { videoFilterQuery, videoNeighbors } from '../../../domain/contract/videos';

export const videoNeighborRoutes: RoutePlugin = (app, { database }) => {
  app.get(
    '/videos/:id/neighbors',
    { schema: { params: videoIdParams, querystring: videoFilterQuery, response: json(videoNeighbors) } },
    async (req) => visibleNeighbors(database, req.params.id, req.query, req.identity),
  );
};
