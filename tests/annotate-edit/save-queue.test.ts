// The save queue: in order, box saves retried until they land, failures named with the spec's texts.
import { describe, expect, it } from 'vitest';
import { SaveQueue } from '../../src/annotate/save/save-queue';
import type { ServerOp } from '../../src/annotate/save/server-ops';
import type { OpResult } from '../../src/annotate/save/op-results';
import { ApiError } from '../../src/api/request';
import { det, seg } from './fixtures';

const put = (x1: number, frame = 1): ServerOp => ({
  kind: 'detection.put',
  videoId: 7,
  trackId: 1,
  frame,
  det: det(x1),
});
const BOX_SAVED = { version: 2, track_version: 2, detection: { version: 2, track_version: 2 }, detection_versions: [] };
const flushMicrotasks = () => new Promise((r) => setTimeout(r, 0));

function harness(fail: (op: ServerOp, n: number) => unknown = () => null) {
  const done: ServerOp[] = [];
  const errors: string[] = [];
  const timers: (() => void)[] = [];
  let calls = 0;
  const q = new SaveQueue({
    execute: async (op, version) => {
      calls += 1;
      const err = fail(op, calls);
      if (err) throw err;
      done.push(op.kind === 'segment.patch' ? ({ ...op, fields: { ...op.fields, version } } as ServerOp) : op);
      // the answers' parts the queue reads (a box and track version), in the typed result of the op's kind
      const answer = op.kind === 'segment.patch' ? { ...seg(op.id, 1, 0, 1), version: (version ?? 0) + 1 } : BOX_SAVED;
      return { kind: op.kind, answer } as OpResult;
    },
    docVersion: () => 1,
    onError: (t) => errors.push(t),
    setTimer: (fn) => {
      timers.push(fn);
      return timers.length;
    },
    clearTimer: () => {},
  });
  return { q, done, errors, timers };
}

describe('save queue', () => {
  it('keeps a failed box save, shows it as pending, and saves it on retry', async () => {
    const h = harness((op, n) => (n === 1 ? new TypeError('Failed to fetch') : null));
    h.q.enqueue(put(0.3));
    await flushMicrotasks();
    expect(h.q.getState()).toMatchObject({ pending: 1, retrying: true });
    expect(h.q.hasUnsaved()).toBe(true);
    expect(h.errors).toEqual([]); // box failures are silent; the indicator shows them
    h.timers[0]();
    await flushMicrotasks();
    expect(h.done).toHaveLength(1);
    expect(h.q.hasUnsaved()).toBe(false);
  });

  it('replaces a waiting box save of the same frame by the newer one', async () => {
    const h = harness((op, n) => (n === 1 ? new ApiError(503, 'busy') : null));
    h.q.enqueue(put(0.3, 1));
    await flushMicrotasks();
    h.q.enqueue(put(0.4, 2));
    h.q.enqueue(put(0.5, 2));
    expect(h.q.getState().pending).toBe(2);
    h.timers[0]();
    await flushMicrotasks();
    expect(h.done.map((o) => (o as { det: { x1: number } }).det.x1)).toEqual([0.3, 0.5]);
  });

  it('sends the version it last saw and remembers the new one', async () => {
    const h = harness();
    h.q.enqueue({ kind: 'segment.patch', videoId: 7, id: 11, fields: { start_time: 1 } });
    h.q.enqueue({ kind: 'segment.patch', videoId: 7, id: 11, fields: { start_time: 2 } });
    await h.q.flush();
    expect(h.done.map((o) => (o as { fields: { version?: number } }).fields.version)).toEqual([1, 2]);
  });

  it('marks an action whose save failed (409 detail shown) and keeps going', async () => {
    const detail =
      'This action was changed by ann.two at 2026-01-01T00:00:00.000Z (version 3). Reload to see the latest version before saving.';
    const h = harness((op) => (op.kind === 'segment.patch' ? new ApiError(409, detail) : null));
    h.q.enqueue({ kind: 'segment.patch', videoId: 7, id: 11, fields: { end_time: 3 } });
    h.q.enqueue(put(0.3));
    await h.q.flush();
    expect(h.errors).toEqual([`Failed to save: ${detail}`]);
    expect(h.q.getState().failedSegments).toEqual({ 11: `Failed to save: ${detail}` });
    expect(h.q.hasUnsaved()).toBe(true);
    expect(h.done).toHaveLength(1);
  });

  it('retries a background undo (track restore) after a network error, saying so once', async () => {
    const h = harness((op, n) => (n <= 2 ? new TypeError('Failed to fetch') : null));
    h.q.enqueue({ kind: 'track.restore', videoId: 7, token: { value: 9 } });
    await flushMicrotasks();
    h.timers[0]();
    await flushMicrotasks();
    expect(h.q.getState()).toMatchObject({ pending: 1, retrying: true });
    h.timers[1]();
    await flushMicrotasks();
    expect(h.done).toEqual([{ kind: 'track.restore', videoId: 7, token: { value: 9 } }]);
    expect(h.errors).toEqual(['Failed to save: Failed to fetch']);
    expect(h.q.hasUnsaved()).toBe(false);
  });

  it.each([
    [
      { kind: 'segment.create', videoId: 7, segment: seg(1, 1, 0, 1), purpose: 'add' },
      new ApiError(422, 'HTTP 422'),
      'Create 422',
    ],
    [
      { kind: 'segment.create', videoId: 7, segment: seg(1, 1, 0, 1), purpose: 'add' },
      new TypeError('Failed to fetch'),
      'Failed to add segment: Failed to fetch',
    ],
    [
      { kind: 'segment.create', videoId: 7, segment: seg(1, 1, 0, 1), purpose: 'duplicate' },
      new ApiError(500, 'HTTP 500'),
      'Duplicate 500',
    ],
    [
      { kind: 'segment.delete', videoId: 7, id: 1 },
      new ApiError(404, 'Action 1 not found in video 7'),
      'Delete 404: Action 1 not found in video 7',
    ],
    [
      { kind: 'track.merge', videoId: 7, baseTrackId: 1, mergeTrackId: 2, token: { value: null } },
      new ApiError(404, 'HTTP 404'),
      'Merge failed (404)',
    ],
    [
      { kind: 'track.delete', videoId: 7, trackId: 1, token: { value: null } },
      new ApiError(401, 'HTTP 401'),
      'Delete track 401',
    ],
  ] as [ServerOp, Error, string][])('names a failed %j with the spec text', async (op, err, text) => {
    const h = harness(() => err);
    await expect(h.q.run(op)).rejects.toBe(err);
    expect(h.errors).toEqual([text]);
  });
});
