// Shared setup of the package import tests: an app with the job queue, a source exported as a package and
// a target root with the same clips unannotated, plus the calls and database views the tests assert on.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { as, makeTestApp, seedUser, type TestApp } from './test-app';
import { multipart } from './multipart';
import { seedPackageSource, seedTargetSource } from './package-seed';
import { QUEUES, startQueue } from '../../server/queue';
import { runImportJob } from '../../server/services/packages/import';

export const FROM = '/media/field-a';
export const ADMIN = 'admin@example.com';
/** Filled in by beforeAll: the app, the exported package and the target root. */
export const env = {} as { t: TestApp; pkg: Buffer; TO: string };

/** Registers the app's start before the file's tests and its close after them. */
export function startPackageImportApp() {
  beforeAll(async () => {
    env.t = await makeTestApp({ queue: (db) => startQueue(db) });
    await seedUser(env.t.database, ADMIN, 'admin');
    await seedPackageSource(env.t.database, FROM, 'Field A');
    env.TO = path.join(env.t.dataDir, 'target');
    // the same four clips in the other environment, unannotated, with their files on disk
    await seedTargetSource(env.t.database, env.TO);
    const res = await env.t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/repo/export_source',
      payload: {
        source_root: FROM,
        status: ['completed', 'reviewed', 'labelled', 'kiv', 'disqualified'],
        include_history: false,
      },
      headers: as(ADMIN),
    });
    expect(res.statusCode).toBe(200);
    env.pkg = res.rawPayload;
    await env.t.deps.queue!.work<{ jobId: number }>(QUEUES.import, 1, async (d) => {
      await runImportJob(env.t.database, d.jobId);
    });
  });
  afterAll(async () => {
    await env.t?.close();
  });
}

export const config = (over: object = {}) =>
  JSON.stringify({
    source_root: FROM,
    target_root: env.TO,
    mode: 'skip_existing',
    validate_files: true,
    dry_run: false,
    ...over,
  });
export const importZip = (zip: Buffer, cfg: string = config(), who = ADMIN) => {
  const form = multipart([
    { name: 'config', value: cfg },
    { name: 'file', filename: 'package.zip', content: zip, type: 'application/zip' },
  ]);
  return env.t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/repo/import_source',
    payload: form.payload,
    headers: { ...form.headers, ...as(who) },
  });
};
export const getJob = (id: number) =>
  env.t.app.inject({ method: 'GET', url: `/api/v1/admin/repo/import_jobs/${id}`, headers: as(ADMIN) });
export async function finished(id: number) {
  for (;;) {
    const job = (await getJob(id)).json();
    if (!['queued', 'running'].includes(job.status)) return job;
    await new Promise((r) => setTimeout(r, 100));
  }
}

export const TABLES = [
  'videos',
  'detections',
  'action_segments',
  'relationships',
  'status_history',
  'processing_log',
  'import_jobs',
];
export async function snapshot() {
  const out: Record<string, unknown[]> = {};
  for (const table of TABLES)
    out[table] = (await env.t.database.sql.query(`select * from ${table} order by 1, 2`)).rows;
  return out;
}
export const importsDir = () => {
  const d = path.join(env.t.dataDir, 'tmp', 'imports');
  return fs.existsSync(d) ? fs.readdirSync(d) : [];
};

/** Everything of a video that a package carries, keyed by its relative path. */
export async function annotationsOf(root: string) {
  const q = async (sql: string) => (await env.t.database.sql.query(sql, [root])).rows;
  const join =
    "from videos v join %T x on x.video_id = v.id where v.source_root = $1 and v.processing_status <> 'pending'";
  return {
    detections: await q(
      `select v.rel_path, x.track_id, x.frame, x.x1, x.y1, x.x2, x.y2, x.confidence, x.keypoints::text as kp, x.source, x.updated_by_id, x.updated_at ${join.replace('%T', 'detections')} order by 1, 2, 3`,
    ),
    segments: await q(
      `select v.rel_path, x.track_id, x.action_class, x.start_time, x.end_time, x.confidence, x.human_verified, x.created_by_id, x.created_at, x.updated_by_id, x.updated_at ${join.replace('%T', 'action_segments')} order by 1, 2, 3`,
    ),
    relationships: await q(
      `select v.rel_path, x.subject_track_id, x.object_track_id, x.kind, x.start_time, x.end_time ${join.replace('%T', 'relationships')} order by 1`,
    ),
    history: await q(
      `select v.rel_path, x.changed_at, x.old_status, x.new_status, x.remark, x.changed_by_id ${join.replace('%T', 'status_history')} order by 1, 2`,
    ),
    status: await q(
      `select v.rel_path, v.processing_status, v.previous_status, v.ai_processed_at, v.last_status_by_id, v.last_status_changed_at, v.frame_stride from videos v where v.source_root = $1 and v.processing_status <> 'pending' order by 1`,
    ),
  };
}
