// Annotation packages across environments: export from one root, import into another (dry run first,
// then for real through the job queue), with the overwrite rules and every refusal leaving the database
// as it was.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { as, makeTestApp, seedUser, type TestApp } from '../helpers/test-app';
import { multipart } from '../helpers/multipart';
import { seedPackageSource, seedTargetSource } from '../helpers/package-seed';
import { makeZip, readZip } from '../helpers/zip';
import { QUEUES, startQueue } from '../../server/queue';
import { runImportJob } from '../../server/services/packages/import';
import { videos } from '../../server/db/schema';
import { decodeDetectionWindow } from '../../domain/detection-window';

let t: TestApp;
let pkg: Buffer;
const FROM = '/media/field-a';
let TO: string;
const ADMIN = 'admin@example.com';

beforeAll(async () => {
  t = await makeTestApp({ queue: (db) => startQueue(db) });
  await seedUser(t.database, ADMIN, 'admin');
  await seedPackageSource(t.database, FROM, 'Field A');
  TO = path.join(t.dataDir, 'target');
  // the same four clips in the other environment, unannotated, with their files on disk
  await seedTargetSource(t.database, TO);
  const res = await t.app.inject({
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
  pkg = res.rawPayload;
  await t.deps.queue!.work<{ jobId: number }>(QUEUES.import, 1, async (d) => {
    await runImportJob(t.database, d.jobId);
  });
});
afterAll(async () => {
  await t?.close();
});

const config = (over: object = {}) =>
  JSON.stringify({
    source_root: FROM,
    target_root: TO,
    mode: 'skip_existing',
    validate_files: true,
    dry_run: false,
    ...over,
  });
const importZip = (zip: Buffer, cfg: string = config(), who = ADMIN) => {
  const form = multipart([
    { name: 'config', value: cfg },
    { name: 'file', filename: 'package.zip', content: zip, type: 'application/zip' },
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/repo/import_source',
    payload: form.payload,
    headers: { ...form.headers, ...as(who) },
  });
};
const getJob = (id: number) =>
  t.app.inject({ method: 'GET', url: `/api/v1/admin/repo/import_jobs/${id}`, headers: as(ADMIN) });
async function finished(id: number) {
  for (;;) {
    const job = (await getJob(id)).json();
    if (!['queued', 'running'].includes(job.status)) return job;
    await new Promise((r) => setTimeout(r, 100));
  }
}

const TABLES = [
  'videos',
  'detections',
  'action_segments',
  'relationships',
  'status_history',
  'processing_log',
  'import_jobs',
];
async function snapshot() {
  const out: Record<string, unknown[]> = {};
  for (const table of TABLES) out[table] = (await t.database.sql.query(`select * from ${table} order by 1, 2`)).rows;
  return out;
}
const importsDir = () => {
  const d = path.join(t.dataDir, 'tmp', 'imports');
  return fs.existsSync(d) ? fs.readdirSync(d) : [];
};

/** Everything of a video that a package carries, keyed by its relative path. */
async function annotationsOf(root: string) {
  const q = async (sql: string) => (await t.database.sql.query(sql, [root])).rows;
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

it('a dry run reports what the real run then does, and changes nothing', async () => {
  const before = await snapshot();
  const dry = await importZip(pkg, config({ dry_run: true }));
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

  const start = await importZip(pkg);
  expect(start.statusCode).toBe(200);
  expect(start.json()).toMatchObject({ status: 'queued', dry_run: false });
  const done = await finished(start.json().job_id);
  expect(done.progress).toEqual(report.progress);
  expect(done.summary).toEqual(report.summary);
  expect(done.warnings).toEqual(report.warnings);
  expect(done.status).toBe('completed');
  expect(importsDir()).toEqual([]);
  // the real run (not the dry run) shows in the shared activity list, finished at 100 %
  const activity = (await t.app.inject({ method: 'GET', url: '/api/v1/jobs/activity', headers: as(ADMIN) })).json();
  const imports = activity.jobs.filter((j: { kind: string }) => j.kind === 'import');
  expect(imports).toHaveLength(1);
  expect(imports[0]).toMatchObject({ state: 'done', progress: 100, started_by: ADMIN });
});

it('the import reproduces every detection, keypoint, segment, relationship, status and history entry', async () => {
  const source = await annotationsOf(FROM);
  const target = await annotationsOf(TO);
  expect(target.detections).toHaveLength(16);
  expect(target).toEqual(source);
  const [v] = await t.database.db
    .select()
    .from(videos)
    .where(eq(videos.path, path.join(TO, 'day 0/clip_0.mp4')));
  expect(v.annotationVersion).toBe(1);
});

it('skip_existing skips annotated videos; overwrite replaces them but never touches reviewed or labelled ones', async () => {
  const skipped = await finished((await importZip(pkg)).json().job_id);
  expect(skipped.progress).toMatchObject({ videos_imported: 0, videos_skipped: 4 });
  expect(skipped.warnings).toContain('day 0/clip_0.mp4: skipped, it already has annotations');

  const before = await annotationsOf(TO);
  // a window read (and cached) before the overwrite is not served after it
  const [day0] = await t.database.db
    .select()
    .from(videos)
    .where(eq(videos.path, path.join(TO, 'day 0/clip_0.mp4')));
  const windowOf = () => t.app.inject({ url: `/api/v1/annotations/${day0.id}/detections?from=0&to=300` });
  const cached = await windowOf();
  expect(cached.statusCode).toBe(200);
  const over = await finished((await importZip(pkg, config({ mode: 'overwrite' }))).json().job_id);
  const reread = await t.app.inject({
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
  expect(await annotationsOf(TO)).toEqual(before);
});

it('a video that fails is rolled back and listed in errors while the others are imported', async () => {
  const other = path.join(t.dataDir, 'second');
  const ids: number[] = [];
  for (let i = 0; i < 4; i++) {
    const rel = `day ${i}/clip_${i}.mp4`;
    const [v] = await t.database.db
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
  await t.database.sql.query(
    `create function fail_import() returns trigger language plpgsql as $$ begin raise exception 'relationship rejected'; end $$`,
  );
  await t.database.sql.query(
    `create trigger fail_import before insert on relationships for each row when (new.video_id = ${ids[1]}) execute function fail_import()`,
  );
  try {
    const job = await finished(
      (await importZip(pkg, config({ target_root: other, validate_files: false }))).json().job_id,
    );
    expect(job.status).toBe('completed_with_errors');
    expect(job.progress).toMatchObject({ videos_imported: 3, videos_failed: 1, videos_skipped: 0 });
    expect(job.errors).toEqual([expect.stringMatching(/^day 1\/clip_1\.mp4: .*relationship rejected/)]);
    const counts = await t.database.sql.query<{ video_id: number; n: number }>(
      `select video_id, count(*)::int as n from detections where video_id = any($1::int[]) group by video_id order by video_id`,
      [ids],
    );
    expect(counts.rows.map((r) => r.video_id)).toEqual([ids[0], ids[2], ids[3]]);
    const [failed] = await t.database.db.select().from(videos).where(eq(videos.id, ids[1]));
    expect(failed.processingStatus).toBe('pending');
  } finally {
    await t.database.sql.query('drop trigger fail_import on relationships');
    await t.database.sql.query('drop function fail_import');
  }
});

it('validate_files skips videos whose file is missing in this environment', async () => {
  fs.rmSync(path.join(TO, 'day 3/clip_3.mp4'));
  const dry = (await importZip(pkg, config({ dry_run: true, mode: 'overwrite' }))).json();
  expect(dry.warnings).toContain(`day 3/clip_3.mp4: file not found at ${path.join(TO, 'day 3/clip_3.mp4')}`);
  fs.writeFileSync(path.join(TO, 'day 3/clip_3.mp4'), 'video');
});

/** Rewrites an entry name inside a zip (local header and central directory alike), keeping its length. */
function renameEntry(zip: Buffer, from: string, to: string): Buffer {
  expect(to).toHaveLength(from.length);
  const out = Buffer.from(zip);
  let at = out.indexOf(from);
  while (at >= 0) {
    out.write(to, at, 'latin1');
    at = out.indexOf(from, at + 1);
  }
  return out;
}

async function expectRefused(zip: Buffer, status: number, detail: string | RegExp) {
  const before = await snapshot();
  const res = await importZip(zip);
  expect(res.statusCode).toBe(status);
  if (typeof detail === 'string') expect(res.json().detail).toBe(detail);
  else expect(res.json().detail).toMatch(detail);
  expect(await snapshot()).toEqual(before);
  expect(importsDir()).toEqual([]);
}

async function packageWith(
  change: (
    files: Map<string, Buffer>,
    manifest: { files: Array<{ path: string; sha256: string; bytes: number }> },
  ) => void,
  extra: Array<{ name: string; content: Buffer | string; mode?: number }> = [],
) {
  const { names, files } = await readZip(pkg);
  const manifest = JSON.parse(files.get('manifest.json')!.toString());
  change(files, manifest);
  for (const f of manifest.files)
    if (files.has(f.path)) {
      f.sha256 = createHash('sha256').update(files.get(f.path)!).digest('hex');
      f.bytes = files.get(f.path)!.length;
    }
  files.set('manifest.json', Buffer.from(JSON.stringify(manifest)));
  return makeZip([...names.filter((n) => files.has(n)).map((n) => ({ name: n, content: files.get(n)! })), ...extra]);
}

it('refuses zip-slip entry names and symbolic links, writing nothing', async () => {
  const climbing = renameEntry(
    await makeZip([
      { name: 'videos/evil.json', content: '{}' },
      { name: 'manifest.json', content: '{}' },
    ]),
    'videos/evil.json',
    '../../evil.jsonx',
  );
  await expectRefused(
    climbing,
    400,
    /^Unsafe or damaged entry in the archive: invalid relative path: \.\.\/\.\.\/evil\.jsonx/,
  );
  const absolute = renameEntry(
    await makeZip([{ name: 'videos/evil.json', content: '{}' }]),
    'videos/evil.json',
    '/tmp/x/evil.json',
  );
  await expectRefused(absolute, 400, /^Unsafe or damaged entry in the archive: absolute path: \/tmp\/x\/evil\.json/);
  const link = await makeZip([
    { name: 'videos/link.json', content: '/etc/passwd', mode: 0o120777 },
    { name: 'manifest.json', content: '{}' },
  ]);
  await expectRefused(link, 400, 'videos/link.json: symbolic links are not allowed in a package');
});

it('refuses an archive that expands more than 100× (declared or actually inflated), writing nothing', async () => {
  const bomb = await makeZip([{ name: 'manifest.json', content: Buffer.alloc(20 * 1024 * 1024, 0x20) }]);
  await expectRefused(bomb, 400, 'The archive would expand to more than 100× its size; refused');
  // the same bytes with the sizes in the directory understated: the inflated bytes are counted instead
  const lying = Buffer.from(bomb);
  const cd = lying.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
  lying.writeUInt32LE(10, cd + 24);
  await expectRefused(
    lying,
    400,
    /^(Unsafe or damaged entry in the archive|manifest\.json): .*(too many bytes|expands to more than 100×)/,
  );
});

it('refuses a malformed manifest or video file naming the entry, writing nothing', async () => {
  await expectRefused(
    await makeZip([{ name: 'manifest.json', content: '{ nope' }]),
    400,
    /^manifest\.json: not valid JSON/,
  );
  await expectRefused(
    await makeZip([{ name: 'manifest.json', content: '{"format": "vat-package", "version": 2}' }]),
    400,
    /^manifest\.json: version: /,
  );
  await expectRefused(
    await packageWith((files) => files.set('videos/000002.json', Buffer.from('[1, 2'))),
    400,
    /^videos\/000002\.json: not valid JSON/,
  );
  await expectRefused(
    await packageWith((files) => {
      const v = JSON.parse(files.get('videos/000003.json')!.toString());
      v.tracks[0].frames.push(99); // one more frame than the box column holds
      files.set('videos/000003.json', Buffer.from(JSON.stringify(v)));
    }),
    400,
    'videos/000003.json: track 1: with_keypoints and source need one character per frame',
  );
  await expectRefused(
    await packageWith((files) => {
      const v = JSON.parse(files.get('videos/000001.json')!.toString());
      v.rel_path = '../outside.mp4';
      files.set('videos/000001.json', Buffer.from(JSON.stringify(v)));
    }),
    400,
    "videos/000001.json: rel_path '../outside.mp4' is not a safe relative path",
  );
  await expectRefused(
    await packageWith(() => {}, [{ name: 'videos/extra.json', content: '{}' }]),
    400,
    'videos/extra.json: not listed in manifest.json',
  );
});

it('refuses a package from another root, bad config and non-admins; 404 for unknown jobs', async () => {
  const other = await importZip(pkg, config({ source_root: '/media/elsewhere' }));
  expect(other.json().detail).toBe(`The package was exported from ${FROM}, not from /media/elsewhere`);
  const noTarget = await importZip(pkg, JSON.stringify({ source_root: FROM, target_root: '' }));
  expect(noTarget.json().detail).toBe('config.target_root: Target root path is required');
  expect((await importZip(pkg, config(), 'nobody@example.com')).statusCode).toBe(403);
  expect((await getJob(999999)).statusCode).toBe(404);
  expect(importsDir()).toEqual([]);
});

it('refuses an archive over the configured size with 413', async () => {
  const small = await makeTestApp({ env: { VAT_MAX_UPLOAD_MB: '1' } });
  try {
    await seedUser(small.database, ADMIN, 'admin');
    const form = multipart([
      { name: 'config', value: config() },
      { name: 'file', filename: 'big.zip', content: Buffer.alloc(1536 * 1024, 1) },
    ]);
    const res = await small.app.inject({
      method: 'POST',
      url: '/api/v1/admin/repo/import_source',
      payload: form.payload,
      headers: { ...form.headers, ...as(ADMIN) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().detail).toBe('The file is larger than 1 MB');
    expect(fs.readdirSync(path.join(small.dataDir, 'tmp', 'imports'))).toEqual([]);
    expect((await small.database.sql.query('select count(*)::int as n from import_jobs')).rows).toEqual([{ n: 0 }]);
  } finally {
    await small.close();
  }
});
