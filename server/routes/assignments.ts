// GET /api/v1/assignments/assignees: everyone with assigned videos, with their counts (library filter).
import { and, asc, count, isNotNull, ne, sql } from 'drizzle-orm';
import { videos } from '../db/schema';
import type { RoutePlugin } from '../http/types';

export const assignmentRoutes: RoutePlugin = (app, { database: { db } }) => {
  app.get('/assignments/assignees', async () => {
    const rows = await db.select({
      id: videos.assignedToId,
      name: sql<string | null>`max(${videos.assignedToName})`,
      count: count(),
    }).from(videos)
      .where(and(isNotNull(videos.assignedToId), ne(videos.processingStatus, 'deleted')))
      .groupBy(videos.assignedToId).orderBy(asc(videos.assignedToId));
    return rows.map((r) => ({ id: r.id as string, name: r.name ?? r.id, count: Number(r.count) }));
  });
};
