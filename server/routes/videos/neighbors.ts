// GET /api/v1/videos/{id}/neighbors → {prev_id, next_id}: the videos before and after this one in the
// library's order (id ascending, deleted excluded). The library's filters may be passed so Prev/Next
// walk the same filtered list the user came from.
import { z } from 'zod';
import { and, asc, desc, eq, gt, ilike, inArray, isNull, lt, ne, or, type SQL } from 'drizzle-orm';
import { videos } from '../../db/schema';
import { notFound } from '../../http/errors';
import { queryBool, repeated, videoIdParams } from '../../http/params';
import type { RoutePlugin } from '../../http/types';
import { VIDEO_STATUSES } from '../../../src/domain/constants';

const neighborsQuery = z.object({
  status: repeated(z.enum(VIDEO_STATUSES)).optional(),
  source_root: z.string().max(4096).optional(),
  q: z.string().max(500).optional(),
  assignee: z.string().max(200).optional(),
  unassigned_only: queryBool.optional(),
});

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function filterConditions(q: z.infer<typeof neighborsQuery>): SQL[] {
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
  return where;
}

export const videoNeighborRoutes: RoutePlugin = (app, { database: { db } }) => {
  app.get('/videos/:id/neighbors', { schema: { params: videoIdParams, querystring: neighborsQuery } }, async (req) => {
    const id = req.params.id;
    const [self] = await db.select({ id: videos.id, status: videos.processingStatus }).from(videos).where(eq(videos.id, id)).limit(1);
    if (!self || self.status === 'deleted') throw notFound(`Video ${id} not found`);
    const where = filterConditions(req.query);
    const [prev] = await db.select({ id: videos.id }).from(videos).where(and(...where, lt(videos.id, id))).orderBy(desc(videos.id)).limit(1);
    const [next] = await db.select({ id: videos.id }).from(videos).where(and(...where, gt(videos.id, id))).orderBy(asc(videos.id)).limit(1);
    return { prev_id: prev?.id ?? null, next_id: next?.id ?? null };
  });
};
