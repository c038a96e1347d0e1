// /api/v1/review/queue (extension: the spec's queue is sample rows; this one is computed from the data).
import { z } from 'zod';
import type { RoutePlugin } from '../../http/types';
import { reviewQueue } from '../../services/review-queue';
import { hiddenSourceRoles } from '../../services/source-visibility';

const query = z.object({
  status: z.enum(['all', 'pending', 'in_progress', 'completed']).default('all'),
  scope: z.enum(['mine', 'all']).default('mine'),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
});

export const reviewQueueRoutes: RoutePlugin = (app, { database }) => {
  app.get('/review/queue', { schema: { querystring: query } },
    async (req) => reviewQueue(database.sql, req.identity, hiddenSourceRoles(req.identity), req.query));
};
