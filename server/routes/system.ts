// /api/v1/me (extension), /api/v1/status and /api/v1/metrics/summary.
import type { RoutePlugin } from '../http/types';
import { aiDevice } from '../services/ai-device';
import { dashboardSummary, databaseStatus } from '../services/metrics';
import { hiddenSourceRoles } from '../services/source-visibility';

export const systemRoutes: RoutePlugin = (app, { database, queue }) => {
  app.get('/me', async (req) => ({
    signed_in: Boolean(req.identity),
    id: req.identity?.id ?? null,
    name: req.identity?.name ?? null,
    role: req.identity?.role ?? 'annotator',
    header_role: req.headerRole,
  }));

  app.get('/status', async () => ({
    status: 'ok',
    database_status: await databaseStatus(database.sql),
    database_kind: database.kind,
    ai_models: { device: aiDevice(), pose_model: 'movenet-multipose-lightning' },
    time: new Date().toISOString(),
  }));

  app.get('/metrics/summary', async (req) => dashboardSummary(database, queue, hiddenSourceRoles(req.identity)));
};
