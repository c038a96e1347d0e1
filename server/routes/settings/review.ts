// /api/v1/settings/review (extension, issue 37): the lock of reviewed and labelled videos for annotators.
// Anyone may read it (the Annotate screen says why an edit is refused); saving needs an administrator.
import type { RoutePlugin } from '../../http/types';
import { json } from '../../http/contract';
import { getReviewSettings, saveReviewSettings } from '../../services/review-issues/review-lock';
import { reviewSettings } from '../../../domain/contract/review-issues';

export const reviewSettingsRoutes: RoutePlugin = (app, { database: { db } }) => {
  app.get('/settings/review', { schema: { response: json(reviewSettings) } }, async () => getReviewSettings(db));

  app.put(
    '/settings/review',
    { config: { role: 'admin' }, schema: { body: reviewSettings, response: json(reviewSettings) } },
    async (req) => saveReviewSettings(db, req.body),
  );
};
