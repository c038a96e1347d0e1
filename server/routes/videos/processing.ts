// POST /videos/{id}/process, /videos/{id}/reprocess and /videos/batch_process: the video goes to
// 'pending' at once and a processing job is queued; wrong states answer 409. POST /videos/{id}/cancel
// stops the video's queued or running job of `kind`; without it the processing job when one is live, else any.
import { caller } from '../../http/identity';
import { videoIdParams } from '../../../domain/contract/params';
import { json } from '../../http/contract';
import type { RoutePlugin } from '../../http/types';
import { requestBatchProcessing, requestProcessing } from '../../services/processing-requests';
import { cancelVideoJob } from '../../jobs/cancel';
import {
  batchProcessQuery,
  batchProcessQueued,
  processingQueued,
  videoJobCancelled,
  videoJobCancelQuery,
} from '../../../domain/contract/videos';

export const videoProcessingRoutes: RoutePlugin = (app, { database: { db }, queue }) => {
  const deps = { db, queue };

  app.post(
    '/videos/:id/process',
    { config: { role: 'user' }, schema: { params: videoIdParams, response: json(processingQueued, 202) } },
    async (req, reply) => reply.code(202).send(await requestProcessing(deps, req.params.id, 'process', caller(req).id)),
  );

  app.post(
    '/videos/:id/reprocess',
    { config: { role: 'user' }, schema: { params: videoIdParams, response: json(processingQueued, 202) } },
    async (req, reply) =>
      reply.code(202).send(await requestProcessing(deps, req.params.id, 'reprocess', caller(req).id)),
  );

  app.post(
    '/videos/:id/cancel',
    {
      config: { role: 'user' },
      schema: { params: videoIdParams, querystring: videoJobCancelQuery, response: json(videoJobCancelled) },
    },
    async (req) => cancelVideoJob(deps, caller(req), req.params.id, req.query.kind),
  );

  app.post(
    '/videos/batch_process',
    { config: { role: 'user' }, schema: { querystring: batchProcessQuery, response: json(batchProcessQueued, 202) } },
    async (req, reply) =>
      reply
        .code(202)
        .send(await requestBatchProcessing(deps, req.query.fraction, req.query.source_root ?? null, caller(req))),
  );
};
