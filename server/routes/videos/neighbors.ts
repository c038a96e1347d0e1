// GET /api/v1/videos/{id}/neighbors → {prev_id, next_id}: the videos before and after this one in the
// library's order (id ascending, deleted excluded). The library's filters may be passed so Prev/Next
// walk the same filtered list the user came from (the same filter code as the list itself).
import { videoIdParams } from '../../../domain/contract/params';
import { json } from '../../http/contract';
import type { RoutePlugin } from '../../http/types';
import { requireVisibleVideo } from '../../services/videos';
import { hiddenSourceRoles } from '../../services/source-visibility';
import { neighborIds } from '../../repositories/video-list';
import { videoFilterQuery, videoNeighbors } from '../../../domain/contract/videos';

export const videoNeighborRoutes: RoutePlugin = (app, { database: { db, sql } }) => {
  app.get(
    '/videos/:id/neighbors',
    { schema: { params: videoIdParams, querystring: videoFilterQuery, response: json(videoNeighbors) } },
    async (req) => {
      await requireVisibleVideo(db, req.params.id, req.identity);
      return neighborIds(sql, req.params.id, { ...req.query, hidden_source_roles: hiddenSourceRoles(req.identity) });
    },
  );
};
