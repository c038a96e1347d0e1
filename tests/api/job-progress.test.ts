// The long-job progress model through the API: progress fields on GET /videos/{id}/status, the activity
// list, and cancelling a queued job (who may, what it restores, what a finished job answers). Running
// jobs with the real model are in tests/processing/job-cancel.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, makeTestApp, seedUser, type TestApp } from '../helpers/test-app';
import { startQueue } from '../../server/queue';
import { insertVideo, logOf, statusOf } from '../processing/video-rows';
import { finishJob, ProgressReporter, readJob, reportProgress, startJob } from '../../server/services/job-progress';
import { sweepDeadJobs } from '../../server/jobs/recovery';
import type { ActivitySnapshot } from '../../domain/job-progress';
import { ingestSource } from '../../server/services/ingest';
import { makeClip } from '../processing/video-rows';
import fs from 'node:fs';
import path from 'node:path';

let t: TestApp;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await makeTestApp({ queue: (db) => startQueue(db) }); // a real queue, no worker: jobs stay queued
  await seedUser(t.database, 'boss', 'admin');
  for (const s of ['pending', 'completed', 'labelled', 'other'])
    ids[s] = await insertVideo(t.database, null, `/media/jp/${s}.mp4`, s === 'other' ? 'pending' : s, {
      sourceRoot: '/media/jp',
    });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'POST', url: string, user?: string) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: user ? as(user) : {} });
const queueJobState = async (videoId: number) =>
  (
    await t.database.sql.query<{ state: string }>(
      `select state::text as state from pgboss.job where name = 'video-process' and (data->>'videoId')::int = $1 order by created_on desc limit 1`,
      [videoId],
    )
  ).rows[0]?.state;

describe('progress reporting', () => {
  it('never goes down, and a finished job stands at 100', async () => {
    const id = await startJob(t.database.db, { kind: 'render', videoId: ids.other, startedBy: 'alice' });
    for (const p of [10, 55, 30, 70]) await reportProgress(t.database.db, id, { progress: p, stage: 'encoding' });
    expect((await readJob(t.database.db, id))?.progress).toBe(70);
    expect(await finishJob(t.database.db, id, 'done', { link: '/renders/1' })).toBe(true);
    const done = await readJob(t.database.db, id);
    expect(done).toMatchObject({ state: 'done', progress: 100, link: '/renders/1', etaS: null });
    expect(await finishJob(t.database.db, id, 'failed')).toBe(false); // an ended job stays as it ended
  });

  it('the reporter throttles writes, quotes an ETA from the measured rate and aborts its signal on a cancel', async () => {
    let now = 0;
    const id = await startJob(t.database.db, { kind: 'import', subject: 'package:/tmp/a.zip', startedBy: 'alice' });
    const r = new ProgressReporter(t.database.db, id, { now: () => now, cancelPollMs: 20 });
    r.report(10, 'copying');
    await r.flush();
    now = 10_000;
    r.report(30); // 20 % in 10 s → 70 % left ≈ 35 s
    await r.flush();
    now = 10_100;
    r.report(31); // inside the throttle: not written yet
    expect(await readJob(t.database.db, id)).toMatchObject({ progress: 30, etaS: 35, stage: 'copying' });
    await r.flush();
    expect((await readJob(t.database.db, id))?.progress).toBe(31);
    expect((await call('POST', `/jobs/${id}/cancel`, 'alice')).statusCode).toBe(200);
    // The reporter's poll may see the cancel before the POST's answer is back here: wait on the signal's
    // state, not only on a later event, or a slow machine hangs on an abort that already happened.
    await new Promise<void>((resolve) => {
      if (r.signal.aborted) resolve();
      else r.signal.addEventListener('abort', () => resolve());
    });
    expect(r.cancelledBy).toBe('alice');
    await r.close();
    expect(await finishJob(t.database.db, id, 'cancelled', { message: 'cancelled by alice' })).toBe(true);
  });
});

describe('GET /videos/{id}/status with a processing job', () => {
  it('adds progress, stage and eta_s (null without a job)', async () => {
    const before = (await call('GET', `/videos/${ids.pending}/status`)).json();
    expect(before).toMatchObject({ status: 'pending', progress: null, stage: null, eta_s: null });
    expect(before.last_updated).toBeTruthy();
    expect((await call('POST', `/videos/${ids.pending}/process`, 'alice')).statusCode).toBe(202);
    const s = (await call('GET', `/videos/${ids.pending}/status`, 'alice')).json();
    expect(s).toMatchObject({
      status: 'pending',
      progress: 0,
      stage: 'queued',
      eta_s: null,
      job_started_by: 'alice',
      can_cancel: true,
    });
    expect((await call('GET', `/videos/${ids.pending}/status`, 'mallory')).json().can_cancel).toBe(false);
  });
});

describe('POST /videos/{id}/cancel', () => {
  it('needs a signed-in user', async () => {
    expect((await call('POST', `/videos/${ids.pending}/cancel`)).statusCode).toBe(401);
  });

  it('refuses another annotator with 403 and a detail naming who may', async () => {
    const r = await call('POST', `/videos/${ids.pending}/cancel`, 'mallory');
    expect(r.statusCode).toBe(403);
    expect(r.json().detail).toBe('Only the user who started this job (alice), or an administrator, can cancel it');
    expect(await queueJobState(ids.pending)).toBe('created');
  });

  it('cancels a queued job for its starter: the queue job is withdrawn and the status restored', async () => {
    const r = await call('POST', `/videos/${ids.pending}/cancel`, 'alice');
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({
      kind: 'processing',
      video_id: ids.pending,
      state: 'cancelled',
      cancel_requested_by: 'alice',
    });
    expect(await queueJobState(ids.pending)).toBe('cancelled');
    expect((await statusOf(t.database, ids.pending)).processingStatus).toBe('pending');
    expect((await logOf(t.database, ids.pending)).join('\n')).toMatch(
      /processing cancelled by alice before it started; status pending restored, annotations unchanged/,
    );
    expect((await call('GET', `/videos/${ids.pending}/status`)).json()).toMatchObject({ progress: null, stage: null });
  });

  it('lets an admin cancel a reprocess someone else queued; the video is completed again with its previous status', async () => {
    const before = await statusOf(t.database, ids.completed);
    expect((await call('POST', `/videos/${ids.completed}/reprocess`, 'alice')).statusCode).toBe(202);
    expect((await statusOf(t.database, ids.completed)).processingStatus).toBe('pending');
    const r = await call('POST', `/videos/${ids.completed}/cancel`, 'boss');
    expect(r.statusCode).toBe(200);
    const after = await statusOf(t.database, ids.completed);
    expect(after.processingStatus).toBe('completed');
    expect(after.previousStatus).toBe(before.previousStatus);
    expect((await logOf(t.database, ids.completed)).join('\n')).toMatch(
      /processing cancelled by boss before it started/,
    );
  });

  it('answers 409 when the job has already ended, or when nothing was queued', async () => {
    const ended = await call('POST', `/videos/${ids.completed}/cancel`, 'boss');
    expect(ended.statusCode).toBe(409);
    expect(ended.json().detail).toMatch(/has no queued or running job: its last processing job is cancelled/);
    const never = await call('POST', `/videos/${ids.labelled}/cancel`, 'alice');
    expect(never.statusCode).toBe(409);
    expect(never.json().detail).toMatch(/has no queued or running job to cancel/);
    const id = (await readJobOf(ids.completed))!;
    const byId = await call('POST', `/jobs/${id}/cancel`, 'boss');
    expect(byId.statusCode).toBe(409);
    expect(byId.json().detail).toBe('This processing job has already ended (cancelled); there is nothing to cancel');
  });

  it('answers 400 for a bad id or kind and 404 for an unknown video or job', async () => {
    expect((await call('POST', '/videos/abc/cancel', 'alice')).statusCode).toBe(400);
    const kind = await call('POST', `/videos/${ids.pending}/cancel?kind=bake`, 'alice');
    expect(kind.statusCode).toBe(400);
    expect(kind.json().detail).toMatch(/kind must be one of/);
    expect((await call('POST', '/videos/999999/cancel', 'alice')).statusCode).toBe(404);
    expect((await call('POST', '/jobs/999999/cancel', 'alice')).statusCode).toBe(404);
  });
});

async function readJobOf(videoId: number): Promise<number | undefined> {
  const { rows } = await t.database.sql.query<{ id: number }>(
    'select id from job_progress where video_id = $1 order by id desc limit 1',
    [videoId],
  );
  return rows[0]?.id;
}

describe('GET /jobs/activity', () => {
  it('needs a signed-in user', async () => {
    expect((await call('GET', '/jobs/activity')).statusCode).toBe(401);
  });

  it('lists live jobs first with counts, finished ones after, and who may cancel what', async () => {
    expect((await call('POST', `/videos/${ids.other}/process`, 'alice')).statusCode).toBe(202);
    const running = await startJob(t.database.db, { kind: 'scan', sourceRoot: '/media/jp', startedBy: 'boss' });
    await reportProgress(t.database.db, running, { progress: 42, stage: 'probing', etaS: 65 });
    const a = (await call('GET', '/jobs/activity', 'alice')).json() as ActivitySnapshot;
    expect(a).toMatchObject({ running: 1, queued: 1 });
    expect(a.jobs[0]).toMatchObject({
      id: running,
      kind: 'scan',
      state: 'running',
      progress: 42,
      stage: 'probing',
      eta_s: 65,
      source_root: '/media/jp',
      started_by: 'boss',
      can_cancel: false,
    });
    expect(a.jobs[1]).toMatchObject({
      kind: 'processing',
      state: 'queued',
      video_id: ids.other,
      video_filename: 'other.mp4',
      started_by: 'alice',
      can_cancel: true,
    });
    const cancelled = a.jobs.find((j) => j.state === 'cancelled' && j.video_id === ids.pending);
    expect(cancelled).toMatchObject({ message: 'cancelled by alice', can_cancel: false });
    const asAdmin = (await call('GET', '/jobs/activity', 'boss')).json() as ActivitySnapshot;
    expect(
      asAdmin.jobs
        .filter((j) => j.can_cancel)
        .map((j) => j.id)
        .sort(),
    ).toEqual([running, a.jobs[1].id].sort());
    await finishJob(t.database.db, running, 'done');
  });

  it('answers 304 to a poll that already holds the unchanged list', async () => {
    const first = await call('GET', '/jobs/activity', 'alice');
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const etag = String(first.headers.etag);
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/v1/jobs/activity',
      headers: { ...as('alice'), 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/v1/jobs/activity',
      headers: { ...as('boss'), 'if-none-match': etag },
    });
    expect(other.statusCode).toBe(200); // another user's list (their Cancel rights) has its own tag
  });
});

describe('scans report through the same model', () => {
  it('a re-ingest ends done at 100 with its counts, linked to its ingest job', async () => {
    const root = path.join(t.dataDir, 'scan-root');
    fs.mkdirSync(root, { recursive: true });
    await makeClip(t.deps.media, path.join(root, 'one.mp4'));
    const r = await ingestSource(t.database.db, t.deps.media, root, { jobType: 'reingest', initiatedBy: 'boss' });
    const a = (await call('GET', '/jobs/activity', 'boss')).json() as ActivitySnapshot;
    const job = a.jobs.find((j) => j.kind === 'reingest' && j.source_root === root);
    expect(job).toMatchObject({
      state: 'done',
      progress: 100,
      started_by: 'boss',
      link: '/admin/repository',
      can_cancel: false,
    });
    const row = await readJob(t.database.db, job!.id);
    expect(row?.result).toMatchObject({ ingest_job_id: r.job_id, added: 1 });
  });
});

describe('start-up recovery', () => {
  it('fails running jobs of the dead process and queued ones whose queue job is gone; keeps queued ones that still wait', async () => {
    const dead = await startJob(t.database.db, { kind: 'reingest', sourceRoot: '/media/jp', startedBy: 'boss' });
    const orphan = await startJob(t.database.db, {
      kind: 'render',
      videoId: ids.labelled,
      startedBy: 'boss',
      state: 'queued',
      queue: { name: 'video-render', jobId: '00000000-0000-0000-0000-000000000000' },
    });
    const waiting = (
      await t.database.sql.query<{ id: number }>(
        `select id from job_progress where video_id = $1 and state = 'queued'`,
        [ids.other],
      )
    ).rows[0].id;
    await sweepDeadJobs(t.database, t.deps.queue!, { singleProcess: true });
    expect(await readJob(t.database.db, dead)).toMatchObject({
      state: 'failed',
      message: 'interrupted: the server stopped during this job',
    });
    expect((await readJob(t.database.db, orphan))?.state).toBe('failed');
    expect((await readJob(t.database.db, waiting))?.state).toBe('queued');
  });
});
