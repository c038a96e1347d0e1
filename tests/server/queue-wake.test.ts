// A job sent in a process that also works its queue wakes that process's worker: it is picked up at once, not at
// the worker's next poll (up to a second, which a short video's whole job is not much longer than).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeTestApp, type TestApp } from '../helpers/test-app';
import { QUEUES, startQueue } from '../../server/queue';

let t: TestApp;

beforeAll(async () => {
  t = await makeTestApp({ queue: (db) => startQueue(db) });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('a job sent wakes the workers of its queue in this process', () => {
  it('notifies each worker of that queue, and only of that queue, and the worker gets the job', async () => {
    const queue = t.deps.queue!;
    const got: unknown[] = [];
    await queue.work(QUEUES.render, 2, async (data) => {
      got.push(data);
    });
    const notify = vi.spyOn(queue.boss, 'notifyWorker');
    await queue.send(QUEUES.render, { videoId: 7 });
    expect(notify).toHaveBeenCalledTimes(2);
    const woken = new Set(notify.mock.calls.map(([id]) => id));
    expect(woken.size).toBe(2);

    notify.mockClear();
    await queue.send(QUEUES.import, { jobId: 1 }); // a queue nobody works here wakes no one
    expect(notify).not.toHaveBeenCalled();

    for (let i = 0; i < 100 && !got.length; i++) await new Promise((r) => setTimeout(r, 100));
    expect(got).toEqual([{ videoId: 7 }]);
  });
});
