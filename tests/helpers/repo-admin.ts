// Helpers of the Repository Manager API tests: calls as a role, waiting for background scans, and
// whole-table snapshots to prove that a call changed nothing.
import { sql } from 'drizzle-orm';
import { ingestJobs } from '../../server/db/schema';
import { as, type TestApp } from './test-app';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export const caller = (t: TestApp, who: string | null) => (method: Method, url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: who ? as(who) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

/** Waits until no ingest job is running (a scan started by a call runs after its answer; its job row is written before it). */
export async function scansSettled(t: TestApp): Promise<void> {
  for (;;) {
    const [{ n }] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(ingestJobs)
      .where(sql`${ingestJobs.status} = 'running'`);
    if (n === 0) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Every row of the tables a repository call could change, in a stable order. */
export async function snapshot(t: TestApp): Promise<unknown[]> {
  const tables = ['sources', 'videos', 'detections', 'action_segments', 'status_history', 'ingest_jobs', 'settings'];
  const out = [];
  for (const table of tables) {
    const { rows } = await t.database.sql.query(`select * from ${table} order by 1`);
    out.push(table, rows);
  }
  return out;
}
