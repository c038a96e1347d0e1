// Review navigation (extensions documented in the README's API section):
//   GET /annotations/{id}/review-summary              → per track presence runs, low-confidence runs and
//                                                       verified mark; heavy box overlaps (ETag, 304)
//   PUT /annotations/{id}/tracks/{trackId}/verified   {verified: boolean} → {track_id, verified}
import { z } from 'zod';
import { videoIdParams } from '../../../domain/contract/params';
import { caller } from '../../http/identity';
import { revalidate } from '../../http/revalidation';
import type { RoutePlugin } from '../../http/types';
import { setTrackVerified } from '../../services/annotation-edits/track-verified';
import { buildReviewSummary, ReviewRunsCache, reviewSummaryTag } from '../../services/review-summary';

const trackParams = videoIdParams.extend({ trackId: z.coerce.number().int().min(0).max(2_147_483_647) });

export const annotationReviewRoutes: RoutePlugin = (app, { database }) => {
  const cache = new ReviewRunsCache();

  app.get('/annotations/:id/review-summary', { schema: { params: videoIdParams } }, async (req, reply) => {
    const { video, etag } = await reviewSummaryTag(database.db, req.params.id);
    if (revalidate(req, reply, etag)) return reply.code(304).send();
    return buildReviewSummary(database, cache, video);
  });

  app.put('/annotations/:id/tracks/:trackId/verified', {
    config: { role: 'user' },
    schema: { params: trackParams, body: z.object({ verified: z.boolean() }).strict() },
  }, async (req) => setTrackVerified(database.db, req.params.id, req.params.trackId, req.body.verified, caller(req)));
};
