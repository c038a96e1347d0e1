// Session machine: va_user in storage, corrupt/missing = signed out, sign in / update / sign out.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { sessionMachine } from '../../machines/session';
import { effectiveRole, type KeyValueStorage, type SessionUser } from '../../machines/session-identity';
import type { Role } from '../../domain/constants';

function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
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

const start = (storage: KeyValueStorage | null, now = () => 1_700_000_000_000) =>
  createActor(sessionMachine, { input: { storage, now } }).start();

describe('session', () => {
  it('starts signed out as an annotator guest when nothing is stored', () => {
    const a = start(memoryStorage());
    expect(a.getSnapshot().value).toBe('signedOut');
    expect(a.getSnapshot().context.user).toEqual({ signedIn: false, id: '', name: '', role: 'annotator' });
  });

  it.each([
    ['not JSON', '{oops'],
    ['not an object', '"alice"'],
    ['signedIn false', JSON.stringify({ signedIn: false, id: 'alice', role: 'admin' })],
    ['invalid id', JSON.stringify({ signedIn: true, id: 'a b', role: 'admin' })],
  ])('treats a corrupt record (%s) as signed out', (_label, raw) => {
    const a = start(memoryStorage({ va_user: raw }));
    expect(a.getSnapshot().value).toBe('signedOut');
    expect(a.getSnapshot().context.user.signedIn).toBe(false);
  });

  it('restores a stored identity, defaulting an unknown role to annotator', () => {
    const a = start(
      memoryStorage({ va_user: JSON.stringify({ signedIn: true, id: 'bob', name: 'Bob', role: 'wizard', ts: 1 }) }),
    );
    expect(a.getSnapshot().matches('signedIn')).toBe(true);
    expect(a.getSnapshot().context.user).toEqual({ signedIn: true, id: 'bob', name: 'Bob', role: 'annotator' });
  });

  it('signs in with a trimmed id and writes va_user with a timestamp', () => {
    const storage = memoryStorage();
    const a = start(storage, () => 42);
    a.send({ type: 'session.signIn', id: '  alice@lab ', name: ' Alice ', role: 'admin' });
    expect(a.getSnapshot().matches('signedIn')).toBe(true);
    expect(JSON.parse(storage.data.get('va_user')!)).toEqual({
      signedIn: true,
      id: 'alice@lab',
      name: 'Alice',
      role: 'admin',
      ts: 42,
    });
  });

  it('ignores a sign-in with an invalid id', () => {
    const storage = memoryStorage();
    const a = start(storage);
    a.send({ type: 'session.signIn', id: 'ab' });
    a.send({ type: 'session.signIn', id: '   ' });
    expect(a.getSnapshot().value).toBe('signedOut');
    expect(storage.data.has('va_user')).toBe(false);
  });

  it('updates the identity while signed in and signs out back to a guest annotator', () => {
    const storage = memoryStorage();
    let now = 1;
    const a = start(storage, () => now);
    a.send({ type: 'session.signIn', id: 'carol', role: 'super' });
    now = 2;
    a.send({ type: 'session.update', id: 'carol', name: 'Carol', role: 'annotator' });
    expect(JSON.parse(storage.data.get('va_user')!)).toMatchObject({ name: 'Carol', role: 'annotator', ts: 2 });
    a.send({ type: 'session.signOut' });
    expect(a.getSnapshot().value).toBe('signedOut');
    expect(a.getSnapshot().context.user.role).toBe('annotator');
    expect(storage.data.has('va_user')).toBe(false);
  });

  it('keeps working in memory when storage throws', () => {
    const broken: KeyValueStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    const a = start(broken);
    expect(a.getSnapshot().value).toBe('signedOut');
    a.send({ type: 'session.signIn', id: 'dave' });
    expect(a.getSnapshot().context.user.id).toBe('dave');
    a.send({ type: 'session.signOut' });
    expect(a.getSnapshot().value).toBe('signedOut');
  });
});

/** A server whose users table grants `roles`; unknown ids are annotators. Resolves when `release()` is called. */
function fakeServer(roles: Record<string, Role>) {
  const asked: string[] = [];
  let pending: Array<() => void> = [];
  const actor = fromPromise<Role, SessionUser>(
    ({ input }) =>
      new Promise<Role>((resolve) => {
        asked.push(input.id);
        pending.push(() => resolve(roles[input.id] ?? 'annotator'));
      }),
  );
  return {
    actor,
    asked,
    release: async () => {
      pending.forEach((r) => r());
      pending = [];
      await Promise.resolve();
      await new Promise((r) => setTimeout(r, 0));
    },
  };
}

const startWith = (storage: KeyValueStorage, server: ReturnType<typeof fakeServer>) =>
  createActor(sessionMachine.provide({ actors: { fetchGrantedRole: server.actor } }), {
    input: { storage, now: () => 1 },
  }).start();

describe('session: the role shown is the role the server grants', () => {
  it('shows no more than annotator until the server answers, then the granted role, and says once that the pick was not granted', async () => {
    const server = fakeServer({});
    const a = startWith(memoryStorage(), server);
    a.send({ type: 'session.signIn', id: 'mallory', role: 'admin' });
    expect(a.getSnapshot().matches({ signedIn: 'verifying' })).toBe(true);
    expect(effectiveRole(a.getSnapshot().context)).toBe('annotator');
    await server.release();
    expect(server.asked).toEqual(['mallory']);
    expect(a.getSnapshot().matches({ signedIn: 'verified' })).toBe(true);
    expect(effectiveRole(a.getSnapshot().context)).toBe('annotator');
    expect(a.getSnapshot().context.notice).toBe(
      'This server has not granted you the Administrator role, so you are signed in as Annotator / Reviewer. Ask a super user to grant it.',
    );
    a.send({ type: 'session.noticeSeen' });
    expect(a.getSnapshot().context.notice).toBeNull();
  });

  it('shows super for a bootstrapped super user who picked annotator, with no notice', async () => {
    const server = fakeServer({ boss: 'super' });
    const a = startWith(memoryStorage(), server);
    a.send({ type: 'session.signIn', id: 'boss' });
    await server.release();
    expect(effectiveRole(a.getSnapshot().context)).toBe('super');
    expect(a.getSnapshot().context.notice).toBeNull();
  });

  it('checks again on reload and after an update, but tells the notice only after a sign-in or update', async () => {
    const server = fakeServer({ ann: 'annotator' });
    const stored = memoryStorage({
      va_user: JSON.stringify({ signedIn: true, id: 'ann', name: '', role: 'super', ts: 1 }),
    });
    const a = startWith(stored, server);
    await server.release();
    expect(server.asked).toEqual(['ann']);
    expect(effectiveRole(a.getSnapshot().context)).toBe('annotator');
    expect(a.getSnapshot().context.notice).toBeNull();
    a.send({ type: 'session.update', id: 'ann', role: 'super' });
    expect(effectiveRole(a.getSnapshot().context)).toBe('annotator');
    await server.release();
    expect(server.asked).toEqual(['ann', 'ann']);
    expect(a.getSnapshot().context.notice).toMatch(/has not granted you the Super User role/);
  });

  it('falls back to annotator when the server cannot be asked', async () => {
    const failing = fromPromise<Role, SessionUser>(async () => {
      throw new Error('offline');
    });
    const a = createActor(sessionMachine.provide({ actors: { fetchGrantedRole: failing } }), {
      input: { storage: memoryStorage(), now: () => 1 },
    }).start();
    a.send({ type: 'session.signIn', id: 'carol', role: 'super' });
    await new Promise((r) => setTimeout(r, 0));
    expect(a.getSnapshot().matches({ signedIn: 'unverified' })).toBe(true);
    expect(effectiveRole(a.getSnapshot().context)).toBe('annotator');
  });

  it('a guest is an annotator and asks nothing', () => {
    const server = fakeServer({});
    const a = startWith(memoryStorage(), server);
    expect(effectiveRole(a.getSnapshot().context)).toBe('annotator');
    expect(server.asked).toEqual([]);
  });
});
