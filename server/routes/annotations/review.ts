// Review navigation (extensions documented in the README's API section):
//   GET /annotations/{id}/review-summary              → per track presence runs, low-confidence runs and
//                                                       verified mark; heavy box overlaps (ETag, 304)
//   PUT /annotations/{id}/tracks/{trackId}/verified   {verified: boolean} → {track_id, verified}
//   GET /annotations/{id}/tracks/{trackId}/jump?from&direction&kind → {track_id, frame}: the nearest
//                                                       keyframe / analysed frame of a track (',' '.' '<' '>')
import { videoIdParams } from '../../../domain/contract/params';
import { caller } from '../../http/identity';
import { json } from '../../http/contract';
import { reviewSummary, trackVerifiedBody, trackVerifiedResult } from '../../../domain/contract/annotations';
import { trackParams } from '../../../domain/contract/annotation-edits';
import { notModified, sendNotModified } from './not-modified';
import { revalidate } from '../../http/revalidation';
import type { RoutePlugin } from '../../http/types';
import { setTrackVerified } from '../../services/annotation-edits/track-verified';
import { buildReviewSummary, ReviewRunsCache, reviewSummaryTag } from '../../services/review-summary';
import { findTrackJump } from '../../services/track-jump';
import { trackJump, trackJumpParams, trackJumpQuery } from '../../../domain/contract/track-jumps';
import { requestVideo } from '../../http/request-video';

export const annotationReviewRoutes: RoutePlugin = (app, { database }) => {
  const cache = new ReviewRunsCache();

  app.get(
    '/annotations/:id/review-summary',
    { schema: { params: videoIdParams, response: { ...json(reviewSummary), ...notModified } } },
    async (req, reply) => {
      const { video, etag } = await reviewSummaryTag(database.db, req.params.id);
      if (revalidate(req, reply, etag)) return sendNotModified(reply);
      return buildReviewSummary(database, cache, video);
    },
  );

  app.put(
    '/annotations/:id/tracks/:trackId/verified',
    {
      config: { role: 'user' },
      schema: { params: trackParams, body: trackVerifiedBody, response: json(trackVerifiedResult) },
    },
    async (req) => setTrackVerified(database.db, req.params.id, req.params.trackId, req.body.verified, caller(req)),
  );

  app.get(
    '/annotations/:id/tracks/:trackId/jump',
    { schema: { params: trackJumpParams, querystring: trackJumpQuery, response: json(trackJump) } },
    async (req) => findTrackJump(database.db, requestVideo(req).id, req.params.trackId, req.query),
  );
};
