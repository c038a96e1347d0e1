// A real import writes its boxes in batches that readers never see, and publishes them at once
// (imports/insert-columns.ts, migration 0023). Between two committed batches a reader is answered and sees
// all the old boxes and none of the new; after the import exactly the new ones (a package overwrite) or
// the old and the new (a file adds tracks), with nothing left behind in detection_rows. An edit made
// meanwhile is never lost, and an import stopped between batches leaves the old boxes and is cleared at
// start-up. On PGlite every batch is its own transaction; on PostgreSQL the write is one transaction.
import path from 'node:path';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { as, makeTestApp, seedUser, type TestApp } from '../helpers/test-app';
import { multipart } from '../helpers/multipart';
import { sources, videos } from '../../server/db/schema';
import { seedAnnotations } from '../../scripts/seed-annotations';
import { runImportJob } from '../../server/services/packages/import';
import { startQueue } from '../../server/queue';
import { stagingProbe } from '../../server/services/imports/insert-columns';
import { openStaging } from '../../server/repositories/detection-staging';
import { insertDetections } from '../../server/repositories/detection-bulk';
import { recoverInterruptedImports } from '../../server/services/packages/import-recovery';

const FROM = '/media/staging';
const ADMIN = 'admin@example.com';
const FRAMES = 300;
const TRACKS = 20; // 6,000 rows: several batches of the import's writer
let t: TestApp;
let TO: string;
let pkg: Buffer;
let coco: Buffer;
let sourceId: number;
let packageTarget: number;
let fileTarget: number;

beforeAll(async () => {
  t = await makeTestApp({ queue: (db) => startQueue(db) });
  await seedUser(t.database, ADMIN, 'admin');
  TO = path.join(t.dataDir, 'target');
  await t.database.db.insert(sources).values([
    { root: FROM, label: 'Staging', enabled: true },
    { root: TO, label: 'Target', enabled: true },
  ]);
  const clip = {
    totalFrames: FRAMES,
    fps: 30,
    width: 640,
    height: 360,
    processingStatus: 'completed',
    aiProcessedAt: new Date(),
  };
  [{ id: sourceId }, { id: packageTarget }, { id: fileTarget }] = await t.database.db
    .insert(videos)
    .values([
      { ...clip, filename: 'walk.mp4', relPath: 'walk.mp4', path: `${FROM}/walk.mp4`, sourceRoot: FROM },
      { ...clip, filename: 'walk.mp4', relPath: 'walk.mp4', path: path.join(TO, 'walk.mp4'), sourceRoot: TO },
      { ...clip, filename: 'file.mp4', relPath: 'file.mp4', path: path.join(TO, 'file.mp4'), sourceRoot: TO },
    ])
    .returning({ id: videos.id });
  await seedAnnotations(t.database, { videoId: sourceId, frameCount: FRAMES, fps: 30, tracks: TRACKS });
  // the targets' own boxes: other tracks, other places
  for (const id of [packageTarget, fileTarget])
    await seedAnnotations(t.database, { videoId: id, frameCount: 40, fps: 30, tracks: 2 });
  const exported = await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/repo/export_source',
    payload: { source_root: FROM, status: ['completed'], include_history: false },
    headers: as(ADMIN),
  });
  expect(exported.statusCode, exported.body).toBe(200);
  pkg = exported.rawPayload;
  const file = await t.app.inject({ url: `/api/v1/annotations/${sourceId}/export?format=coco-keypoints` });
  expect(file.statusCode).toBe(200);
  coco = file.rawPayload;
}, 120_000);
afterAll(() => t?.close());
afterEach(() => {
  stagingProbe.afterBatch = undefined;
});

/** The boxes a reader sees: how many, a checksum of their values, and the tracks the summary call lists. */
async function seen(videoId: number) {
  const { rows } = await t.database.sql.query<{ n: number; s: number }>(
    `select count(*)::int as n, coalesce(round(sum(x1 + 2 * y2 + frame * track_id + coalesce(keypoints[10], 0))::numeric, 3), 0)::float8 as s
     from detections where video_id = $1`,
    [videoId],
  );
  const summary = await t.app.inject({ url: `/api/v1/annotations/${videoId}/summary`, headers: as(ADMIN) });
  expect(summary.statusCode).toBe(200);
  const tracks = (summary.json().tracks as Array<{ track_id: number }>).map((x) => x.track_id);
  return { ...rows[0], tracks };
}
/** Every stored row of the video, hidden ones too, and the stagings left. */
async function stored(videoId: number) {
  const rows = await t.database.sql.query<{ n: number }>(
    'select count(*)::int as n from detection_rows where video_id = $1',
    [videoId],
  );
  const stagings = await t.database.sql.query<{ n: number }>('select count(*)::int as n from detection_stagings');
  return { rows: rows.rows[0].n, stagings: stagings.rows[0].n };
}

const importPackage = async () => {
  const form = multipart([
    {
      name: 'config',
      value: JSON.stringify({ source_root: FROM, target_root: TO, mode: 'overwrite', validate_files: false }),
    },
    { name: 'file', filename: 'package.zip', content: pkg, type: 'application/zip' },
  ]);
  const start = await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/repo/import_source',
    payload: form.payload,
    headers: { ...form.headers, ...as(ADMIN) },
  });
  expect(start.statusCode, start.body).toBe(200);
  expect(await runImportJob(t.database, start.json().job_id)).toBe(true);
  return (
    await t.app.inject({ url: `/api/v1/admin/repo/import_jobs/${start.json().job_id}`, headers: as(ADMIN) })
  ).json();
};
const importFile = () => {
  const form = multipart([
    { name: 'format', value: 'coco-keypoints' },
    { name: 'dry_run', value: 'false' },
    { name: 'file', filename: 'walk_coco_keypoints.json', content: coco, type: 'application/json' },
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/annotations/${fileTarget}/import`,
    payload: form.payload,
    headers: { ...form.headers, ...as(ADMIN) },
  });
};
/** A person's change of the box of track 1 on a frame, based on the version read now. */
async function editBox(videoId: number, frame: number) {
  const { rows } = await t.database.sql.query<{ version: number }>(
    'select version from detections where video_id = $1 and track_id = 1 and frame = $2',
    [videoId, frame],
  );
  return () =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/v1/annotations/${videoId}/tracks/1/detections/${frame}`,
      headers: as(ADMIN),
      payload: { x1: 0.4, y1: 0.4, x2: 0.5, y2: 0.6, version: rows[0].version },
    });
}

it('a package overwrite: between batches readers see only the old boxes; after it, exactly the package', async () => {
  const before = await seen(packageTarget);
  expect(before.tracks).toEqual([1, 2]);
  const during: Array<Awaited<ReturnType<typeof seen>>> = [];
  stagingProbe.afterBatch = async () => {
    during.push(await seen(packageTarget));
  };
  const job = await importPackage();
  expect(job).toMatchObject({ status: 'completed', progress: { videos_imported: 1 } });
  expect(during.length).toBeGreaterThan(1);
  expect(during).toEqual(during.map(() => before));
  const source = await seen(sourceId);
  expect(await seen(packageTarget)).toEqual(source);
  // the replaced boxes are deleted, not just hidden
  expect(await stored(packageTarget)).toEqual({ rows: TRACKS * FRAMES, stagings: 0 });
});

it('a file import: between batches readers see only the old boxes; after it, the old and the new', async () => {
  const before = await seen(fileTarget);
  const during: Array<Awaited<ReturnType<typeof seen>>> = [];
  stagingProbe.afterBatch = async () => {
    during.push(await seen(fileTarget));
  };
  const res = await importFile();
  expect(res.statusCode, res.body).toBe(200);
  expect(during.length).toBeGreaterThan(1);
  expect(during).toEqual(during.map(() => before));
  const after = await seen(fileTarget);
  expect(after.n).toBe(before.n + TRACKS * FRAMES);
  expect(after.tracks).toHaveLength(2 + TRACKS);
  expect(await stored(fileTarget)).toEqual({ rows: after.n, stagings: 0 });
});

it('an edit made while a package is written is never lost: the import gives way, or the edit is refused', async () => {
  const before = await seen(packageTarget);
  const save = await editBox(packageTarget, 5);
  let edit: Promise<{ statusCode: number; body: string }> | null = null;
  stagingProbe.afterBatch = async () => {
    if (edit) return;
    edit = save();
    // PGlite serves the edit between two batches; on PostgreSQL it waits for the import's one transaction
    if (t.database.kind === 'pglite') await edit;
  };
  const job = await importPackage();
  const saved = await edit!;
  const box = await t.database.sql.query<{ x1: number; source: string }>(
    'select x1, source from detections where video_id = $1 and track_id = 1 and frame = 5',
    [packageTarget],
  );
  if (t.database.kind === 'pglite') {
    // the edit was saved, and the import, checking the video's version as it publishes, left it alone
    expect(saved.statusCode, saved.body).toBe(200);
    expect(job.progress).toMatchObject({ videos_imported: 0, videos_skipped: 1 });
    expect(job.warnings).toEqual([expect.stringContaining('its annotations changed after the import began')]);
    expect(box.rows).toEqual([{ x1: expect.closeTo(0.4), source: 'human' }]);
  } else {
    // the import went first; the edit, based on a box it replaced, is refused instead of lost
    expect(saved.statusCode, saved.body).toBe(409);
    expect(job.progress).toMatchObject({ videos_imported: 1 });
    expect(box.rows).toEqual([{ x1: expect.not.closeTo(0.4), source: 'ai' }]);
  }
  const after = await seen(packageTarget);
  expect(after.n).toBe(before.n);
  expect(await stored(packageTarget)).toEqual({ rows: after.n, stagings: 0 });
});

it('an import stopped between batches leaves the old boxes, and start-up recovery clears what it wrote', async () => {
  const before = await seen(packageTarget);
  // what a stop after two batches leaves with the embedded database: an open staging and its rows committed
  const staging = await t.database.db.transaction(async (tx) => (await openStaging(tx, packageTarget, null, true))!);
  const rows = Array.from({ length: 2 * FRAMES }, (_, i) => ({
    trackId: 1 + (i % 2),
    frame: Math.floor(i / 2),
    x1: 0.7,
    y1: 0.7,
    x2: 0.8,
    y2: 0.9,
    confidence: 1,
    keypoints: null,
    source: 'human',
  }));
  for (const batch of [rows.slice(0, FRAMES), rows.slice(FRAMES)])
    await t.database.db.transaction((tx) => insertDetections(tx, packageTarget, batch, { place: staging }));
  expect(await seen(packageTarget)).toEqual(before);
  expect(await stored(packageTarget)).toEqual({ rows: before.n + 2 * FRAMES, stagings: 1 });
  // another import of the video meanwhile is told so instead of writing over the same keys
  const busy = await importPackage();
  expect(busy.warnings).toEqual([expect.stringContaining('another import is writing this video now')]);
  await recoverInterruptedImports(t.database, null, { singleProcess: true });
  expect(await seen(packageTarget)).toEqual(before);
  expect(await stored(packageTarget)).toEqual({ rows: before.n, stagings: 0 });
  // and the video takes the next import
  expect(await importPackage()).toMatchObject({ status: 'completed', progress: { videos_imported: 1 } });
  expect(await seen(packageTarget)).toEqual(await seen(sourceId));
});
