// GET /api/v1/videos/ (filtered, paged, stable order) and GET /api/v1/videos/{id}.
import { z } from 'zod';
import { and, asc, eq, ilike, inArray, isNull, ne, or, type SQL } from 'drizzle-orm';
import { videos } from '../../db/schema';
import { notFound } from '../../http/errors';
import { queryBool, repeated, videoIdParams } from '../../http/params';
import type { RoutePlugin } from '../../http/types';
import { toVideoDto } from '../../services/video-dto';
import { ALL_VIDEO_STATUSES } from '../../../src/domain/constants';

const listQuery = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(1000),
  skip: z.coerce.number().int().min(0).max(10_000_000).default(0),
  status: repeated(z.enum(ALL_VIDEO_STATUSES)).optional(), // 'deleted' is accepted but never listed
  source_root: z.string().max(4096).optional(),
  q: z.string().max(500).optional(),
  assignee: z.string().max(200).optional(),
  unassigned_only: queryBool.optional(),
});

/** Escapes LIKE wildcards so the search text is matched literally. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export const videoListRoutes: RoutePlugin = (app, { database: { db } }) => {
  app.get('/videos', { schema: { querystring: listQuery } }, async (req) => {
    const q = req.query;
    const where: SQL[] = [ne(videos.processingStatus, 'deleted')];
    if (q.status?.length) where.push(inArray(videos.processingStatus, q.status));
    if (q.source_root) where.push(eq(videos.sourceRoot, q.source_root));
    const text = q.q?.trim();
    if (text) {
      const pat = `%${likeEscape(text)}%`;
      where.push(or(ilike(videos.filename, pat), ilike(videos.path, pat))!);
    }
    if (q.unassigned_only) where.push(isNull(videos.assignedToId));
    else if (q.assignee) where.push(eq(videos.assignedToId, q.assignee));
    const rows = await db.select().from(videos).where(and(...where)).orderBy(asc(videos.id)).limit(q.limit).offset(q.skip);
    return rows.map(toVideoDto);
  });

  app.get('/videos/:id', { schema: { params: videoIdParams } }, async (req) => {
    const [row] = await db.select().from(videos).where(eq(videos.id, req.params.id)).limit(1);
    if (!row || row.processingStatus === 'deleted') throw notFound(`Video ${req.params.id} not found`);
    return toVideoDto(row);
  });
};
