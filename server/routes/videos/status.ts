// Status of one video: read, change (by the shared status rules, with history in the same transaction), history, log.
import { z } from 'zod';
import { asc, desc, eq } from 'drizzle-orm';
import { processingLog, statusHistory } from '../../db/schema';
import { Invalid, Conflict } from '../../domain-errors';
import { caller } from '../../http/identity';
import { videoIdParams } from '../../http/params';
import type { RoutePlugin } from '../../http/types';
import { changeStatus } from '../../services/status';
import { requireLiveVideo } from '../../services/videos';
import { VIDEO_STATUSES, type VideoStatus } from '../../../domain/constants';
import { manualStatusRefusal } from '../../../domain/status-rules';
import { validateRemark } from '../../../domain/validation';

/** Statuses a user may set by hand; processing is only ever set by the worker. */
export const SETTABLE_STATUSES = VIDEO_STATUSES.filter((s) => s !== 'processing');

const patchBody = z.object({
  status: z.enum(SETTABLE_STATUSES as [string, ...string[]]),
  remark: z.string().max(10_000).nullish(),
});

export const videoStatusRoutes: RoutePlugin = (app, { database: { db } }) => {
  const findVideo = (id: number) => requireLiveVideo(db, id);

  app.get('/videos/:id/status', { schema: { params: videoIdParams } }, async (req) => {
    const row = await findVideo(req.params.id);
    return { status: row.processingStatus, previous_status: row.previousStatus, last_updated: row.statusUpdatedAt.toISOString() };
  });

  app.patch('/videos/:id/status', { config: { role: 'user' }, schema: { params: videoIdParams, body: patchBody } }, async (req) => {
    const who = caller(req);
    const remark = req.body.remark?.trim() || null;
    const problem = validateRemark(remark);
    if (problem) throw new Invalid(problem);
    const v = await findVideo(req.params.id);
    const from = v.processingStatus as VideoStatus;
    const to = req.body.status as VideoStatus;
    const refusal = manualStatusRefusal({ processing_status: from, previous_status: v.previousStatus as VideoStatus | null }, to);
    if (refusal) throw new Conflict(refusal);
    // `from` guards a race: the rules were checked against this status, so only change from it.
    const changed = await changeStatus(db, { videoId: req.params.id, to, by: who.id, remark, from: [from] });
    if (!changed) throw new Conflict(`Video ${req.params.id} changed status meanwhile; reload and try again`);
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
