// Upload queue: one request per file, one at a time in order; progress, outcomes and cancelling
// (which stops the sender, i.e. aborts its request).
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { queueBusy, uploadQueueMachine, type SendInput, type UploadQueueEvent } from '../../machines/upload-queue';

function harness() {
  const started: string[] = [];
  const aborted: string[] = [];
  const senders = new Map<number, (e: UploadQueueEvent) => void>();
  const machine = uploadQueueMachine.provide({
    actors: {
      sendFile: fromCallback<UploadQueueEvent, SendInput>(({ input, sendBack }) => {
        started.push(input.name);
        senders.set(input.key, sendBack);
        return () => {
          aborted.push(input.name);
        };
      }),
    },
  });
  const actor = createActor(machine).start();
  const blob = (n: number) => new Blob([new Uint8Array(n)]);
  const items = () =>
    actor.getSnapshot().context.items.map((i) => ({ name: i.name, status: i.status, sent: i.sent, error: i.error }));
  return { actor, started, aborted, senders, blob, items };
}

describe('upload queue', () => {
  it('sends files one at a time in order and records progress and outcomes', () => {
    const h = harness();
    h.actor.send({
      type: 'upload.add',
      files: [
        { file: h.blob(100), name: 'a.mp4' },
        { file: h.blob(50), name: 'b.mp4' },
      ],
    });
    expect(h.started).toEqual(['a.mp4']);
    expect(h.items().map((i) => i.status)).toEqual(['uploading', 'queued']);
    h.senders.get(1)!({ type: 'upload.progress', key: 1, sent: 40 });
    expect(h.items()[0].sent).toBe(40);
    h.senders.get(1)!({ type: 'upload.succeeded', key: 1, result: { id: 7 } });
    expect(h.started).toEqual(['a.mp4', 'b.mp4']);
    h.senders.get(2)!({ type: 'upload.failed', key: 2, error: 'b.mp4 is not a readable video' });
    expect(h.items()).toEqual([
      { name: 'a.mp4', status: 'success', sent: 100, error: undefined },
      { name: 'b.mp4', status: 'error', sent: 0, error: 'b.mp4 is not a readable video' },
    ]);
    expect(queueBusy(h.actor.getSnapshot().context.items)).toBe(false);
    expect(h.actor.getSnapshot().value).toBe('idle');
  });

  it('cancelling the file being sent aborts it and starts the next; a queued one is never sent', () => {
    const h = harness();
    h.actor.send({
      type: 'upload.add',
      files: [
        { file: h.blob(10), name: 'a.mp4' },
        { file: h.blob(10), name: 'b.mp4' },
        { file: h.blob(10), name: 'c.mp4' },
      ],
    });
    h.actor.send({ type: 'upload.cancel', key: 2 });
    h.actor.send({ type: 'upload.cancel', key: 1 });
    expect(h.aborted).toEqual(['a.mp4']);
    expect(h.started).toEqual(['a.mp4', 'c.mp4']);
    expect(h.items().map((i) => i.status)).toEqual(['cancelled', 'cancelled', 'uploading']);
    // a late answer of the cancelled request changes nothing
    h.senders.get(1)!({ type: 'upload.succeeded', key: 1, result: {} });
    expect(h.items()[0].status).toBe('cancelled');
  });

  it('files added while one is sent wait their turn; clear keeps only unfinished files', () => {
    const h = harness();
    h.actor.send({ type: 'upload.add', files: [{ file: h.blob(10), name: 'a.mp4' }] });
    h.actor.send({ type: 'upload.add', files: [{ file: h.blob(10), name: 'b.mp4' }] });
    expect(h.started).toEqual(['a.mp4']);
    h.senders.get(1)!({ type: 'upload.succeeded', key: 1, result: {} });
    h.actor.send({ type: 'upload.clear' });
    expect(h.items().map((i) => i.name)).toEqual(['b.mp4']);
  });
});
