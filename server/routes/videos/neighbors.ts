// GET /api/v1/videos/{id}/neighbors → {prev_id, next_id}: the videos before and after this one in the
// library's order (id ascending, deleted excluded). The library's filters may be passed so Prev/Next
// walk the same filtered list the user came from (the same filter code as the list itself).
import { eq } from 'drizzle-orm';
import { videos } from '../../db/schema';
import { notFound } from '../../http/errors';
import { videoIdParams } from '../../http/params';
import type { RoutePlugin } from '../../http/types';
import { neighborIds, videoFilterQuery } from '../../services/video-list-query';

export const videoNeighborRoutes: RoutePlugin = (app, { database: { db, sql } }) => {
  app.get('/videos/:id/neighbors', { schema: { params: videoIdParams, querystring: videoFilterQuery } }, async (req) => {
    const id = req.params.id;
    const [self] = await db.select({ status: videos.processingStatus }).from(videos).where(eq(videos.id, id)).limit(1);
    if (!self || self.status === 'deleted') throw notFound(`Video ${id} not found`);
    return neighborIds(sql, id, req.query);
  });
};
