// Upload queue: files are sent one request each, one at a time, in the order they were added. The
// sender is an invoked callback actor (the browser's is an XMLHttpRequest with upload progress); leaving
// the sending state stops it, which aborts the request, so cancelling the current file is just a
// transition. A 2xx answer marks the file success, any other outcome error.
import { assign, fromCallback, setup } from 'xstate';

export type UploadStatus = 'queued' | 'uploading' | 'success' | 'error' | 'cancelled';

export interface UploadItem {
  key: number;
  name: string;
  size: number;
  /** Bytes of the request body sent so far (the server has them). */
  sent: number;
  status: UploadStatus;
  error?: string;
  /** What the server answered on success (the new video). */
  result?: unknown;
}

export interface UploadQueueContext {
  items: UploadItem[];
  files: Map<number, File | Blob>;
  nextKey: number;
  /** The key being sent, or null. */
  current: number | null;
}

export type UploadQueueEvent =
  | { type: 'upload.add'; files: Array<{ file: File | Blob; name: string }> }
  | { type: 'upload.cancel'; key: number }
  | { type: 'upload.progress'; key: number; sent: number }
  | { type: 'upload.succeeded'; key: number; result: unknown }
  | { type: 'upload.failed'; key: number; error: string }
  | { type: 'upload.clear' };

export interface SendInput {
  key: number;
  file: File | Blob;
  name: string;
}

const patch = (items: UploadItem[], key: number, change: Partial<UploadItem>) =>
  items.map((it) => (it.key === key ? { ...it, ...change } : it));

export const uploadQueueMachine = setup({
  types: { context: {} as UploadQueueContext, events: {} as UploadQueueEvent },
  actors: {
    /** Sends one file; reports upload.progress, then upload.succeeded or upload.failed. Its cleanup aborts. */
    sendFile: fromCallback<UploadQueueEvent, SendInput>(() => () => {}),
  },
  actions: {
    add: assign(({ context, event }) => {
      if (event.type !== 'upload.add') return {};
      const files = new Map(context.files);
      const added = event.files.map((f, i) => {
        const key = context.nextKey + i;
        files.set(key, f.file);
        return { key, name: f.name, size: f.file.size, sent: 0, status: 'queued' as const };
      });
      return { items: [...context.items, ...added], files, nextKey: context.nextKey + added.length };
    }),
    startNext: assign(({ context }) => {
      const next = context.items.find((it) => it.status === 'queued');
      if (!next) return { current: null };
      return { current: next.key, items: patch(context.items, next.key, { status: 'uploading' }) };
    }),
    progress: assign(({ context, event }) =>
      event.type === 'upload.progress'
        ? {
            items: patch(context.items, event.key, {
              sent: Math.min(event.sent, context.items.find((i) => i.key === event.key)?.size ?? event.sent),
            }),
          }
        : {},
    ),
    /** Marks the outcome and forgets the file's bytes (the list keeps only name, size and status). */
    settle: assign(({ context, event }) => {
      const key = 'key' in event ? event.key : null;
      if (key === null) return {};
      const change: Partial<UploadItem> =
        event.type === 'upload.succeeded'
          ? { status: 'success', sent: context.items.find((i) => i.key === key)?.size ?? 0, result: event.result }
          : event.type === 'upload.failed'
            ? { status: 'error', error: event.error }
            : { status: 'cancelled' };
      const files = new Map(context.files);
      files.delete(key);
      return {
        items: patch(context.items, key, change),
        files,
        current: context.current === key ? null : context.current,
      };
    }),
    clearFinished: assign(({ context }) => ({
      items: context.items.filter((it) => it.status === 'queued' || it.status === 'uploading'),
    })),
  },
  guards: {
    hasQueued: ({ context }) => context.items.some((it) => it.status === 'queued'),
    isCurrent: ({ context, event }) => 'key' in event && event.key === context.current,
    isQueued: ({ context, event }) =>
      'key' in event && context.items.some((it) => it.key === event.key && it.status === 'queued'),
  },
}).createMachine({
  id: 'uploadQueue',
  context: { items: [], files: new Map(), nextKey: 1, current: null },
  initial: 'idle',
  on: {
    'upload.add': { actions: 'add', target: '.choosing' },
    'upload.cancel': { guard: 'isQueued', actions: 'settle' },
    'upload.clear': { actions: 'clearFinished' },
  },
  states: {
    idle: {},
    choosing: {
      always: [{ guard: 'hasQueued', target: 'sending', actions: 'startNext' }, { target: 'idle' }],
    },
    sending: {
      invoke: {
        src: 'sendFile',
        input: ({ context }) => ({
          key: context.current!,
          file: context.files.get(context.current!)!,
          name: context.items.find((i) => i.key === context.current)!.name,
        }),
      },
      on: {
        // a new file joins the queue without restarting the one being sent
        'upload.add': { actions: 'add' },
        'upload.progress': { guard: 'isCurrent', actions: 'progress' },
        'upload.succeeded': { guard: 'isCurrent', actions: 'settle', target: 'choosing' },
        'upload.failed': { guard: 'isCurrent', actions: 'settle', target: 'choosing' },
        'upload.cancel': [
          { guard: 'isCurrent', actions: 'settle', target: 'choosing' },
          { guard: 'isQueued', actions: 'settle' },
        ],
      },
    },
  },
});

/** True while any file is queued or being sent. */
export const queueBusy = (items: UploadItem[]) =>
  items.some((it) => it.status === 'queued' || it.status === 'uploading');
