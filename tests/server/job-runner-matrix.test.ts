// One lifecycle, every job kind: cancel while queued, cancel while running, a failure, and a crash followed
// by a restart, each run over every kind's real definition (its hooks: what a cancel puts back, what a
// failure records, what start-up recovery does) on the real embedded database, with cancels sent through
// POST /jobs/{id}/cancel. The work itself is the kind's own (tested with each kind); here it is a stand-in
// that reports progress and waits to be stopped, so each case is about the lifecycle around the work.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, makeTestApp, seedUser, type TestApp } from '../helpers/test-app';
import { startQueue } from '../../server/queue';
import { insertVideo, logOf, statusOf } from '../processing/video-rows';
import { readJob, startJob } from '../../server/services/job-progress';
import { queueProcessing } from '../../server/services/processing-requests';
import { getRenderStatus, requestRender } from '../../server/services/render/requests';
import { findRender, startRender } from '../../server/repositories/renders';
import { beginJob } from '../../server/services/job-progress';
import {
  claimImportJob,
  findImportJob,
  insertImportJob,
  updateImportJob,
} from '../../server/repositories/package-import';
import { changeStatus } from '../../server/services/status';
import { JOB_DEFINITIONS } from '../../server/jobs/registry';
import { runJob, type RunEnd } from '../../server/services/job-runner';
import { recoverJobs } from '../../server/jobs/recovery';
import type { JobContext, JobEnd } from '../../server/services/job-definition';
import { JOB_KINDS, type JobKind } from '../../domain/job-progress';

let t: TestApp;
let n = 0;

beforeAll(async () => {
  t = await makeTestApp({ queue: (db) => startQueue(db) }); // a real queue and no worker: queued jobs stay queued
  await seedUser(t.database, 'boss', 'admin');
}, 60_000);
afterAll(async () => {
  await t?.close();
});

type Work = (ctx: JobContext) => Promise<JobEnd>;
/** One run of a kind as its request leaves it: the progress row, the data its worker gets, and its subject. */
interface Run {
  progressId: number;
  data: unknown;
  videoId?: number;
  token?: string;
  importId?: number;
}

/** The kind's dependencies with `work` in place of the real work (each kind names its work differently). */
const depsWith = (kind: JobKind, work: Work): unknown => {
  const w = (ctx: JobContext) => work(ctx);
  if (kind === 'processing') return { analyse: w };
  if (kind === 'render') return { render: w };
  if (kind === 'follow') return { follow: w };
  return { run: w };
};

const newVideo = (status: string) =>
  insertVideo(t.database, null, `/media/matrix/clip-${++n}.mp4`, status, { sourceRoot: '/media/matrix' });

/** A queued run, made the way each kind's request makes it. */
async function queuedRun(kind: JobKind): Promise<Run> {
  const db = t.database.db;
  if (kind === 'processing') {
    // the request moved a completed video to pending; a cancel before the start puts 'completed' back
    const videoId = await newVideo('pending');
    const data = { videoId, fromStatus: 'completed', requestedBy: 'boss' };
    const progressId = await queueProcessing({ db, queue: t.deps.queue! } as never, { ...data, fromPrevious: null });
    return { progressId, data: { ...data, progressId }, videoId };
  }
  if (kind === 'render') {
    const videoId = await newVideo('completed');
    await requestRender({ db, sql: t.database.sql, queue: t.deps.queue! }, videoId, 'boss');
    const token = (await findRender(db, videoId))!.jobToken!;
    const progressId = (
      await t.database.sql.query<{ id: number }>(
        `select id from job_progress where kind = 'render' and video_id = $1`,
        [videoId],
      )
    ).rows[0].id;
    return { progressId, data: { videoId, token, requestedBy: 'boss', progressId }, videoId, token };
  }
  if (kind === 'import') {
    const job = await insertImportJob(db, {
      status: 'queued',
      sourceRoot: '/media/from',
      targetRoot: '/media/matrix',
      mode: 'merge',
      archivePath: null,
      initiatedBy: 'boss',
    });
    // claimed with its progress row, as runImportJob does
    await claimImportJob(db, job.id);
    const progressId = await startJob(db, {
      kind: 'import',
      sourceRoot: '/media/matrix',
      startedBy: 'boss',
      state: 'queued',
      link: '/admin/repository',
    });
    await updateImportJob(db, job.id, { progressId });
    return { progressId, data: (await findImportJob(db, job.id))!, importId: job.id };
  }
  const videoId = kind === 'follow' ? await newVideo('completed') : undefined;
  const progressId = await startJob(db, {
    kind,
    videoId,
    sourceRoot: kind === 'follow' ? null : '/media/matrix',
    subject: `matrix:${++n}`,
    startedBy: 'boss',
    state: 'queued',
  });
  return { progressId, data: null, videoId };
}

/** The kind's own state moved on as its work does when it starts (the stand-in work does not). */
async function started(kind: JobKind, r: Run): Promise<void> {
  if (kind === 'processing')
    await changeStatus(t.database.db, {
      videoId: r.videoId!,
      to: 'processing',
      by: 'boss',
      from: ['pending'],
      remark: 'AI processing started',
    });
  if (kind === 'render') await startRender(t.database.db, r.videoId!, r.token!);
}

const cancel = (id: number) => t.app.inject({ method: 'POST', url: `/api/v1/jobs/${id}/cancel`, headers: as('boss') });

/** Stand-in work: reports progress, then waits until the run is stopped (by a cancel). */
const untilStopped =
  (onStart: () => void): Work =>
  async (ctx) => {
    ctx.report(40, 'working');
    onStart();
    await new Promise((_, reject) => {
      if (ctx.signal.aborted) reject(ctx.signal.reason);
      ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason));
    });
    return {};
  };

const run = (kind: JobKind, r: Run, work: Work): Promise<RunEnd> =>
  runJob(JOB_DEFINITIONS[kind], {
    db: t.database.db,
    deps: depsWith(kind, work),
    progressId: r.progressId,
    data: r.data,
    reporter: { cancelPollMs: 50 },
  });

describe.each(JOB_KINDS.map((k) => [k]))('a %s job', (kind) => {
  it('cancelled while queued ends cancelled, undoes its request, and its work never runs', async () => {
    const r = await queuedRun(kind);
    expect((await cancel(r.progressId)).statusCode).toBe(200);
    expect(await readJob(t.database.db, r.progressId)).toMatchObject({
      state: 'cancelled',
      message: 'cancelled by boss',
    });
    let ran = false;
    const end = await run(kind, r, async () => {
      ran = true;
      return {};
    }); // the worker takes it after all
    expect(end.state).toBe('cancelled');
    expect(ran).toBe(false);
    if (kind === 'processing') expect((await statusOf(t.database, r.videoId!)).processingStatus).toBe('completed');
    if (kind === 'render')
      expect(await getRenderStatus(t.database.db, r.videoId!)).toMatchObject({ phase: 'idle', state: 'idle' });
  });

  it('cancelled while running stops its work and ends cancelled, with what it changed put back', async () => {
    const r = await queuedRun(kind);
    let running!: () => void;
    const isRunning = new Promise<void>((resolve) => {
      running = resolve;
    });
    const ended = run(kind, r, async (ctx) => {
      await started(kind, r);
      return untilStopped(running)(ctx);
    });
    await isRunning;
    expect(await readJob(t.database.db, r.progressId)).toMatchObject({ state: 'running', stage: 'working' });
    expect((await cancel(r.progressId)).statusCode).toBe(200);
    expect((await ended).state).toBe('cancelled');
    expect(await readJob(t.database.db, r.progressId)).toMatchObject({
      state: 'cancelled',
      message: expect.stringMatching(/^cancelled by boss/),
    });
    if (kind === 'processing') {
      expect((await statusOf(t.database, r.videoId!)).processingStatus).toBe('completed');
      expect((await logOf(t.database, r.videoId!)).some((l) => l.startsWith('processing cancelled by boss'))).toBe(
        true,
      );
    }
    if (kind === 'render')
      expect(await getRenderStatus(t.database.db, r.videoId!)).toMatchObject({
        phase: 'failed',
        error: 'cancelled by boss',
      });
    if (kind === 'follow')
      expect((await readJob(t.database.db, r.progressId))?.message).toBe('cancelled by boss; the track is unchanged');
  });

  it('that fails ends failed with the reason, recorded where the kind keeps its state', async () => {
    const r = await queuedRun(kind);
    const end = await run(kind, r, async () => {
      await started(kind, r);
      throw new Error('disk full');
    });
    expect(end.state).toBe('failed');
    expect(await readJob(t.database.db, r.progressId)).toMatchObject({ state: 'failed', message: 'disk full' });
    if (kind === 'processing')
      expect(await statusOf(t.database, r.videoId!)).toMatchObject({
        processingStatus: 'failed',
        previousStatus: 'completed',
      });
    if (kind === 'render')
      expect(await getRenderStatus(t.database.db, r.videoId!)).toMatchObject({ phase: 'failed', error: 'disk full' });
    if (kind === 'import')
      expect(await findImportJob(t.database.db, r.importId!)).toMatchObject({
        status: 'failed',
        errors: ['disk full'],
      });
  });

  it('left running by a crash is ended at the restart, never left running', async () => {
    const r = await queuedRun(kind);
    // its worker took it (queue job active, row running), then the process died
    const queueJobId = (await readJob(t.database.db, r.progressId))?.queueJobId;
    if (queueJobId)
      await t.database.sql.query(`update pgboss.job set state = 'active', started_on = now() where id = $1`, [
        queueJobId,
      ]);
    await beginJob(t.database.db, r.progressId, 'working');
    await started(kind, r);
    await recoverJobs(t.database, t.deps.queue!, { singleProcess: true });
    const row = await readJob(t.database.db, r.progressId);
    expect(row?.state).toBe('failed');
    expect(row?.message).toMatch(/interrupted/i);
    if (kind === 'processing') {
      // the video is queued again under a new run, so it is processed after all
      expect((await statusOf(t.database, r.videoId!)).processingStatus).toBe('pending');
      const again = await t.database.sql.query<{ state: string }>(
        `select state from job_progress where kind = 'processing' and video_id = $1 and id <> $2`,
        [r.videoId, r.progressId],
      );
      expect(again.rows.map((x) => x.state)).toEqual(['queued']);
    }
    if (kind === 'render')
      expect(await getRenderStatus(t.database.db, r.videoId!)).toMatchObject({
        phase: 'failed',
        error: expect.stringMatching(/interrupted/),
      });
    if (kind === 'import') {
      // ended, not replayed: its row says so, and a queue job handed over again does nothing
      expect((await findImportJob(t.database.db, r.importId!))?.status).toBe('failed');
      expect(row?.message).toMatch(/^Interrupted: the server stopped/);
    }
  });
});
