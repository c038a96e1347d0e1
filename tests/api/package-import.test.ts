// Annotation packages across environments: export from one root, import into another (dry run first,
// then for real through the job queue), with the overwrite rules.
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { as } from '../helpers/test-app';
import { videos } from '../../server/db/schema';
import { decodeDetectionWindow } from '../../domain/detection-window';
import {
  ADMIN,
  FROM,
  annotationsOf,
  config,
  env,
  finished,
  importZip,
  importsDir,
  snapshot,
  startPackageImportApp,
} from '../helpers/package-import-env';

startPackageImportApp();

it('a dry run reports what the real run then does, and changes nothing', async () => {
  const before = await snapshot();
  const dry = await importZip(env.pkg, config({ dry_run: true }));
  expect(dry.statusCode).toBe(200);
  const report = dry.json();
  expect(report).toMatchObject({
    status: 'completed',
    dry_run: true,
    progress: { videos_imported: 4, videos_skipped: 0, videos_failed: 0 },
    summary: { persons_imported: 8, actions_imported: 8 },
    errors: [],
  });
  const after = await snapshot();
  expect({ ...after, import_jobs: [] }).toEqual({ ...before, import_jobs: [] });
  expect(importsDir()).toEqual([]);

  const start = await importZip(env.pkg);
  expect(start.statusCode).toBe(200);
  expect(start.json()).toMatchObject({ status: 'queued', dry_run: false });
  const done = await finished(start.json().job_id);
  expect(done.progress).toEqual(report.progress);
  expect(done.summary).toEqual(report.summary);
  expect(done.warnings).toEqual(report.warnings);
  expect(done.status).toBe('completed');
  expect(importsDir()).toEqual([]);
  // the real run (not the dry run) shows in the shared activity list, finished at 100 %
  const activity = (await env.t.app.inject({ method: 'GET', url: '/api/v1/jobs/activity', headers: as(ADMIN) })).json();
  const imports = activity.jobs.filter((j: { kind: string }) => j.kind === 'import');
  expect(imports).toHaveLength(1);
  expect(imports[0]).toMatchObject({ state: 'done', progress: 100, started_by: ADMIN });
});

it('the import reproduces every detection, keypoint, segment, relationship, status and history entry', async () => {
  const source = await annotationsOf(FROM);
  const target = await annotationsOf(env.TO);
  expect(target.detections).toHaveLength(16);
  expect(target).toEqual(source);
  const [v] = await env.t.database.db
    .select()
    .from(videos)
    .where(eq(videos.path, path.join(env.TO, 'day 0/clip_0.mp4')));
  expect(v.annotationVersion).toBe(1);
});

it('skip_existing skips annotated videos; overwrite replaces them but never touches reviewed or labelled ones', async () => {
  const skipped = await finished((await importZip(env.pkg)).json().job_id);
  expect(skipped.progress).toMatchObject({ videos_imported: 0, videos_skipped: 4 });
  expect(skipped.warnings).toContain('day 0/clip_0.mp4: skipped, it already has annotations');

  const before = await annotationsOf(env.TO);
  // a window read (and cached) before the overwrite is not served after it
  const [day0] = await env.t.database.db
    .select()
    .from(videos)
    .where(eq(videos.path, path.join(env.TO, 'day 0/clip_0.mp4')));
  const windowOf = () => env.t.app.inject({ url: `/api/v1/annotations/${day0.id}/detections?from=0&to=300` });
  const cached = await windowOf();
  expect(cached.statusCode).toBe(200);
  const over = await finished((await importZip(env.pkg, config({ mode: 'overwrite' }))).json().job_id);
  const reread = await env.t.app.inject({
    url: `/api/v1/annotations/${day0.id}/detections?from=0&to=300`,
    headers: { 'if-none-match': cached.headers.etag as string },
  });
  expect(reread.statusCode).toBe(200);
  expect(reread.headers.etag).not.toBe(cached.headers.etag);
  // the same boxes again, each at a version above the one it replaces (a save based on the old box is refused)
  const [was, now] = [cached, reread].map((r) => {
    const b = r.rawPayload;
    return decodeDetectionWindow(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer);
  });
  expect({ ...now, versions: null }).toEqual({ ...was, versions: null });
  for (let i = 0; i < was.count; i++) expect(now.versions[i]).toBeGreaterThan(was.versions[i]);
  // day 1 is reviewed and day 2 labelled after the first import: they stay as they are
  expect(over.progress).toMatchObject({ videos_imported: 2, videos_skipped: 2, videos_failed: 0 });
  expect(over.warnings).toEqual([
    'day 1/clip_1.mp4: not overwritten, the video is reviewed',
    'day 2/clip_2.mp4: not overwritten, the video is labelled',
  ]);
  expect(await annotationsOf(env.TO)).toEqual(before);
});

it('a video that fails is rolled back and listed in errors while the others are imported', async () => {
  const other = path.join(env.t.dataDir, 'second');
  const ids: number[] = [];
  for (let i = 0; i < 4; i++) {
    const rel = `day ${i}/clip_${i}.mp4`;
    const [v] = await env.t.database.db
      .insert(videos)
      .values({
        filename: `clip_${i}.mp4`,
        path: path.join(other, rel),
        relPath: rel,
        sourceRoot: other,
        processingStatus: 'pending',
      })
      .returning({ id: videos.id });
    ids.push(v.id);
  }
  // a database failure while the second video is written (the test's stand-in for a broken row)
  await env.t.database.sql.query(
    `create function fail_import() returns trigger language plpgsql as $$ begin raise exception 'relationship rejected'; end $$`,
  );
  await env.t.database.sql.query(
    `create trigger fail_import before insert on relationships for each row when (new.video_id = ${ids[1]}) execute function fail_import()`,
  );
  try {
    const job = await finished(
      (await importZip(env.pkg, config({ target_root: other, validate_files: false }))).json().job_id,
    );
    expect(job.status).toBe('completed_with_errors');
    expect(job.progress).toMatchObject({ videos_imported: 3, videos_failed: 1, videos_skipped: 0 });
    expect(job.errors).toEqual([expect.stringMatching(/^day 1\/clip_1\.mp4: .*relationship rejected/)]);
    const counts = await env.t.database.sql.query<{ video_id: number; n: number }>(
      `select video_id, count(*)::int as n from detections where video_id = any($1::int[]) group by video_id order by video_id`,
      [ids],
    );
    expect(counts.rows.map((r) => r.video_id)).toEqual([ids[0], ids[2], ids[3]]);
    const [failed] = await env.t.database.db.select().from(videos).where(eq(videos.id, ids[1]));
    expect(failed.processingStatus).toBe('pending');
  } finally {
    await env.t.database.sql.query('drop trigger fail_import on relationships');
    await env.t.database.sql.query('drop function fail_import');
  }
});

it('validate_files skips videos whose file is missing in this environment', async () => {
  fs.rmSync(path.join(env.TO, 'day 3/clip_3.mp4'));
  const dry = (await importZip(env.pkg, config({ dry_run: true, mode: 'overwrite' }))).json();
  expect(dry.warnings).toContain(`day 3/clip_3.mp4: file not found at ${path.join(env.TO, 'day 3/clip_3.mp4')}`);
  fs.writeFileSync(path.join(env.TO, 'day 3/clip_3.mp4'), 'video');
});
