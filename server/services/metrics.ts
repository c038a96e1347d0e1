// The dashboard's summary: videos per status, average duration and resolution, and the completion rate
// (completed, reviewed and labelled over all live videos).
import type { SqlRunner } from '../db/connect';
import { pingDatabase, statusStats } from '../repositories/videos';

export async function metricsSummary(sql: SqlRunner, hiddenSourceRoles: string[] = []) {
  const status: Record<string, number> = { pending: 0, processing: 0, completed: 0, reviewed: 0, labelled: 0, failed: 0, kiv: 0, disqualified: 0, unknown: 0 };
  let total = 0, durSum = 0, wSum = 0, hSum = 0;
  for (const r of await statusStats(sql, hiddenSourceRoles)) {
    status[r.status] = r.n;
    total += r.n; durSum += r.dur * r.n; wSum += r.w * r.n; hSum += r.h * r.n;
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
}

/** 'connected', or the error the database answered a trivial query with. */
export async function databaseStatus(sql: SqlRunner): Promise<string> {
  try { await pingDatabase(sql); return 'connected'; } catch (e) { return `error: ${(e as Error).message}`; }
}
