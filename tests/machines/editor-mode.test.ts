// Editor mode: edit needs sign-in, switching pauses playback, leaving discards drafts and flushes saves.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { EDIT_SIGN_IN_TEXT, FLUSH_TIMEOUT_MS, editorModeMachine } from '../../machines/editor-mode';

function setupMode(clock = new SimulatedClock()) {
  const calls: string[] = [];
  let finishFlush: (ok: boolean) => void = () => {};
  const machine = editorModeMachine.provide({
    actions: {
      pausePlayback: () => {
        calls.push('pause');
      },
      requireSignIn: (_, p) => {
        calls.push(`signIn:${p.text}`);
      },
      showMode: (_, p) => {
        calls.push(`show:${p.mode}`);
      },
      discardDrafts: () => {
        calls.push('discard');
      },
      clearHistory: () => {
        calls.push('clearHistory');
      },
    },
    actors: {
      flushSaves: fromPromise(
        () =>
          new Promise<boolean>((r) => {
            calls.push('flush');
            finishFlush = r;
          }),
      ),
    },
  });
  const actor = createActor(machine, { clock }).start();
  return { actor, calls, clock, finishFlush: (ok: boolean) => finishFlush(ok) };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('editor mode', () => {
  it("refuses edit mode to a guest with 'Please sign in to edit annotations.'", () => {
    const { actor, calls } = setupMode();
    actor.send({ type: 'mode.edit', signedIn: false });
    expect(actor.getSnapshot().value).toBe('view');
    expect(calls).toEqual(['show:view', `signIn:${EDIT_SIGN_IN_TEXT}`]);
  });

  it('enters edit mode for a signed-in user and pauses playback', () => {
    const { actor, calls } = setupMode();
    actor.send({ type: 'mode.edit', signedIn: true });
    expect(actor.getSnapshot().value).toBe('edit');
    expect(calls).toEqual(['show:view', 'pause', 'show:edit']);
  });

  it('leaving edit mode pauses, discards drafts, shows view at once and waits for the saves', async () => {
    const { actor, calls, finishFlush } = setupMode();
    actor.send({ type: 'mode.edit', signedIn: true });
    calls.length = 0;
    actor.send({ type: 'mode.view' });
    expect(actor.getSnapshot().value).toBe('leaving');
    expect(calls).toEqual(['pause', 'discard', 'show:view', 'flush']);
    actor.send({ type: 'mode.edit', signedIn: true }); // ignored while saves flush
    expect(actor.getSnapshot().value).toBe('leaving');
    finishFlush(true);
    await tick();
    expect(actor.getSnapshot().value).toBe('view');
    expect(calls.slice(-2)).toEqual(['clearHistory', 'show:view']);
  });

  it('signing out while editing leaves edit mode the same way', async () => {
    const { actor, calls, finishFlush } = setupMode();
    actor.send({ type: 'mode.edit', signedIn: true });
    actor.send({ type: 'session.signedOut' });
    expect(calls).toContain('discard');
    finishFlush(false);
    await tick();
    expect(actor.getSnapshot().value).toBe('view');
  });

  it('stops waiting after FLUSH_TIMEOUT_MS when the saves do not land (they keep retrying)', () => {
    const { actor, calls, clock } = setupMode();
    actor.send({ type: 'mode.edit', signedIn: true });
    actor.send({ type: 'mode.view' });
    clock.increment(FLUSH_TIMEOUT_MS - 1);
    expect(actor.getSnapshot().value).toBe('leaving');
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('view');
    expect(calls.slice(-2)).toEqual(['clearHistory', 'show:view']);
  });
});
