// /api/v1/metrics/sign-in (extension, administrators): password guessing and the hashing queue.
import type { RoutePlugin } from '../../http/types';
import { json } from '../../http/contract';
import { signInMetrics } from '../../services/auth/sign-in-metrics';
import { signInMetrics as signInMetricsSchema } from '../../../domain/contract/auth';

export const signInMetricRoutes: RoutePlugin = (app, { database: { db }, now }) => {
  app.get(
    '/metrics/sign-in',
    { config: { role: 'admin' }, schema: { response: json(signInMetricsSchema) } },
    async () => signInMetrics(db, app.signInThrottle, now?.() ?? new Date()),
  );
};
