// Session machine: va_user in storage, corrupt/missing = signed out, sign in / update / sign out.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { sessionMachine, type KeyValueStorage } from '../../machines/session';

function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => { data.set(k, v); }, removeItem: (k) => { data.delete(k); } };
}

const start = (storage: KeyValueStorage | null, now = () => 1_700_000_000_000) => createActor(sessionMachine, { input: { storage, now } }).start();

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
    const a = start(memoryStorage({ va_user: JSON.stringify({ signedIn: true, id: 'bob', name: 'Bob', role: 'wizard', ts: 1 }) }));
    expect(a.getSnapshot().value).toBe('signedIn');
    expect(a.getSnapshot().context.user).toEqual({ signedIn: true, id: 'bob', name: 'Bob', role: 'annotator' });
  });

  it('signs in with a trimmed id and writes va_user with a timestamp', () => {
    const storage = memoryStorage();
    const a = start(storage, () => 42);
    a.send({ type: 'session.signIn', id: '  alice@lab ', name: ' Alice ', role: 'admin' });
    expect(a.getSnapshot().value).toBe('signedIn');
    expect(JSON.parse(storage.data.get('va_user')!)).toEqual({ signedIn: true, id: 'alice@lab', name: 'Alice', role: 'admin', ts: 42 });
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
    const broken: KeyValueStorage = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('quota'); }, removeItem: () => { throw new Error('denied'); } };
    const a = start(broken);
    expect(a.getSnapshot().value).toBe('signedOut');
    a.send({ type: 'session.signIn', id: 'dave' });
    expect(a.getSnapshot().context.user.id).toBe('dave');
    a.send({ type: 'session.signOut' });
    expect(a.getSnapshot().value).toBe('signedOut');
  });
});
