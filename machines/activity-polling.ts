// Activity polling: the one light poll of GET /api/v1/jobs/activity that the whole app shares (the top
// bar's activity indicator, the annotate screen's cancel button). Every 2 s while any job is queued or
// running, every 10 s when all is quiet or after a failed poll; paused while the tab is hidden (a
// visible tab polls at once); off for guests.
import { assign, fromPromise, setup } from 'xstate';
import type { ActivitySnapshot } from '../domain/job-progress';

export const ACTIVE_POLL_MS = 2000;
export const IDLE_POLL_MS = 10_000;

export interface ActivityPollingContext {
  snapshot: ActivitySnapshot | null;
  /** The tab is hidden (document.visibilityState); known even while off, so a start while hidden waits. */
  hidden: boolean;
  lastFailed: boolean;
  polls: number;
}

export type ActivityPollingEvent =
  | { type: 'activity.start' }
  | { type: 'activity.stop' }
  | { type: 'activity.hidden' }
  | { type: 'activity.visible' }
  | { type: 'activity.refresh' };

/** The delay before the next poll: fast while something runs or waits, slow otherwise. */
export function activityPollInterval(c: Pick<ActivityPollingContext, 'snapshot' | 'lastFailed'>): number {
  if (c.lastFailed || !c.snapshot) return IDLE_POLL_MS;
  return c.snapshot.running + c.snapshot.queued > 0 ? ACTIVE_POLL_MS : IDLE_POLL_MS;
}

export const activityPollingMachine = setup({
  types: {
    context: {} as ActivityPollingContext,
    events: {} as ActivityPollingEvent,
  },
  actors: {
    fetchActivity: fromPromise<ActivitySnapshot, void>(async () => ({ running: 0, queued: 0, jobs: [] })),
  },
  actions: {
    markHidden: assign({ hidden: true }),
    markVisible: assign({ hidden: false }),
    clear: assign({ snapshot: null, lastFailed: false }),
    store: assign((_, params: { snapshot: ActivitySnapshot }) => ({ snapshot: params.snapshot })),
    countPoll: assign(({ context }, params: { failed: boolean }) => ({
      polls: context.polls + 1,
      lastFailed: params.failed,
    })),
  },
  guards: {
    isHidden: ({ context }) => context.hidden,
  },
  delays: {
    nextPoll: ({ context }) => activityPollInterval(context),
  },
}).createMachine({
  id: 'activityPolling',
  context: { snapshot: null, hidden: false, lastFailed: false, polls: 0 },
  initial: 'off',
  on: {
    'activity.hidden': { actions: 'markHidden' },
    'activity.visible': { actions: 'markVisible' },
  },
  states: {
    off: {
      on: { 'activity.start': 'on' },
    },
    on: {
      initial: 'deciding',
      on: {
        'activity.stop': { target: 'off', actions: 'clear' },
        'activity.hidden': { target: '.paused', actions: 'markHidden' },
      },
      states: {
        deciding: {
          always: [{ guard: 'isHidden', target: 'paused' }, { target: 'fetching' }],
        },
        fetching: {
          invoke: {
            src: 'fetchActivity',
            onDone: {
              target: 'waiting',
              actions: [
                { type: 'store', params: ({ event }) => ({ snapshot: event.output }) },
                { type: 'countPoll', params: { failed: false } },
              ],
            },
            // a failed poll keeps the last list and tries again after the slow interval
            onError: { target: 'waiting', actions: { type: 'countPoll', params: { failed: true } } },
          },
        },
        waiting: {
          on: { 'activity.refresh': 'fetching' },
          after: { nextPoll: 'fetching' },
        },
        paused: {
          on: { 'activity.visible': { target: 'fetching', actions: 'markVisible' } },
        },
      },
    },
  },
});
