// GET /api/v1/videos/ (filtered, paged, stable order) and GET /api/v1/videos/{id}.
import { z } from 'zod';
import { videoIdParams } from '../../../domain/contract/params';
import type { RoutePlugin } from '../../http/types';
import { toVideoDto } from '../../services/video-dto';
import { requireVisibleVideo } from '../../services/videos';
import { hiddenSourceRoles } from '../../services/source-visibility';
import { listVideosJson } from '../../repositories/video-list';
import { videoFilterQuery } from './filter-query';

const listQuery = videoFilterQuery.extend({
  limit: z.coerce.number().int().min(1).max(1000).default(1000),
  skip: z.coerce.number().int().min(0).max(10_000_000).default(0),
  after_id: z.coerce.number().int().min(0).max(2_147_483_647).optional(), // extension: keyset paging
});

export const videoListRoutes: RoutePlugin = (app, { database: { db, sql } }) => {
  app.get('/videos', { schema: { querystring: listQuery } }, async (req, reply) => {
    const { limit, skip, after_id: afterId, ...filter } = req.query;
    const json = await listVideosJson(sql, { ...filter, hidden_source_roles: hiddenSourceRoles(req.identity) }, { limit, skip, afterId });
    return reply.type('application/json; charset=utf-8').send(json);
  });

  app.get('/videos/:id', { schema: { params: videoIdParams } }, async (req) => toVideoDto(await requireVisibleVideo(db, req.params.id, req.identity)));
};
