// Status of one video: read, change (by the shared status rules, with history in the same transaction), history, log.
import { z } from 'zod';
import { binary, json } from '../../http/contract';
import { caller } from '../../http/identity';
import { videoIdParams } from '../../../domain/contract/params';
import type { RoutePlugin } from '../../http/types';
import { listProcessingLog, listStatusHistory } from '../../repositories/status';
import { setStatusByHand } from '../../services/status';
import { requireLiveVideo } from '../../services/videos';
import { processingProgressOf } from '../../services/job-activity';
import { autoRender } from '../../services/render/requests';
import type { VideoStatus } from '../../../domain/constants';
import {
  historyEntry,
  statusChangeBody,
  statusChanged,
  videoStatusInfo,
  type HistoryEntry,
} from '../../../domain/contract/videos';

export const videoStatusRoutes: RoutePlugin = (app, { database, queue }) => {
  const { db } = database;
  app.get('/videos/:id/status', { schema: { params: videoIdParams, response: json(videoStatusInfo) } }, async (req) => {
    const v = await requireLiveVideo(db, req.params.id);
    // progress, stage and eta_s (extension) are those of the queued or running processing job, else null
    const job = await processingProgressOf(db, v.id, req.identity);
    return {
      status: v.processingStatus as VideoStatus,
      previous_status: v.previousStatus as VideoStatus | null,
      last_updated: v.statusUpdatedAt.toISOString(),
      ...job,
    };
  });

  app.patch(
    '/videos/:id/status',
    {
      config: { role: 'user' },
      schema: { params: videoIdParams, body: statusChangeBody, response: json(statusChanged) },
    },
    async (req) => {
      const changed = await setStatusByHand(
        db,
        caller(req),
        req.params.id,
        req.body.status as VideoStatus,
        req.body.remark,
      );
      // marking reviewed renders the video when the settings ask for it (auto_render_on_reviewed)
      if (changed.status === 'reviewed')
        await autoRender({ db, sql: database.sql, queue, log: req.log }, req.params.id, 'reviewed', caller(req).id);
      return changed;
    },
  );

  app.get(
    '/videos/:id/history',
    { schema: { params: videoIdParams, response: json(z.array(historyEntry)) } },
    async (req) => {
      await requireLiveVideo(db, req.params.id);
      return (await listStatusHistory(db, req.params.id)).map((h): HistoryEntry => ({
        id: h.id,
        changed_at: h.changedAt.toISOString(),
        old_status: h.oldStatus,
        new_status: h.newStatus,
        remark: h.remark,
        changed_by_id: h.changedById,
      }));
    },
  );

  app.get(
    '/videos/:id/log',
    {
      schema: {
        params: videoIdParams,
        response: binary(['text/plain'], 'The processing log: one line per entry, each starting with its ISO time'),
      },
    },
    async (req, reply) => {
      await requireLiveVideo(db, req.params.id);
      const rows = await listProcessingLog(db, req.params.id);
      return reply
        .type('text/plain; charset=utf-8')
        .send(rows.map((r) => `${r.at.toISOString()} ${r.line}`).join('\n'));
    },
  );
};
