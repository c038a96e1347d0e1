// A large package video is parsed and checked off the server's event loop: a status call made the moment
// its bytes are read is answered before its check ends (asserted by the order of the two, not by time),
// in a dry run and in a real run, and the real run still stores every row exactly.
import path from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { as, makeTestApp, seedUser, type TestApp } from '../helpers/test-app';
import { multipart } from '../helpers/multipart';
import { makeZip, readZip } from '../helpers/zip';
import { sources, videos } from '../../server/db/schema';
import { seedAnnotations } from '../../scripts/seed-annotations';
import { PackageReader } from '../../server/services/packages/package-reader';
import { runImportJob } from '../../server/services/packages/import';
import { startQueue } from '../../server/queue';

const FROM = '/media/crowd';
const ADMIN = 'admin@example.com';
const FRAMES = 2500;
const TRACKS = 20; // 50,000 rows with keypoints: a video file of about 15 MB
let t: TestApp;
let TO: string;
let pkg: Buffer;

beforeAll(async () => {
  // a queue that takes the job but has no worker: the test runs the job itself, as the worker would
  t = await makeTestApp({ queue: (db) => startQueue(db) });
  await seedUser(t.database, ADMIN, 'admin');
  TO = path.join(t.dataDir, 'target');
  await t.database.db.insert(sources).values([
    { root: FROM, label: 'Crowd', enabled: true },
    { root: TO, label: 'Target', enabled: true },
  ]);
  const clip = { filename: 'crowd.mp4', relPath: 'crowd.mp4', totalFrames: FRAMES, fps: 30, width: 640, height: 360 };
  const [source] = await t.database.db
    .insert(videos)
    .values([
      {
        ...clip,
        path: `${FROM}/crowd.mp4`,
        sourceRoot: FROM,
        processingStatus: 'completed',
        aiProcessedAt: new Date(),
      },
      { ...clip, path: path.join(TO, 'crowd.mp4'), sourceRoot: TO, processingStatus: 'pending' },
    ])
    .returning({ id: videos.id });
  await seedAnnotations(t.database, { videoId: source.id, frameCount: FRAMES, fps: 30, tracks: TRACKS });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/repo/export_source',
    payload: { source_root: FROM, status: ['completed'], include_history: false },
    headers: as(ADMIN),
  });
  expect(res.statusCode, res.body).toBe(200);
  pkg = res.rawPayload;
  expect((await readZip(pkg)).files.get('videos/000001.json')!.length).toBeGreaterThan(10 * 1024 * 1024);
}, 120_000);
afterAll(() => t?.close());

const config = (over: object) =>
  JSON.stringify({ source_root: FROM, target_root: TO, mode: 'overwrite', validate_files: false, ...over });
const importZip = (zip: Buffer, cfg: string) => {
  const form = multipart([
    { name: 'config', value: cfg },
    { name: 'file', filename: 'package.zip', content: zip, type: 'application/zip' },
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/repo/import_source',
    payload: form.payload,
    headers: { ...form.headers, ...as(ADMIN) },
  });
};

/**
 * Records, for every package video read from now on, when its bytes were in hand and a status call was
 * made, when that call was answered, and when the video's checks ended.
 */
function watchVideoChecks() {
  const events: string[] = [];
  const proto = PackageReader.prototype as unknown as {
    read(name: string): Promise<Buffer>;
    readVideo(...args: unknown[]): Promise<unknown>;
  };
  const read = proto.read;
  const readVideo = proto.readVideo;
  const reads = vi.spyOn(proto, 'read').mockImplementation(async function (this: unknown, name: string) {
    const bytes = await read.call(this, name);
    if (name.startsWith('videos/')) {
      events.push('bytes read, status asked');
      void t.app.inject({ url: '/api/v1/status' }).then((res) => events.push(`status answered ${res.statusCode}`));
    }
    return bytes;
  });
  const checks = vi.spyOn(proto, 'readVideo').mockImplementation(async function (this: unknown, ...args: unknown[]) {
    const video = await readVideo.apply(this, args);
    events.push('video checked');
    return video;
  });
  return {
    events,
    restore: () => {
      reads.mockRestore();
      checks.mockRestore();
    },
  };
}

it('a dry run: the status call made while the video is checked is answered before the check ends', async () => {
  const watch = watchVideoChecks();
  try {
    const res = await importZip(pkg, config({ dry_run: true }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'completed',
      progress: { videos_imported: 1 },
      summary: { persons_imported: TRACKS, detections_imported: TRACKS * FRAMES },
    });
  } finally {
    watch.restore();
  }
  // the request's check and the dry run's own read: each time the status call comes first
  expect(watch.events).toEqual([
    'bytes read, status asked',
    'status answered 200',
    'video checked',
    'bytes read, status asked',
    'status answered 200',
    'video checked',
  ]);
});

it('a real run: answered meanwhile too, and every row is stored as it was exported', async () => {
  const start = await importZip(pkg, config({ dry_run: false }));
  expect(start.statusCode, start.body).toBe(200);
  expect(start.json().status).toBe('queued');
  const watch = watchVideoChecks();
  try {
    expect(await runImportJob(t.database, start.json().job_id)).toBe(true);
  } finally {
    watch.restore();
  }
  expect(watch.events).toEqual(['bytes read, status asked', 'status answered 200', 'video checked']);
  const sums = await t.database.sql.query<{ root: string; n: number; s: number }>(
    `select v.source_root as root, count(*)::int as n,
       round(sum(d.x1 + 2 * d.y2 + 3 * d.confidence + d.frame * d.track_id + coalesce(d.keypoints[10], 0))::numeric, 3)::float8 as s
     from detections d join videos v on v.id = d.video_id group by 1 order by 1`,
  );
  expect(sums.rows).toHaveLength(2);
  expect(sums.rows[0].n).toBe(TRACKS * FRAMES);
  expect(sums.rows[1]).toMatchObject({ n: sums.rows[0].n, s: sums.rows[0].s });
});

it('a large video file refused in the worker answers the same detail as a small one', async () => {
  const { names, files } = await readZip(pkg);
  const manifest = JSON.parse(files.get('manifest.json')!.toString());
  manifest.files[0].sha256 = '0'.repeat(64);
  files.set('manifest.json', Buffer.from(JSON.stringify(manifest)));
  const res = await importZip(
    await makeZip(names.map((n) => ({ name: n, content: files.get(n)! }))),
    config({ dry_run: true }),
  );
  expect(res.statusCode).toBe(400);
  expect(res.json().detail).toBe('videos/000001.json: its sha256 differs from manifest.json');
});
