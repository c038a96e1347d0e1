// Status of one video: read, change (by the shared status rules, with history in the same transaction), history, log.
import { z } from 'zod';
import { binary, json } from '../../http/contract';
import { caller } from '../../http/identity';
import { videoIdParams } from '../../../domain/contract/params';
import type { RoutePlugin } from '../../http/types';
import { processingLogText, setStatusByHand, videoStatusHistory, videoStatusInfo } from '../../services/status';
import type { VideoStatus } from '../../../domain/constants';
import {
  historyEntry,
  statusChangeBody,
  statusChanged,
  videoStatusInfo as statusInfo,
} from '../../../domain/contract/videos';

export const videoStatusRoutes: RoutePlugin = (app, { database, queue }) => {
  const { db } = database;
  app.get('/videos/:id/status', { schema: { params: videoIdParams, response: json(statusInfo) } }, async (req) =>
    videoStatusInfo(db, req.params.id, req.identity),
  );

  app.patch(
    '/videos/:id/status',
    {
      config: { role: 'user' },
      schema: { params: videoIdParams, body: statusChangeBody, response: json(statusChanged) },
    },
    async (req) =>
      setStatusByHand(
        { db, sql: database.sql, queue, log: req.log },
        caller(req),
        req.params.id,
        req.body.status as VideoStatus,
        req.body.remark,
      ),
  );

  app.get(
    '/videos/:id/history',
    { schema: { params: videoIdParams, response: json(z.array(historyEntry)) } },
    async (req) => videoStatusHistory(db, req.params.id),
  );

  app.get(
    '/videos/:id/log',
    {
      schema: {
        params: videoIdParams,
        response: binary(['text/plain'], 'The processing log: one line per entry, each starting with its ISO time'),
      },
    },
    async (req, reply) => reply.type('text/plain; charset=utf-8').send(await processingLogText(db, req.params.id)),
  );
};
