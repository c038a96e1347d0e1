// Status polling: rows in processing plus pending rows started in this session are polled
// every 1 s for the first 10 s, every 2 s until 30 s, then every 5 s; polling stops when nothing is left.
// Elapsed time is the sum of the delays waited, so the schedule is exact under a SimulatedClock.
import { assign, fromPromise, setup } from 'xstate';
import { statusPollInterval, type VideoStatus } from '../domain/constants';

export interface PolledStatus {
  id: number;
  status: VideoStatus;
  last_updated: string | null;
  previous_status?: VideoStatus | null;
  /** The processing job's progress (0–100), stage and seconds left; null without a job. */
  progress?: number | null;
  stage?: string | null;
  eta_s?: number | null;
}

export interface StatusPollingContext {
  /** Ids being watched; `startedHere` ones stay while pending, the others only while processing. */
  watched: Map<number, { startedHere: boolean }>;
  elapsedMs: number;
  polls: number;
}

export type StatusPollingEvent =
  { type: 'polling.watch'; ids: number[]; startedHere: boolean } | { type: 'polling.unwatch'; ids: number[] };

export const stillActive = (s: VideoStatus, startedHere: boolean) =>
  s === 'processing' || (s === 'pending' && startedHere);

export const statusPollingMachine = setup({
  types: {
    context: {} as StatusPollingContext,
    events: {} as StatusPollingEvent,
  },
  actors: {
    fetchStatuses: fromPromise<PolledStatus[], { ids: number[] }>(async () => []),
  },
  actions: {
    /** Provided by the page: apply fresh statuses to the rows. */
    reportStatuses: (_, _params: { statuses: PolledStatus[] }) => {},
    watch: assign(({ context, event }) => {
      if (event.type !== 'polling.watch') return {};
      const watched = new Map(context.watched);
      let added = false;
      for (const id of event.ids) {
        const prev = watched.get(id);
        if (!prev) added = true;
        watched.set(id, { startedHere: event.startedHere || !!prev?.startedHere });
      }
      // A newly started job restarts the fast part of the schedule.
      return { watched, elapsedMs: added ? 0 : context.elapsedMs };
    }),
    unwatch: assign(({ context, event }) => {
      if (event.type !== 'polling.unwatch') return {};
      const watched = new Map(context.watched);
      for (const id of event.ids) watched.delete(id);
      return { watched };
    }),
    advanceClock: assign(({ context }) => ({ elapsedMs: context.elapsedMs + statusPollInterval(context.elapsedMs) })),
    dropFinished: assign(({ context }, params: { statuses: PolledStatus[] }) => {
      const watched = new Map(context.watched);
      for (const s of params.statuses) {
        const w = watched.get(s.id);
        if (w && !stillActive(s.status, w.startedHere)) watched.delete(s.id);
      }
      return { watched, polls: context.polls + 1 };
    }),
  },
  guards: {
    nothingWatched: ({ context }) => context.watched.size === 0,
  },
  delays: {
    nextPoll: ({ context }) => statusPollInterval(context.elapsedMs),
  },
}).createMachine({
  id: 'statusPolling',
  context: { watched: new Map(), elapsedMs: 0, polls: 0 },
  initial: 'idle',
  on: { 'polling.unwatch': { actions: 'unwatch' } },
  states: {
    idle: {
      on: { 'polling.watch': { target: 'waiting', actions: 'watch' } },
    },
    waiting: {
      always: { guard: 'nothingWatched', target: 'idle' },
      on: { 'polling.watch': { actions: 'watch' } },
      after: { nextPoll: { target: 'polling', actions: 'advanceClock' } },
    },
    polling: {
      on: { 'polling.watch': { actions: 'watch' } },
      invoke: {
        src: 'fetchStatuses',
        input: ({ context }) => ({ ids: [...context.watched.keys()] }),
        onDone: {
          target: 'waiting',
          actions: [
            { type: 'reportStatuses', params: ({ event }) => ({ statuses: event.output }) },
            { type: 'dropFinished', params: ({ event }) => ({ statuses: event.output }) },
          ],
        },
        // A failed poll (network blip) keeps the rows and tries again on the schedule.
        onError: { target: 'waiting' },
      },
    },
  },
});
