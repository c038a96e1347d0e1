// /api/v1/me (extension), /api/v1/status and /api/v1/metrics/summary.
import type { RoutePlugin } from '../http/types';
import { aiDevice } from '../services/ai-device';

export const systemRoutes: RoutePlugin = (app, { database }) => {
  app.get('/me', async (req) => ({
    signed_in: Boolean(req.identity),
    id: req.identity?.id ?? null,
    name: req.identity?.name ?? null,
    role: req.identity?.role ?? 'annotator',
    header_role: req.headerRole,
  }));

  app.get('/status', async () => {
    let database_status = 'connected';
    try { await database.sql.query('select 1'); } catch (e) { database_status = `error: ${(e as Error).message}`; }
    return {
      status: 'ok',
      database_status,
      database_kind: database.kind,
      ai_models: { device: aiDevice(), pose_model: 'movenet-multipose-lightning' },
      time: new Date().toISOString(),
    };
  });

  app.get('/metrics/summary', async () => {
    const { rows } = await database.sql.query<{ status: string; n: string | number; dur: number | null; w: number | null; h: number | null }>(
      `select processing_status as status, count(*) as n, avg(duration) as dur, avg(width) as w, avg(height) as h
         from videos where processing_status <> 'deleted' group by processing_status`);
    const status: Record<string, number> = { pending: 0, processing: 0, completed: 0, reviewed: 0, labelled: 0, failed: 0, kiv: 0, disqualified: 0, unknown: 0 };
    let total = 0, durSum = 0, wSum = 0, hSum = 0;
    for (const r of rows) {
      const n = Number(r.n);
      status[r.status] = n;
      total += n; durSum += (Number(r.dur) || 0) * n; wSum += (Number(r.w) || 0) * n; hSum += (Number(r.h) || 0) * n;
    }
    const done = status.completed + status.reviewed + status.labelled;
    return {
      totals: { videos: total },
      status,
      video_stats: {
        avg_duration: total ? Math.round((durSum / total) * 10) / 10 : 0,
        avg_resolution: total ? `${Math.round(wSum / total)}x${Math.round(hSum / total)}` : 'N/A',
        completion_rate: total ? Math.round((done / total) * 1000) / 10 : null,
      },
    };
  });
};
