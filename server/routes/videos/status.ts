// Status of one video (spec part 1 §7.2): read, change (with history in the same transaction), history, log.
import { z } from 'zod';
import { asc, desc, eq } from 'drizzle-orm';
import { processingLog, statusHistory, videos } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import { requireUser } from '../../http/identity';
import { videoIdParams } from '../../http/params';
import type { RoutePlugin } from '../../http/types';
import { changeStatus } from '../../services/status';
import { VIDEO_STATUSES } from '../../../domain/constants';
import { validateRemark } from '../../../domain/validation';

/** Statuses a user may set by hand; processing is only ever set by the worker. */
export const SETTABLE_STATUSES = VIDEO_STATUSES.filter((s) => s !== 'processing');

const patchBody = z.object({
  status: z.enum(SETTABLE_STATUSES as [string, ...string[]]),
  remark: z.string().max(10_000).nullish(),
});

export const videoStatusRoutes: RoutePlugin = (app, { database: { db } }) => {
  const findVideo = async (id: number) => {
    const [row] = await db.select({ status: videos.processingStatus, prev: videos.previousStatus, updated: videos.statusUpdatedAt })
      .from(videos).where(eq(videos.id, id)).limit(1);
    if (!row || row.status === 'deleted') throw notFound(`Video ${id} not found`);
    return row;
  };

  app.get('/videos/:id/status', { schema: { params: videoIdParams } }, async (req) => {
    const row = await findVideo(req.params.id);
    return { status: row.status, previous_status: row.prev, last_updated: row.updated.toISOString() };
  });

  app.patch('/videos/:id/status', { schema: { params: videoIdParams, body: patchBody } }, async (req) => {
    const who = requireUser(req);
    const remark = req.body.remark?.trim() || null;
    const problem = validateRemark(remark);
    if (problem) throw badRequest(problem);
    await findVideo(req.params.id);
    const changed = await changeStatus(db, { videoId: req.params.id, to: req.body.status as (typeof SETTABLE_STATUSES)[number], by: who.id, remark });
    if (!changed) throw notFound(`Video ${req.params.id} not found`);
    return changed;
  });

  app.get('/videos/:id/history', { schema: { params: videoIdParams } }, async (req) => {
    await findVideo(req.params.id);
    const rows = await db.select().from(statusHistory).where(eq(statusHistory.videoId, req.params.id))
      .orderBy(desc(statusHistory.changedAt), desc(statusHistory.id));
    return rows.map((h) => ({
      id: h.id, changed_at: h.changedAt.toISOString(), old_status: h.oldStatus, new_status: h.newStatus, remark: h.remark, changed_by_id: h.changedById,
    }));
  });

  app.get('/videos/:id/log', { schema: { params: videoIdParams } }, async (req, reply) => {
    await findVideo(req.params.id);
    const rows = await db.select({ at: processingLog.at, line: processingLog.line }).from(processingLog)
      .where(eq(processingLog.videoId, req.params.id)).orderBy(asc(processingLog.id));
    return reply.type('text/plain; charset=utf-8').send(rows.map((r) => `${r.at.toISOString()} ${r.line}`).join('\n'));
  });
};
