// The process that runs processing jobs grows V8's heap limit to 3× what survives a full collection, so the
// decoded frames' bytes do not run a full mark-compact every few frames (server/processing/heap-room.ts).
import { afterEach, describe, expect, it, vi } from 'vitest';
import v8 from 'node:v8';

afterEach(() => {
  vi.restoreAllMocks();
  vi.resetModules();
});

describe('room in the heap for decoded frames', () => {
  it('starting the processing worker sets the heap growing factor once', async () => {
    const set = vi.spyOn(v8, 'setFlagsFromString').mockImplementation(() => {});
    const { processingWorker } = await import('../../server/jobs/kinds/processing/video-processor');
    const deps = {
      config: { modelsDir: '/nowhere', poseThreads: 1 },
      database: { db: {}, sql: {} },
      media: { ffmpegPath: 'ffmpeg' },
      queue: {},
      log: { info() {}, warn() {}, error() {} },
    };
    processingWorker(deps as never);
    processingWorker(deps as never);
    expect(set.mock.calls).toEqual([['--heap-growing-percent=200']]);
  });

  it('a process that runs no processing job keeps V8 defaults', async () => {
    const set = vi.spyOn(v8, 'setFlagsFromString').mockImplementation(() => {});
    await import('../../server/jobs/kinds/processing/video-processor');
    expect(set).not.toHaveBeenCalled();
  });
});
