// What keeps a package import from overwriting newer work: a video whose annotations changed after the
// import began is skipped with a warning, a queue job that reaches a worker a second time (a pg-boss
// retry) ends without touching anything, and the queue job is sent with no retries at all.
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { as, makeTestApp, seedUser, type TestApp } from '../helpers/test-app';
import { multipart } from '../helpers/multipart';
import { seedPackageSource, seedTargetSource } from '../helpers/package-seed';
import { QUEUES, startQueue } from '../../server/queue';
import { runImportJob } from '../../server/services/packages/import';
import { detections, importJobs, videos } from '../../server/db/schema';

let t: TestApp;
let pkg: Buffer;
const FROM = '/media/field-a';
let TO: string;
const ADMIN = 'admin@example.com';
const REVIEWER = 'rev.two@example.com';

beforeAll(async () => {
  // a queue but no worker: each test runs the job itself, at the moment it needs to
  t = await makeTestApp({ queue: (db) => startQueue(db) });
  await seedUser(t.database, ADMIN, 'admin');
  await seedUser(t.database, REVIEWER, 'annotator');
  await seedPackageSource(t.database, FROM, 'Field A');
  TO = path.join(t.dataDir, 'target');
  await seedTargetSource(t.database, TO);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/repo/export_source',
    payload: { source_root: FROM },
    headers: as(ADMIN),
  });
  expect(res.statusCode).toBe(200);
  pkg = res.rawPayload;
  // the first import gives every target video annotations (run here, as the worker would)
  const first = await importZip('skip_existing');
  await runImportJob(t.database, first.job_id);
  expect((await job(first.job_id)).status).toBe('completed');
});
afterAll(async () => {
  await t?.close();
});

async function importZip(mode: 'skip_existing' | 'overwrite') {
  const cfg = JSON.stringify({ source_root: FROM, target_root: TO, mode, validate_files: true, dry_run: false });
  const form = multipart([
    { name: 'config', value: cfg },
    { name: 'file', filename: 'package.zip', content: pkg, type: 'application/zip' },
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/repo/import_source',
    payload: form.payload,
    headers: { ...form.headers, ...as(ADMIN) },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { job_id: number; status: string };
}
const job = async (id: number) =>
  (await t.app.inject({ url: `/api/v1/admin/repo/import_jobs/${id}`, headers: as(ADMIN) })).json();
const videoAt = async (rel: string) =>
  (
    await t.database.db
      .select()
      .from(videos)
      .where(eq(videos.path, path.join(TO, rel)))
  )[0];
const box = async (videoId: number) =>
  (
    await t.database.db
      .select({ x1: detections.x1, source: detections.source, by: detections.updatedById })
      .from(detections)
      .where(and(eq(detections.videoId, videoId), eq(detections.trackId, 2), eq(detections.frame, 2)))
  )[0];
const boxVersion = async (videoId: number) =>
  (
    await t.database.db
      .select({ version: detections.version })
      .from(detections)
      .where(and(eq(detections.videoId, videoId), eq(detections.trackId, 2), eq(detections.frame, 2)))
  )[0].version;
const annotationRows = async () =>
  (
    await t.database.sql.query(
      `select d.video_id, d.track_id, d.frame, d.x1, d.source, d.updated_by_id from detections d join videos v on v.id = d.video_id where v.source_root = $1 order by 1, 2, 3`,
      [TO],
    )
  ).rows;

it('an overwrite skips, with a warning, a video whose annotations were edited after the import began', async () => {
  const started = await importZip('overwrite');
  expect(started.status).toBe('queued');
  // while the job waits in the queue, a reviewer corrects a box of day 0 (completed, so overwrite would replace it)
  const day0 = await videoAt('day 0/clip_0.mp4');
  const edit = await t.app.inject({
    method: 'PATCH',
    url: `/api/v1/annotations/${day0.id}/tracks/2/detections/2`,
    headers: as(REVIEWER),
    payload: { x1: 0.05, y1: 0.2, x2: 0.45, y2: 0.7, version: await boxVersion(day0.id) },
  });
  expect(edit.statusCode).toBe(200);
  const day3Before = await videoAt('day 3/clip_3.mp4');

  await runImportJob(t.database, started.job_id);

  const done = await job(started.job_id);
  expect(done.warnings).toContain(
    'day 0/clip_0.mp4: skipped, its annotations changed after the import began (not overwritten)',
  );
  expect(done.progress).toMatchObject({ videos_imported: 1, videos_skipped: 3, videos_failed: 0 });
  expect(await box(day0.id)).toEqual({ x1: expect.closeTo(0.05), source: 'human', by: REVIEWER });
  // the untouched kiv video was overwritten as asked, and each video's outcome is listed
  expect((await videoAt('day 3/clip_3.mp4')).annotationVersion).toBe(day3Before.annotationVersion + 1);
  expect(done.videos).toEqual([
    {
      rel_path: 'day 0/clip_0.mp4',
      outcome: 'skipped',
      detail: 'skipped, its annotations changed after the import began (not overwritten)',
    },
    { rel_path: 'day 1/clip_1.mp4', outcome: 'skipped', detail: 'not overwritten, the video is reviewed' },
    { rel_path: 'day 2/clip_2.mp4', outcome: 'skipped', detail: 'not overwritten, the video is labelled' },
    { rel_path: 'day 3/clip_3.mp4', outcome: 'imported', detail: null },
  ]);
});

it('a worker handed an import that is no longer queued (a retry of an interrupted run) changes nothing', async () => {
  const started = await importZip('overwrite');
  // what a crash mid-import leaves: the row running, the archive still there
  await t.database.db.update(importJobs).set({ status: 'running' }).where(eq(importJobs.id, started.job_id));
  const before = await annotationRows();
  const versions = await t.database.sql.query('select id, annotation_version from videos order by id');

  await runImportJob(t.database, started.job_id);

  expect(await annotationRows()).toEqual(before);
  expect((await t.database.sql.query('select id, annotation_version from videos order by id')).rows).toEqual(
    versions.rows,
  );
  expect((await job(started.job_id)).status).toBe('running');
});

it('the queue job of an import is sent with no retries', async () => {
  const started = await importZip('skip_existing');
  const { rows } = await t.database.sql.query<{ retry_limit: number }>(
    `select retry_limit from pgboss.job where name = $1 and (data->>'jobId')::int = $2`,
    [QUEUES.import, started.job_id],
  );
  expect(rows).toEqual([{ retry_limit: 0 }]);
});

it('boxes an overwrite brings in are above every version the replaced ones had, so a save based on a replaced box is refused', async () => {
  const day3 = await videoAt('day 3/clip_3.mp4');
  // a reviewer opened day 3 and holds its box at the version read then
  const held = await boxVersion(day3.id);
  const started = await importZip('overwrite');
  await runImportJob(t.database, started.job_id);
  expect((await job(started.job_id)).videos).toContainEqual({
    rel_path: 'day 3/clip_3.mp4',
    outcome: 'imported',
    detail: null,
  });
  expect(await boxVersion(day3.id)).toBeGreaterThan(held);
  const stale = await t.app.inject({
    method: 'PATCH',
    url: `/api/v1/annotations/${day3.id}/tracks/2/detections/2`,
    headers: as(REVIEWER),
    payload: { x1: 0.05, y1: 0.2, x2: 0.45, y2: 0.7, version: held },
  });
  expect(stale.statusCode).toBe(409);
  expect(stale.json().detail).toMatch(/changed by/);
});
