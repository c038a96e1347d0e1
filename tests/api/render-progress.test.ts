// A render in the long-job progress model, over the real queue, worker, ffmpeg and canvas: its
// job_progress row (queued at the request, begun by the worker, monotonic to 100, listed in
// /jobs/activity), a cancel while queued (the renders row comes back, the queue job is withdrawn), a
// cancel while running (both ffmpeg processes die, no .part.mp4 is left, the previous artifact stays
// downloadable under its key), who may cancel, and start-up recovery ending both rows alike.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { as, makeTestApp, type TestApp } from '../helpers/test-app';
import { QUEUES, startQueue } from '../../server/queue';
import { renders } from '../../server/db/schema';
import { VideoRenderer } from '../../server/jobs/kinds/render/video-renderer';
import type { RenderJobData } from '../../server/services/render/requests';
import { recoverKind } from '../../server/jobs/recovery';
import { readJob } from '../../server/services/job-progress';
import type { ActivityJob, ActivitySnapshot } from '../../domain/job-progress';
import { insertVideo, logOf, waitFor } from '../processing/video-rows';
import { makeClipWithAudio, storeTracks } from '../helpers/render-media';

let t: TestApp;
let vid: number;
let clipFile: string;
// long enough that a render is seen part-way, with an ETA, and cancelled while running (here it renders in
// 5–9 s; with 40 s it took a minute of the suite in each ffmpeg build's run)
const SECONDS = 24,
  FPS = 30;

const api = (method: 'GET' | 'POST', url: string, user: string | null = 'rev1') =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: user ? as(user) : {} });
const status = async () => (await api('GET', `/videos/${vid}/render/status`, null)).json();
const renderJob = async (): Promise<ActivityJob | undefined> =>
  ((await api('GET', '/jobs/activity')).json() as ActivitySnapshot).jobs.find(
    (j) => j.kind === 'render' && j.video_id === vid,
  );
const queueJobState = async (jobId: string) =>
  (await t.database.sql.query<{ state: string }>('select state::text as state from pgboss.job where id = $1', [jobId]))
    .rows[0]?.state;
/** Processes whose command line names the clip: the render's decoder and encoder both read it. */
const ffmpegOfClip = () =>
  fs
    .readdirSync('/proc')
    .filter((p) => /^\d+$/.test(p))
    .filter((p) => {
      try {
        return fs.readFileSync(`/proc/${p}/cmdline`, 'utf8').includes(clipFile);
      } catch {
        return false;
      }
    });
const partFiles = async () => {
  const [row] = await t.database.db.select().from(renders).where(eq(renders.videoId, vid));
  const dir = row?.path ? path.dirname(row.path) : null;
  return dir ? fs.readdirSync(dir).filter((f) => f.endsWith('.part.mp4')) : [];
};

beforeAll(async () => {
  t = await makeTestApp({ queue: (db) => startQueue(db) }); // no worker until the queued cases are done
  clipFile = await makeClipWithAudio(
    t.deps.media.ffmpegPath,
    path.join(t.dataDir, 'src', 'long-render.mp4'),
    '640x360',
    FPS,
    SECONDS,
  );
  vid = await insertVideo(t.database, t.deps.media, clipFile, 'completed');
  await storeTracks(t.database, vid, SECONDS * FPS, {
    1: { x1: 0.2, y1: 0.2, x2: 0.5, y2: 0.8 },
    2: { x1: 0.55, y1: 0.1, x2: 0.9, y2: 0.9 },
  });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('a queued render', () => {
  it('has a queued job_progress row with its queue job; another annotator may not cancel it, its starter may', async () => {
    const before = await status();
    expect((await api('POST', `/videos/${vid}/render`)).statusCode).toBe(202);
    const job = await renderJob();
    expect(job).toMatchObject({
      kind: 'render',
      state: 'queued',
      started_by: 'rev1',
      can_cancel: true,
      link: `/videos/${vid}/annotate`,
    });
    const row = (await readJob(t.database.db, job!.id))!;
    expect(row.queueName).toBe(QUEUES.render);

    const denied = await api('POST', `/videos/${vid}/cancel?kind=render`, 'ann2');
    expect(denied.statusCode).toBe(403);
    expect(denied.json().detail).toMatch(/rev1/);

    const r = await api('POST', `/videos/${vid}/cancel?kind=render`);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ id: job!.id, kind: 'render', state: 'cancelled', cancel_requested_by: 'rev1' });
    expect(await queueJobState(row.queueJobId!)).toBe('cancelled');
    expect(await status()).toEqual(before); // the renders row is back as it was before the request
    expect(await logOf(t.database, vid)).toContainEqual(
      expect.stringMatching(/render cancelled by rev1 before it started/),
    );
    // it has ended: cancelling again is a conflict
    expect((await api('POST', `/jobs/${job!.id}/cancel`)).statusCode).toBe(409);
  });

  it('POST /videos/{id}/cancel without kind stops the processing job first when both are live, then the render', async () => {
    expect((await api('POST', `/videos/${vid}/render`)).statusCode).toBe(202);
    const reprocess = await api('POST', `/videos/${vid}/reprocess`);
    expect(reprocess.statusCode, reprocess.body).toBe(202);
    const first = await api('POST', `/videos/${vid}/cancel`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ kind: 'processing', state: 'cancelled' });
    expect((await renderJob())?.state).toBe('queued');
    const second = await api('POST', `/videos/${vid}/cancel`);
    expect(second.json()).toMatchObject({ kind: 'render', state: 'cancelled' });
    expect((await api('GET', `/videos/${vid}`)).json().processing_status).toBe('completed');
  });

  it('whose queue job is lost ends failed on start in both the renders row and job_progress', async () => {
    expect((await api('POST', `/videos/${vid}/render`)).statusCode).toBe(202);
    const job = (await renderJob())!;
    const row = (await readJob(t.database.db, job.id))!;
    await t.deps.queue!.boss.cancel(QUEUES.render, row.queueJobId!);
    expect(
      (await recoverKind(t.database, t.deps.queue!, 'render', { singleProcess: true })).map((r) => r.videoId),
    ).toEqual([vid]);
    expect(await status()).toMatchObject({ phase: 'failed', error: expect.stringMatching(/interrupted/) });
    expect(await readJob(t.database.db, job.id)).toMatchObject({
      state: 'failed',
      message: expect.stringMatching(/interrupted/),
    });
  });
});

describe('a running render', () => {
  let firstKey: string;
  beforeAll(async () => {
    const renderer = new VideoRenderer({
      database: t.database,
      ffmpegPath: t.deps.media.ffmpegPath,
      dataDir: t.dataDir,
    });
    await t.deps.queue!.work<RenderJobData>(QUEUES.render, 1, async (d) => {
      await renderer.run(d);
    });
  });

  it('reports monotonic progress with stages up to 100 in job_progress, shown in /jobs/activity, and ends done', async () => {
    expect((await api('POST', `/videos/${vid}/render`)).statusCode).toBe(202);
    const seen: ActivityJob[] = [];
    await waitFor(
      async () => {
        const j = await renderJob();
        if (j) seen.push(j);
        return j?.state === 'done' || j?.state === 'failed';
      },
      'the render to finish',
      180_000,
    );
    const last = seen[seen.length - 1];
    expect(last, JSON.stringify(last)).toMatchObject({
      state: 'done',
      progress: 100,
      link: `/videos/${vid}/annotate`,
      eta_s: null,
    });
    const running = seen.filter((j) => j.state === 'running');
    expect(running.some((j) => j.stage === 'rendering' && j.progress > 0 && j.progress < 100)).toBe(true);
    expect(running.some((j) => j.stage === 'rendering' && j.eta_s != null && j.eta_s > 0)).toBe(true); // an ETA from the measured rate
    const progress = seen.map((j) => j.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    const s = await status();
    expect(s).toMatchObject({ state: 'done', phase: 'done', progress: 100 });
    firstKey = s.key;
  }, 200_000);

  it('stops on a cancel: both ffmpeg processes die, no .part.mp4 stays, the previous artifact stays downloadable', async () => {
    expect((await api('POST', `/videos/${vid}/render`)).statusCode).toBe(202);
    let job: ActivityJob | undefined;
    await waitFor(async () => {
      job = await renderJob();
      return job?.state === 'running' && job.progress >= 1;
    }, 'the render to be under way');
    expect(ffmpegOfClip().length).toBe(2);

    expect((await api('POST', `/jobs/${job!.id}/cancel`, 'ann2')).statusCode).toBe(403);
    const t0 = Date.now();
    const r = await api('POST', `/videos/${vid}/cancel?kind=render`);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ id: job!.id, state: 'running', cancel_requested_by: 'rev1' });
    await waitFor(
      async () => (await readJob(t.database.db, job!.id))?.state === 'cancelled',
      'the render to stop',
      30_000,
    );
    const latency = Date.now() - t0;
    await waitFor(async () => ffmpegOfClip().length === 0, 'both ffmpeg processes to exit', 10_000);
    console.info(`render cancel: job ended cancelled ${latency} ms after the cancel request`);

    const row = (await readJob(t.database.db, job!.id))!;
    expect(row).toMatchObject({ state: 'cancelled', message: 'cancelled by rev1' });
    expect(row.progress).toBeLessThan(100);
    const s = await status();
    expect(s).toMatchObject({
      state: 'done',
      phase: 'failed',
      error: 'cancelled by rev1',
      key: firstKey,
      progress: 100,
    });
    expect((await api('GET', `/videos/${vid}/render/download?k=${firstKey}`, null)).statusCode).toBe(200);
    expect(await partFiles()).toEqual([]);
    expect(await logOf(t.database, vid)).toContainEqual(
      expect.stringMatching(/render cancelled by rev1 after .* at \d+%/),
    );
    // and a new render may start
    expect((await api('POST', `/videos/${vid}/render`)).statusCode).toBe(202);
    await waitFor(async () => ['done', 'failed'].includes((await status()).phase), 'the next render', 180_000);
    expect((await status()).phase).toBe('done');
  }, 240_000);
});
