// Session (spec part 1 §2.3, §3, §4): signed out (guest, role annotator) or signed in. The identity is kept
// in localStorage under `va_user` as {signedIn, id, name, role, ts}; a missing or corrupt record is signed out.
// Storage arrives through the machine input so the machine itself has no DOM dependency.
import { assign, setup } from 'xstate';
import { ROLES, STORED_USER_KEY, type Role } from '../domain/constants';
import { validateUserId } from '../domain/validation';

export interface SessionUser { signedIn: boolean; id: string; name: string; role: Role }
export interface StoredUserRecord extends SessionUser { ts: number }

/** The subset of Web Storage the session uses (tests pass a Map-backed fake). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export const GUEST: SessionUser = { signedIn: false, id: '', name: '', role: 'annotator' };

const isRole = (r: unknown): r is Role => typeof r === 'string' && (ROLES as readonly string[]).includes(r);

/** Reads the stored identity; anything missing, unparsable or invalid counts as signed out. */
export function readStoredUser(storage: KeyValueStorage | null): SessionUser {
  let raw: unknown;
  try { raw = JSON.parse(storage?.getItem(STORED_USER_KEY) ?? 'null'); } catch { return GUEST; }
  if (!raw || typeof raw !== 'object') return GUEST;
  const r = raw as Partial<StoredUserRecord>;
  if (r.signedIn !== true || typeof r.id !== 'string' || validateUserId(r.id) !== null) return GUEST;
  return { signedIn: true, id: r.id.trim(), name: typeof r.name === 'string' ? r.name : '', role: isRole(r.role) ? r.role : 'annotator' };
}

export interface SessionContext { user: SessionUser; storage: KeyValueStorage | null; now: () => number }

export type SessionEvent =
  | { type: 'session.signIn'; id: string; name?: string; role?: Role }
  | { type: 'session.update'; id: string; name?: string; role?: Role }
  | { type: 'session.signOut' };

type Credentials = Extract<SessionEvent, { id: string }>;

function userFrom(e: Credentials): SessionUser {
  return { signedIn: true, id: e.id.trim(), name: (e.name ?? '').trim(), role: isRole(e.role) ? e.role : 'annotator' };
}

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as { storage: KeyValueStorage | null; now?: () => number },
  },
  guards: {
    storedSignedIn: ({ context }) => context.user.signedIn,
    validId: ({ event }) => 'id' in event && validateUserId(event.id) === null,
  },
  actions: {
    saveUser: assign(({ context, event }) => {
      const user = userFrom(event as Credentials);
      const record: StoredUserRecord = { ...user, ts: context.now() };
      try { context.storage?.setItem(STORED_USER_KEY, JSON.stringify(record)); } catch { /* storage full/blocked: session still works in memory */ }
      return { user };
    }),
    clearUser: assign(({ context }) => {
      try { context.storage?.removeItem(STORED_USER_KEY); } catch { /* ignore */ }
      return { user: GUEST };
    }),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ storage: input.storage, now: input.now ?? Date.now, user: readStoredUser(input.storage) }),
  initial: 'boot',
  states: {
    boot: { always: [{ guard: 'storedSignedIn', target: 'signedIn' }, { target: 'signedOut' }] },
    signedOut: {
      on: { 'session.signIn': { guard: 'validId', target: 'signedIn', actions: 'saveUser' } },
    },
    signedIn: {
      on: {
        'session.update': { guard: 'validId', actions: 'saveUser' },
        'session.signIn': { guard: 'validId', actions: 'saveUser' },
        'session.signOut': { target: 'signedOut', actions: 'clearUser' },
      },
    },
  },
});
