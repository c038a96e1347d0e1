// /api/v1/me (extension), /api/v1/status and /api/v1/metrics/summary.
import type { RoutePlugin } from '../http/types';
import { aiDevice } from '../services/ai-device';
import { poseModelLabel } from '../services/processing/model-fetch';
import { getRenderSettings } from '../services/settings';
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
    // the model the next processing job runs: the pose_model detection setting
    ai_models: { device: aiDevice(), pose_model: poseModelLabel((await getRenderSettings(database.db)).pose_model) },
    time: new Date().toISOString(),
  }));

  app.get('/metrics/summary', async (req) => dashboardSummary(database, queue, hiddenSourceRoles(req.identity)));
};
