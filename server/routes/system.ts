// /api/v1/me (extension), /api/v1/status and /api/v1/metrics/summary.
import type { RoutePlugin } from '../http/types';
import { meDto } from '../http/session-cookie';
import { aiDevice } from '../services/ai-device';
import { poseModelLabel } from '../processing/model-fetch';
import { getVideoSettings } from '../services/settings';
import { dashboardSummary, databaseStatus } from '../services/metrics';
import { hiddenSourceRoles } from '../services/source-visibility';
import { json } from '../http/contract';
import { meAnswer } from '../../domain/contract/auth';
import { serverStatus } from '../../domain/contract/system';
import { metricsSummary } from '../../domain/contract/metrics';

export const systemRoutes: RoutePlugin = (app, { database, queue, config }) => {
  // public: the screens ask it before anyone has signed in, also with VAT_GUEST_ACCESS=none
  app.get('/me', { config: { public: true }, schema: { response: json(meAnswer) } }, async (req) =>
    meDto(req.identity, {
      headerRole: req.headerRole,
      mode: config.auth.mode,
      mustChangePassword: req.mustChangePassword,
    }),
  );

  app.get('/status', { schema: { response: json(serverStatus) } }, async () => ({
    status: 'ok' as const,
    database_status: await databaseStatus(database.sql),
    database_kind: database.kind,
    // the model the next processing job runs: the pose_model detection setting
    ai_models: { device: aiDevice(), pose_model: poseModelLabel((await getVideoSettings(database.db)).pose_model) },
    time: new Date().toISOString(),
  }));

  app.get('/metrics/summary', { schema: { response: json(metricsSummary) } }, async (req) =>
    dashboardSummary(database, queue, hiddenSourceRoles(req.identity)),
  );
};
