// /api/v1/review/queue (extension: the spec's queue is sample rows; this one is computed from the data).
import type { RoutePlugin } from '../../http/types';
import { reviewQueue } from '../../services/review-queue';
import { hiddenSourceRoles } from '../../services/source-visibility';
import { json } from '../../http/contract';
import { reviewQueue as reviewQueueAnswer, reviewQueueQuery as query } from '../../../domain/contract/review';

export const reviewQueueRoutes: RoutePlugin = (app, { database }) => {
  app.get('/review/queue', { schema: { querystring: query, response: json(reviewQueueAnswer) } }, async (req) =>
    reviewQueue(database.sql, req.identity, hiddenSourceRoles(req.identity), req.query),
  );
};
