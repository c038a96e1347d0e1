// The dashboard's summary: videos per status, average duration and resolution, and the completion rate
// (completed, reviewed and labelled over all live videos), counted as the library lists them (deleted
// videos and sources the viewer's role may not see are left out); plus the enabled sources the viewer
// sees and the processing jobs that wait or run.
import type { Database, SqlRunner } from '../db/connect';
import { QUEUES, type JobQueue } from '../queue';
import { countActiveSources } from '../repositories/sources';
import { pingDatabase, statusStats } from '../repositories/videos';

/** The summary with the system figures: null processing_queue when this process runs no job queue. */
export async function dashboardSummary(database: Database, queue: JobQueue | undefined, hiddenSourceRoles: string[]) {
  const [summary, activeSources, jobs] = await Promise.all([
    metricsSummary(database.sql, hiddenSourceRoles),
    countActiveSources(database.db, hiddenSourceRoles),
    queue ? queue.liveJobs(QUEUES.process) : Promise.resolve(null),
  ]);
  return { ...summary, system: { active_sources: activeSources, processing_queue: jobs ? jobs.length : null } };
}

export async function metricsSummary(sql: SqlRunner, hiddenSourceRoles: string[] = []) {
  const status: Record<string, number> = {
    pending: 0,
    processing: 0,
    completed: 0,
    reviewed: 0,
    labelled: 0,
    failed: 0,
    kiv: 0,
    disqualified: 0,
    unknown: 0,
  };
  let total = 0,
    durSum = 0,
    wSum = 0,
    hSum = 0;
  for (const r of await statusStats(sql, hiddenSourceRoles)) {
    status[r.status] = r.n;
    total += r.n;
    durSum += r.dur * r.n;
    wSum += r.w * r.n;
    hSum += r.h * r.n;
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
  try {
    await pingDatabase(sql);
    return 'connected';
  } catch (e) {
    return `error: ${(e as Error).message}`;
  }
}
