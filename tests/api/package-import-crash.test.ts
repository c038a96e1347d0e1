// A package import killed (kill -9) half-way, through the real server and file system on a persistent
// database: the restart ends it (failed with the videos it did, queue job cancelled, archive removed), and
// even a queue job handed over again after a reviewer's corrections changes nothing. The server is told
// (VAT_TEST_IMPORT_STALL_AFTER=3) to stop for good after the third of seven videos, so the kill always
// lands between videos 3 and 4 without any timing.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connectDatabase, type Database } from '../../server/db/connect';
import { actionSegments, detections, sources, users, videos } from '../../server/db/schema';
import { freshPostgres } from '../helpers/test-app';

const ADMIN = 'admin@example.com';
const REVIEWER = 'rev.two@example.com';
const FROM = '/media/field-a';
const VIDEOS = 7;
let dataDir: string;
let TO: string;
let pgDb: { url: string; drop(): Promise<void> } | null = null;
const running: ChildProcess[] = [];
const targetIds: number[] = [];

const openDb = () =>
  connectDatabase(pgDb ? { databaseUrl: pgDb.url, poolSize: 2 } : { dataDir: path.join(dataDir, 'db') });
async function withDb<T>(fn: (d: Database) => Promise<T>): Promise<T> {
  const d = await openDb();
  try {
    return await fn(d);
  } finally {
    await d.close();
  }
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vat-crash-'));
  TO = path.join(dataDir, 'target');
  if (process.env.VAT_TEST_DATABASE_URL) pgDb = await freshPostgres(process.env.VAT_TEST_DATABASE_URL);
  await withDb(async ({ db }) => {
    await db.insert(users).values([
      { id: ADMIN, role: 'admin' },
      { id: REVIEWER, role: 'annotator' },
    ]);
    // the same seven annotated clips in both environments: the package's boxes are AI boxes
    for (const root of [FROM, TO]) {
      await db.insert(sources).values({ root, label: root === FROM ? 'Field A' : 'Target', enabled: true });
      for (let i = 0; i < VIDEOS; i++) {
        const rel = `day ${i}/clip_${i}.mp4`;
        const [v] = await db
          .insert(videos)
          .values({
            filename: `clip_${i}.mp4`,
            path: path.join(root, rel),
            relPath: rel,
            sourceRoot: root,
            processingStatus: 'completed',
            aiProcessedAt: new Date(),
            width: 640,
            height: 360,
            totalFrames: 300,
            fps: 30,
            duration: 10,
          })
          .returning({ id: videos.id });
        await db.insert(detections).values(
          [0, 2, 4].map((frame) => ({
            videoId: v.id,
            trackId: 1,
            frame,
            x1: 0.1,
            y1: 0.2,
            x2: 0.3,
            y2: 0.8,
            confidence: 0.9,
            source: 'ai',
          })),
        );
        await db
          .insert(actionSegments)
          .values({ videoId: v.id, trackId: 1, actionClass: 'run', startTime: 0, endTime: 0.5, confidence: 0.7 });
        if (root === TO) targetIds.push(v.id);
      }
    }
  });
}, 120_000);
afterAll(async () => {
  for (const child of running)
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGKILL');
  await pgDb?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

/** The real server (`tsx server/main.ts`) in its own process group, so kill -9 reaches it and not only tsx. */
async function startServer(env: Record<string, string> = {}) {
  const port = await freePort();
  const child = spawn(path.resolve('node_modules/.bin/tsx'), ['server/main.ts'], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      VAT_SAMPLE_LIBRARY: '0',
      VAT_LOG_LEVEL: 'warn',
      VAT_STATIC_DIR: path.join(dataDir, 'no-static'),
      DATABASE_URL: pgDb?.url ?? '',
      ...env,
    },
  });
  running.push(child);
  let output = '';
  child.stdout!.on('data', (b) => {
    output += b;
  });
  child.stderr!.on('data', (b) => {
    output += b;
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const base = `http://127.0.0.1:${port}/api/v1`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited: ${output}`);
    const up = await fetch(`${base}/status`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const call = (url: string, init: RequestInit = {}, who = ADMIN) =>
    fetch(`${base}${url}`, {
      ...init,
      headers: {
        'x-user-id': who,
        ...(init.body && !(init.body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
        ...init.headers,
      },
    });
  return {
    call,
    output: () => output,
    async kill9() {
      process.kill(-child.pid!, 'SIGKILL');
      await exited;
    },
    async stop() {
      process.kill(child.pid!, 'SIGTERM');
      await exited;
    },
    async waitFor(text: string) {
      while (!output.includes(text)) await new Promise((r) => setTimeout(r, 100));
    },
  };
}

const importsDir = () => {
  const d = path.join(dataDir, 'tmp', 'imports');
  return fs.existsSync(d) ? fs.readdirSync(d) : [];
};

it("an import killed after 3 of 7 videos is ended at restart and never replayed over a reviewer's corrections", async () => {
  // 1. the import starts in overwrite mode and the server dies (kill -9) after its third video
  const a = await startServer({ VAT_TEST_IMPORT_STALL_AFTER: '3' });
  const exported = await a.call('/admin/repo/export_source', {
    method: 'POST',
    body: JSON.stringify({ source_root: FROM }),
  });
  expect(exported.status).toBe(200);
  const form = new FormData();
  form.set(
    'config',
    JSON.stringify({ source_root: FROM, target_root: TO, mode: 'overwrite', validate_files: false, dry_run: false }),
  );
  form.set('file', new Blob([await exported.arrayBuffer()], { type: 'application/zip' }), 'package.zip');
  const started = await a.call('/admin/repo/import_source', { method: 'POST', body: form });
  expect(started.status).toBe(200);
  const jobId: number = (await started.json()).job_id;
  const readJob = async (s: typeof a) => (await s.call(`/admin/repo/import_jobs/${jobId}`)).json();
  while ((await readJob(a)).progress.videos_imported < 3) await new Promise((r) => setTimeout(r, 100));
  await a.kill9();
  expect(importsDir()).toHaveLength(1); // what the crash leaves behind
  if (pgDb) {
    // on PostgreSQL another process could still be running it; hours later its progress row is plainly stale
    await withDb((d) =>
      d.sql.query(`update job_progress set updated_at = now() - interval '3 hours' where kind = 'import'`),
    );
  }

  // 2. the restart ends it: failed with the reason and the videos it did, archive gone, queue job cancelled
  const b = await startServer();
  const ended = await readJob(b);
  expect(ended.status).toBe('failed');
  const done = ['day 0/clip_0.mp4', 'day 1/clip_1.mp4', 'day 2/clip_2.mp4'];
  expect(ended.videos).toEqual(done.map((rel_path) => ({ rel_path, outcome: 'imported', detail: null })));
  expect(ended.errors.at(-1)).toBe(
    `Interrupted: the server stopped after 3 of 7 videos. Imported before the stop: ${done.join(', ')}. ` +
      'The other videos were not imported and this import will not run again; import the package again to finish it.',
  );
  expect(importsDir()).toEqual([]);
  const activity = await (await b.call('/jobs/activity')).json();
  expect(activity.jobs.filter((j: { kind: string }) => j.kind === 'import')).toEqual([
    expect.objectContaining({ state: 'failed', message: ended.errors.at(-1) }),
  ]);

  // 3. a reviewer corrects day 4 (not imported yet): a box becomes human, a verified segment is added
  const day4 = targetIds[4];
  const read = await (await b.call(`/annotations/${day4}`)).json();
  const version = read.person_tracks
    .find((tr: { track_id: number }) => tr.track_id === 1)
    ?.detections.find((d: { frame: number }) => d.frame === 2)?.version;
  const fixed = await b.call(
    `/annotations/${day4}/tracks/1/detections/2`,
    { method: 'PATCH', body: JSON.stringify({ x1: 0.05, y1: 0.2, x2: 0.45, y2: 0.7, version }) },
    REVIEWER,
  );
  expect(fixed.status).toBe(200);
  const added = await b.call(
    `/annotations/${day4}/actions`,
    {
      method: 'POST',
      body: JSON.stringify({ track_id: 1, action_class: 'fall', start_time: 1, end_time: 2, human_verified: true }),
    },
    REVIEWER,
  );
  expect(added.status).toBe(201);
  await b.stop();
  const corrected = await day4State(day4);
  expect(corrected.boxes).toContainEqual({ frame: 2, source: 'human', by: REVIEWER });
  expect(corrected.segments).toContainEqual({ action: 'fall', verified: true });

  // 4. even if the queue handed the job over again (as pg-boss does when an expired job has retries), nothing is replayed
  const queueJob = await withDb(
    async (d) =>
      (
        await d.sql.query<{ id: string; state: string; retry_limit: number }>(
          `select id, state::text as state, retry_limit from pgboss.job where name = 'package-import'`,
        )
      ).rows,
  );
  expect(queueJob).toEqual([{ id: expect.any(String), state: 'cancelled', retry_limit: 0 }]);
  await withDb((d) =>
    d.sql.query(`update pgboss.job set state = 'retry', start_after = now(), completed_on = null where id = $1`, [
      queueJob[0].id,
    ]),
  );
  const c = await startServer();
  await c.waitFor(`package import ${jobId} is not queued (it ended or was interrupted): not run again`);
  expect((await readJob(c)).status).toBe('failed');
  await c.stop();
  expect(await day4State(day4)).toEqual(corrected);
  expect(importsDir()).toEqual([]);
}, 300_000);

const day4State = (id: number) =>
  withDb(async (d) => ({
    version: (await d.sql.query<{ v: number }>('select annotation_version as v from videos where id = $1', [id]))
      .rows[0].v,
    boxes: (
      await d.sql.query(
        'select frame, source, updated_by_id as by from detections where video_id = $1 order by frame',
        [id],
      )
    ).rows,
    segments: (
      await d.sql.query(
        'select action_class as action, human_verified as verified from action_segments where video_id = $1 order by id',
        [id],
      )
    ).rows,
  }));
