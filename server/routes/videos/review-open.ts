// /api/v1/videos/{id}/review_open (extension): the Annotate screen reports that a signed-in user opened the
// video; the review queue shows it in progress for 30 minutes and measures review time from it.
import { caller } from '../../http/identity';
import { videoIdParams } from '../../../domain/contract/params';
import { json } from '../../http/contract';
import type { RoutePlugin } from '../../http/types';
import { reviewOpened } from '../../../domain/contract/videos';
import { recordReviewOpen } from '../../services/review-queue';

export const videoReviewOpenRoutes: RoutePlugin = (app, { database }) => {
  app.post(
    '/videos/:id/review_open',
    { config: { role: 'user' }, schema: { params: videoIdParams, response: json(reviewOpened, 201) } },
    async (req, reply) => {
      const openedAt = await recordReviewOpen(database.sql, req.params.id, caller(req));
      return reply.status(201).send({ video_id: req.params.id, opened_at: new Date(openedAt).toISOString() });
    },
  );
};
