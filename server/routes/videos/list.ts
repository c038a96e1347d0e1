// GET /api/v1/videos/ (filtered, paged, stable order) and GET /api/v1/videos/{id}.
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { videos } from '../../db/schema';
import { notFound } from '../../http/errors';
import { queryBool, repeated, videoIdParams } from '../../http/params';
import type { RoutePlugin } from '../../http/types';
import { toVideoDto } from '../../services/video-dto';
import { listVideosJson } from '../../services/video-list-query';
import { ALL_VIDEO_STATUSES } from '../../../src/domain/constants';

const listQuery = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(1000),
  skip: z.coerce.number().int().min(0).max(10_000_000).default(0),
  after_id: z.coerce.number().int().min(0).max(2_147_483_647).optional(), // extension: keyset paging
  status: repeated(z.enum(ALL_VIDEO_STATUSES)).optional(), // 'deleted' is accepted but never listed
  source_root: z.string().max(4096).optional(),
  q: z.string().max(500).optional(),
  assignee: z.string().max(200).optional(),
  unassigned_only: queryBool.optional(),
});


export const videoListRoutes: RoutePlugin = (app, { database: { db, sql } }) => {
  app.get('/videos', { schema: { querystring: listQuery } }, async (req, reply) => {
    const q = req.query;
    const json = await listVideosJson(sql, {
      limit: q.limit, skip: q.skip, afterId: q.after_id, statuses: q.status, sourceRoot: q.source_root, q: q.q, assignee: q.assignee, unassignedOnly: q.unassigned_only,
    });
    return reply.type('application/json; charset=utf-8').send(json);
  });

  app.get('/videos/:id', { schema: { params: videoIdParams } }, async (req) => {
    const [row] = await db.select().from(videos).where(eq(videos.id, req.params.id)).limit(1);
    if (!row || row.processingStatus === 'deleted') throw notFound(`Video ${req.params.id} not found`);
    return toVideoDto(row);
  });
};
