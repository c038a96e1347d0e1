// The job worker starts the pose workers when it starts, when the models are cached, so the first job does
// not wait for them; it never fetches the models to do so, and it can be turned off (VAT_POSE_WARM=false).
import { afterEach, describe, expect, it, vi } from 'vitest';
import os from 'node:os';
import path from 'node:path';
import { PosePool } from '../../server/processing/pose-pool';
import { processingWorker, VideoProcessor } from '../../server/jobs/kinds/processing/video-processor';
import { TEST_MODELS_DIR } from './video-rows';

afterEach(() => {
  vi.restoreAllMocks();
});

/** PosePool.start without workers: a pool that is never asked for work here. */
function poolStarts() {
  const close = vi.fn(async () => {});
  const start = vi
    .spyOn(PosePool, 'start')
    .mockImplementation(async (_m, threads) => ({ threads, broken: false, close }) as unknown as PosePool);
  return { start, close };
}

const deps = (modelsDir: string) => ({
  database: {} as never,
  ffmpegPath: 'ffmpeg',
  modelsDir,
  poseThreads: 2,
  log: { info: vi.fn(), warn: vi.fn(), error: vi.fn() },
});

describe('pose workers started with the job worker', () => {
  it('the models cached: the pool starts before any job, once, and says so in the server log', async () => {
    const { start, close } = poolStarts();
    const d = deps(TEST_MODELS_DIR);
    const processor = new VideoProcessor(d);
    await processor.warm();
    await processor.warm();
    expect(start).toHaveBeenCalledTimes(1);
    expect(start.mock.calls[0][1]).toBe(2);
    expect(d.log.info).toHaveBeenCalledWith(
      expect.stringMatching(/^pose workers ready ahead of the first job: 2 thread/),
    );
    await processor.stop();
    expect(close).toHaveBeenCalledTimes(1);
  });

  it('the models not cached: nothing starts and nothing is fetched (the first job fetches them and says so)', async () => {
    const { start } = poolStarts();
    const processor = new VideoProcessor(deps(path.join(os.tmpdir(), 'vat-no-models-here')));
    await processor.warm();
    expect(start).not.toHaveBeenCalled();
  });

  it('the job worker warms the pool unless VAT_POSE_WARM turns it off', async () => {
    const { start } = poolStarts();
    const workerDeps = (poseWarm: boolean) =>
      ({
        config: { modelsDir: TEST_MODELS_DIR, poseThreads: 1, poseWarm },
        database: { db: {}, sql: {} },
        media: { ffmpegPath: 'ffmpeg' },
        queue: {},
        log: { info() {}, warn() {}, error() {} },
      }) as never;
    const off = processingWorker(workerDeps(false));
    await new Promise((r) => setTimeout(r, 50));
    expect(start).not.toHaveBeenCalled();
    const on = processingWorker(workerDeps(true));
    await vi.waitFor(() => expect(start).toHaveBeenCalledTimes(1));
    await off.stop();
    await on.stop();
  });
});
