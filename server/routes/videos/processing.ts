// POST /videos/{id}/process, /videos/{id}/reprocess and /videos/batch_process: the video goes to
// 'pending' at once and a processing job is queued; wrong states answer 409.
import { z } from 'zod';
import { caller } from '../../http/identity';
import { videoIdParams } from '../../http/params';
import type { RoutePlugin } from '../../http/types';
import { requestBatchProcessing, requestProcessing } from '../../services/processing-requests';
import { BATCH_PROCESS_FRACTIONS } from '../../../domain/constants';

const batchQuery = z.object({
  fraction: z.enum(BATCH_PROCESS_FRACTIONS, { message: `fraction must be one of ${BATCH_PROCESS_FRACTIONS.join(', ')}` }).default('all'),
  source_root: z.string().min(1).max(4096).optional(),
});

export const videoProcessingRoutes: RoutePlugin = (app, { database: { db }, queue }) => {
  const deps = { db, queue };

  app.post('/videos/:id/process', { config: { role: 'user' }, schema: { params: videoIdParams } },
    async (req, reply) => reply.code(202).send(await requestProcessing(deps, req.params.id, 'process', caller(req).id)));

  app.post('/videos/:id/reprocess', { config: { role: 'user' }, schema: { params: videoIdParams } },
    async (req, reply) => reply.code(202).send(await requestProcessing(deps, req.params.id, 'reprocess', caller(req).id)));

  app.post('/videos/batch_process', { config: { role: 'user' }, schema: { querystring: batchQuery } },
    async (req, reply) => reply.code(202).send(await requestBatchProcessing(deps, req.query.fraction, req.query.source_root ?? null, caller(req).id)));
};
