// Render flow under a SimulatedClock: idle → queued → running → done with a poll every 500 ms, failed
// polls ignored, a 409 start follows the running render, polling stops when the actor stops.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { renderFlowMachine } from '../../machines/render-flow';
import type { RenderPhase, RenderStatus } from '../../domain/render-status';

const ARTIFACT = {
  url: '/x',
  width: 320,
  height: 180,
  frames: 60,
  fps: 30,
  duration: 2,
  size_bytes: 1,
  codec: 'h264',
  rendered_at: '',
  annotation_version: 1,
};
function st(phase: RenderPhase, progress = 0, artifact = phase === 'done'): RenderStatus {
  return {
    state: phase === 'queued' || phase === 'running' ? 'queued' : artifact ? 'done' : 'idle',
    progress,
    phase,
    artifact: artifact ? ARTIFACT : null,
    key: artifact ? 'k'.repeat(32) : null,
    error: null,
    stale: false,
    annotation_version: 1,
  };
}

function harness(answers: Array<RenderStatus | Error>, start: () => Promise<RenderStatus> = async () => st('queued')) {
  const clock = new SimulatedClock();
  const polls: number[] = [];
  let i = 0;
  const machine = renderFlowMachine.provide({
    actors: {
      fetchStatus: fromPromise<RenderStatus, void>(async () => {
        polls.push(clock.now());
        const a = answers[Math.min(i++, answers.length - 1)];
        if (a instanceof Error) throw a;
        return a;
      }),
      startRender: fromPromise<RenderStatus, void>(start),
    },
  });
  const actor = createActor(machine, { clock }).start();
  const flush = async () => {
    for (let k = 0; k < 5; k++) await Promise.resolve();
  };
  const advance = async (ms: number) => {
    for (let t = 0; t < ms; t += 100) {
      clock.increment(100);
      await flush();
    }
  };
  return { actor, polls, flush, advance, value: () => actor.getSnapshot().value };
}

describe('render flow', () => {
  it('reads the status once at start and waits in idle without polling', async () => {
    const h = harness([st('idle')]);
    await h.flush();
    expect(h.value()).toBe('idle');
    await h.advance(3000);
    expect(h.polls).toEqual([0]);
  });

  it('goes idle → queued → running → done, polling every 500 ms until done', async () => {
    const h = harness([st('idle'), st('queued'), st('running', 30), st('running', 80), st('done', 100)]);
    await h.flush();
    h.actor.send({ type: 'render.start' });
    await h.flush();
    expect(h.value()).toEqual({ queued: 'wait' });
    await h.advance(500);
    expect(h.value()).toEqual({ queued: 'wait' });
    await h.advance(500);
    expect(h.value()).toEqual({ running: 'wait' });
    expect(h.actor.getSnapshot().context.status?.progress).toBe(30);
    await h.advance(1000);
    expect(h.value()).toBe('done');
    expect(h.actor.getSnapshot().context.status?.key).toBe('k'.repeat(32));
    expect(h.polls).toEqual([0, 500, 1000, 1500, 2000]);
    await h.advance(3000);
    expect(h.polls).toHaveLength(5); // done: no more polls
  });

  it('starts a render requested before the first status arrives', async () => {
    const h = harness([st('idle')]);
    h.actor.send({ type: 'render.start' });
    await h.flush();
    expect(h.value()).toEqual({ queued: 'wait' });
  });

  it('ignores failed polls and keeps polling', async () => {
    const h = harness([st('running', 10), new Error('network'), new Error('503'), st('running', 50), st('done', 100)]);
    await h.flush();
    expect(h.value()).toEqual({ running: 'wait' });
    await h.advance(1000);
    expect(h.value()).toEqual({ running: 'wait' });
    expect(h.actor.getSnapshot().context.status?.progress).toBe(10);
    await h.advance(1000);
    expect(h.value()).toBe('done');
  });

  it('follows the running render when the start answers 409, and shows the detail of other start failures', async () => {
    const conflict = Object.assign(new Error('already running'), { status: 409 });
    const h = harness([st('idle'), st('running', 5)], async () => {
      throw conflict;
    });
    await h.flush();
    h.actor.send({ type: 'render.start' });
    await h.flush();
    expect(h.value()).toEqual({ queued: 'wait' });
    const h2 = harness([st('idle')], async () => {
      throw Object.assign(new Error('Rendering is unavailable'), { status: 503 });
    });
    await h2.flush();
    h2.actor.send({ type: 'render.start' });
    await h2.flush();
    expect(h2.value()).toBe('failed');
    expect(h2.actor.getSnapshot().context.error).toBe('Rendering is unavailable');
  });

  it('re-renders from done and refreshes the status on request', async () => {
    const stale = { ...st('done', 100), stale: true };
    const h = harness([st('done', 100), stale, st('running', 1)]);
    await h.flush();
    expect(h.value()).toBe('done');
    h.actor.send({ type: 'render.refresh' });
    await h.flush();
    expect(h.actor.getSnapshot().context.status?.stale).toBe(true);
    h.actor.send({ type: 'render.start' });
    await h.flush();
    expect(h.value()).toEqual({ queued: 'wait' });
  });

  it('stops polling when the actor stops (the page left)', async () => {
    const h = harness([st('running', 10)]);
    await h.flush();
    h.actor.stop();
    await h.advance(3000);
    expect(h.polls).toEqual([0]);
  });
});
