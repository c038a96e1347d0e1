// Status polling schedule under a SimulatedClock: 1 s until 10 s, 2 s until 30 s, then 5 s; stops when idle.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { statusPollingMachine, type PolledStatus } from '../../machines/status-polling';
import type { VideoStatus } from '../../domain/constants';

function harness(statusOf: (id: number, pollNo: number) => VideoStatus) {
  const clock = new SimulatedClock();
  const pollTimes: number[] = [];
  const reported: PolledStatus[][] = [];
  let pollNo = 0;
  const machine = statusPollingMachine.provide({
    actors: {
      fetchStatuses: fromPromise<PolledStatus[], { ids: number[] }>(async ({ input }) => {
        pollTimes.push(clock.now());
        pollNo++;
        return input.ids.map((id) => ({ id, status: statusOf(id, pollNo), last_updated: null }));
      }),
    },
    actions: {
      reportStatuses: (_, p: { statuses: PolledStatus[] }) => {
        reported.push(p.statuses);
      },
    },
  });
  const actor = createActor(machine, { clock }).start();
  /** Advances simulated time in 100 ms steps so resolved polls schedule their next timer. */
  const advance = async (ms: number) => {
    for (let t = 0; t < ms; t += 100) {
      clock.increment(100);
      await Promise.resolve();
      await Promise.resolve();
      await Promise.resolve();
    }
  };
  return { actor, clock, pollTimes, reported, advance };
}

describe('status polling', () => {
  it('polls every 1 s for 10 s, every 2 s until 30 s, then every 5 s', async () => {
    const h = harness(() => 'processing');
    h.actor.send({ type: 'polling.watch', ids: [7], startedHere: false });
    await h.advance(45_000);
    const gaps = h.pollTimes.map((t, i) => t - (i ? h.pollTimes[i - 1] : 0));
    expect(h.pollTimes.slice(0, 10)).toEqual([1000, 2000, 3000, 4000, 5000, 6000, 7000, 8000, 9000, 10000]);
    expect(h.pollTimes.slice(10, 20)).toEqual([12000, 14000, 16000, 18000, 20000, 22000, 24000, 26000, 28000, 30000]);
    expect(h.pollTimes.slice(20)).toEqual([35000, 40000, 45000]);
    expect(new Set(gaps)).toEqual(new Set([1000, 2000, 5000]));
  });

  it('stops when nothing is left processing and reports the final status', async () => {
    const h = harness((_id, n) => (n < 3 ? 'processing' : 'completed'));
    h.actor.send({ type: 'polling.watch', ids: [1], startedHere: false });
    await h.advance(20_000);
    expect(h.pollTimes).toEqual([1000, 2000, 3000]);
    expect(h.actor.getSnapshot().value).toBe('idle');
    expect(h.reported.at(-1)).toEqual([{ id: 1, status: 'completed', last_updated: null }]);
  });

  it('keeps pending rows started in this session but drops pending rows it only saw', async () => {
    const h = harness((id, n) => (id === 1 ? (n < 4 ? 'pending' : 'processing') : 'pending'));
    h.actor.send({ type: 'polling.watch', ids: [1], startedHere: true });
    h.actor.send({ type: 'polling.watch', ids: [2], startedHere: false });
    await h.advance(1000);
    expect(h.reported[0].map((s) => s.id)).toEqual([1, 2]);
    await h.advance(3000);
    expect(h.reported.at(-1)!.map((s) => s.id)).toEqual([1]);
    expect(h.actor.getSnapshot().value).not.toBe('idle');
  });

  it('does not poll at all when nothing is watched, and stops after unwatch', async () => {
    const h = harness(() => 'processing');
    await h.advance(5000);
    expect(h.pollTimes).toEqual([]);
    h.actor.send({ type: 'polling.watch', ids: [3], startedHere: false });
    await h.advance(2000);
    h.actor.send({ type: 'polling.unwatch', ids: [3] });
    await h.advance(10_000);
    expect(h.pollTimes).toEqual([6000, 7000]);
    expect(h.actor.getSnapshot().value).toBe('idle');
  });
});
