// List state in session storage: 24 h validity, 5 min on a restore from the annotate screen, failures ignored.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { LIST_STATE_KEY, listStateMachine, type ListState } from '../../machines/list-state';
import type { KeyValueStorage } from '../../machines/session-identity';

const state: ListState = {
  page: 2,
  rows: 25,
  q: 'park',
  status: ['kiv', 'completed'],
  source: '/data/a',
  assignee: '',
  unassigned: true,
};
const MIN = 60_000,
  HOUR = 60 * MIN;

function setupActor(storage: KeyValueStorage | null) {
  let now = 1_000_000;
  const actor = createActor(listStateMachine, { input: { storage, now: () => now } }).start();
  return {
    actor,
    tick: (ms: number) => {
      now += ms;
    },
  };
}

function memory(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => {
      data.set(k, v);
    },
    removeItem: (k) => {
      data.delete(k);
    },
  };
}

describe('list state', () => {
  it('restores a saved state within 24 hours on a normal visit and forgets it after', () => {
    const s = memory();
    const { actor, tick } = setupActor(s);
    actor.send({ type: 'list.save', state });
    tick(23 * HOUR);
    actor.send({ type: 'list.load', restore: false });
    expect(actor.getSnapshot().context.restored).toEqual(state);
    tick(2 * HOUR);
    actor.send({ type: 'list.load', restore: false });
    expect(actor.getSnapshot().context.restored).toBeNull();
  });

  it('accepts a restore from the annotate screen only within 5 minutes', () => {
    const s = memory();
    const { actor, tick } = setupActor(s);
    actor.send({ type: 'list.save', state });
    tick(4 * MIN);
    actor.send({ type: 'list.load', restore: true });
    expect(actor.getSnapshot().context.restored).toEqual(state);
    tick(2 * MIN);
    actor.send({ type: 'list.load', restore: true });
    expect(actor.getSnapshot().context.restored).toBeNull();
    actor.send({ type: 'list.load', restore: false });
    expect(actor.getSnapshot().context.restored).toEqual(state);
  });

  it('ignores corrupt records and failing storage', () => {
    const s = memory();
    s.data.set(LIST_STATE_KEY, '{nope');
    const a = setupActor(s).actor;
    a.send({ type: 'list.load', restore: false });
    expect(a.getSnapshot().context.restored).toBeNull();
    const broken: KeyValueStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceeded');
      },
      removeItem: () => {},
    };
    const b = setupActor(broken).actor;
    expect(() => b.send({ type: 'list.save', state })).not.toThrow();
    b.send({ type: 'list.load', restore: false });
    expect(b.getSnapshot().context.restored).toBeNull();
    expect(b.getSnapshot().value).toBe('loaded');
  });
});
