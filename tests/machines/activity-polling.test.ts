// The shared activity poll under a SimulatedClock: 2 s while jobs run or wait, 10 s when quiet or after a
// failure, paused while the tab is hidden, off for guests, and at once on a refresh.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { activityPollingMachine } from '../../machines/activity-polling';
import type { ActivitySnapshot } from '../../domain/job-progress';

const snap = (running: number, queued: number): ActivitySnapshot => ({ running, queued, jobs: [] });

function harness(answer: (pollNo: number) => ActivitySnapshot | Error) {
  const clock = new SimulatedClock();
  const pollTimes: number[] = [];
  const machine = activityPollingMachine.provide({
    actors: {
      fetchActivity: fromPromise<ActivitySnapshot, void>(async () => {
        pollTimes.push(clock.now());
        const a = answer(pollTimes.length);
        if (a instanceof Error) throw a;
        return a;
      }),
    },
  });
  const actor = createActor(machine, { clock }).start();
  /** Lets resolved polls run their callbacks (and schedule their next timer) without moving the clock. */
  const settle = async () => {
    for (let i = 0; i < 6; i++) await Promise.resolve();
  };
  /** Advances simulated time in 100 ms steps, settling before and after each step. */
  const advance = async (ms: number) => {
    for (let t = 0; t < ms; t += 100) {
      await settle();
      clock.increment(100);
      await settle();
    }
  };
  return { actor, clock, pollTimes, advance, settle };
}

describe('activity polling', () => {
  it('does nothing for a guest, then polls at once on sign-in', async () => {
    const h = harness(() => snap(0, 0));
    await h.advance(30_000);
    expect(h.pollTimes).toEqual([]);
    h.actor.send({ type: 'activity.start' });
    await h.settle();
    expect(h.pollTimes).toEqual([30_000]);
  });

  it('polls every 2 s while jobs run or wait and every 10 s once all is quiet', async () => {
    const h = harness((n) => (n <= 3 ? snap(1, 2) : n === 4 ? snap(0, 1) : snap(0, 0)));
    h.actor.send({ type: 'activity.start' });
    await h.advance(40_000);
    // polls 1–3 see running jobs, poll 4 a queued one (still 2 s), poll 5 sees nothing (then 10 s)
    expect(h.pollTimes.slice(0, 7)).toEqual([0, 2000, 4000, 6000, 8000, 18_000, 28_000]);
    expect(h.actor.getSnapshot().context.snapshot).toEqual(snap(0, 0));
  });

  it('keeps the last list after a failed poll and retries after 10 s', async () => {
    const h = harness((n) => (n === 2 ? new Error('offline') : snap(1, 0)));
    h.actor.send({ type: 'activity.start' });
    await h.advance(15_000);
    expect(h.pollTimes).toEqual([0, 2000, 12_000, 14_000]);
    expect(h.actor.getSnapshot().context.snapshot).toEqual(snap(1, 0));
  });

  it('pauses while the tab is hidden and polls at once when it is shown again', async () => {
    const h = harness(() => snap(1, 0));
    h.actor.send({ type: 'activity.start' });
    await h.advance(2_000);
    expect(h.pollTimes).toEqual([0, 2000]);
    h.actor.send({ type: 'activity.hidden' });
    await h.advance(60_000);
    expect(h.pollTimes).toEqual([0, 2000]);
    h.actor.send({ type: 'activity.visible' });
    await h.settle();
    expect(h.pollTimes).toEqual([0, 2000, 62_000]);
  });

  it('a start while the tab is hidden waits for it to be shown', async () => {
    const h = harness(() => snap(0, 0));
    h.actor.send({ type: 'activity.hidden' });
    h.actor.send({ type: 'activity.start' });
    await h.advance(20_000);
    expect(h.pollTimes).toEqual([]);
    h.actor.send({ type: 'activity.visible' });
    await h.settle();
    expect(h.pollTimes).toEqual([20_000]);
  });

  it('refresh polls at once instead of waiting out the quiet interval', async () => {
    const h = harness(() => snap(0, 0));
    h.actor.send({ type: 'activity.start' });
    await h.advance(3_000);
    h.actor.send({ type: 'activity.refresh' });
    await h.settle();
    expect(h.pollTimes).toEqual([0, 3000]);
  });

  it('sign-out stops polling and forgets the list', async () => {
    const h = harness(() => snap(2, 0));
    h.actor.send({ type: 'activity.start' });
    await h.advance(1_000);
    h.actor.send({ type: 'activity.stop' });
    await h.advance(30_000);
    expect(h.pollTimes).toEqual([0]);
    expect(h.actor.getSnapshot().value).toBe('off');
    expect(h.actor.getSnapshot().context.snapshot).toBeNull();
  });
});
