// Render flow of the Annotate screen: idle → queued → running → done (or failed). While a render is
// queued or running its status is polled every 500 ms; a failed poll is ignored and retried at the
// next tick. Stopping the actor (the page leaves) cancels the pending poll. The status comes in through
// the `fetchStatus` actor and a start through `startRender` (the page provides both).
import { assign, fromPromise, setup } from 'xstate';
import { RENDER_POLL_MS } from '../domain/constants';
import type { RenderStatus } from '../domain/render-status';

export interface RenderFlowContext {
  status: RenderStatus | null;
  /** Why the last start failed (the server's detail), shown under the button. */
  error: string | null;
}

export type RenderFlowEvent = { type: 'render.start' } | { type: 'render.refresh' };

const phase = (s: RenderStatus | null) => s?.phase ?? 'idle';
const statusOf = (e: unknown) => (e as { status?: number } | null)?.status;

export const renderFlowMachine = setup({
  types: {
    context: {} as RenderFlowContext,
    events: {} as RenderFlowEvent,
  },
  actors: {
    fetchStatus: fromPromise<RenderStatus, void>(async () => {
      throw new Error('fetchStatus not provided');
    }),
    startRender: fromPromise<RenderStatus, void>(async () => {
      throw new Error('startRender not provided');
    }),
  },
  delays: { poll: RENDER_POLL_MS },
  guards: {
    isQueued: ({ context }) => phase(context.status) === 'queued',
    isRunning: ({ context }) => phase(context.status) === 'running',
    isFailed: ({ context }) => phase(context.status) === 'failed',
    hasArtifact: ({ context }) => Boolean(context.status?.artifact),
    isConflict: ({ event }) => statusOf((event as { error?: unknown }).error) === 409,
  },
  actions: {
    store: assign({ status: ({ event }) => (event as unknown as { output: RenderStatus }).output, error: null }),
  },
}).createMachine({
  id: 'renderFlow',
  context: { status: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: { src: 'fetchStatus', onDone: { target: 'settle', actions: 'store' }, onError: 'idle' },
      // a click before the first status arrives still starts the render
      on: { 'render.start': 'starting' },
    },
    /** Routes to the state the latest status describes. */
    settle: {
      always: [
        { guard: 'isQueued', target: 'queued' },
        { guard: 'isRunning', target: 'running' },
        { guard: 'isFailed', target: 'failed' },
        { guard: 'hasArtifact', target: 'done' },
        { target: 'idle' },
      ],
    },
    idle: { on: { 'render.start': 'starting', 'render.refresh': 'loading' } },
    starting: {
      invoke: {
        src: 'startRender',
        onDone: { target: 'settle', actions: 'store' },
        onError: [
          // another render of this video is already queued or running: follow it
          { guard: 'isConflict', target: 'queued', actions: assign({ error: null }) },
          {
            target: 'failed',
            actions: assign({ error: ({ event }) => (event.error as Error)?.message || 'Failed to start render' }),
          },
        ],
      },
    },
    queued: {
      initial: 'wait',
      states: {
        wait: { after: { poll: 'poll' } },
        poll: {
          invoke: { src: 'fetchStatus', onDone: { target: '#renderFlow.settle', actions: 'store' }, onError: 'wait' },
        },
      },
    },
    running: {
      initial: 'wait',
      states: {
        wait: { after: { poll: 'poll' } },
        poll: {
          invoke: { src: 'fetchStatus', onDone: { target: '#renderFlow.settle', actions: 'store' }, onError: 'wait' },
        },
      },
    },
    done: {
      on: { 'render.start': 'starting', 'render.refresh': 'refreshing' },
    },
    failed: {
      on: { 'render.start': 'starting', 'render.refresh': 'refreshing' },
    },
    /** One status read (e.g. after an edit, to learn that the rendered video is stale). */
    refreshing: {
      invoke: { src: 'fetchStatus', onDone: { target: 'settle', actions: 'store' }, onError: 'settle' },
    },
  },
});
