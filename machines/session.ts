// Session: signed out (guest, role annotator) or signed in. The identity is kept in localStorage under
// `va_user` as {signedIn, id, name, role, ts}; a missing or corrupt record is signed out. Storage arrives
// through the machine input so the machine itself has no DOM dependency.
//
// Sign-in is client-side, so the role a user picks is only a wish: the server decides from its users
// table. Once signed in, the machine asks the server (`fetchGrantedRole`) for the role it actually
// grants, and the screens show and gate on that role, never on the picked one.
import { assign, fromPromise, setup } from 'xstate';
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

export interface SessionContext {
  user: SessionUser;
  storage: KeyValueStorage | null;
  now: () => number;
  /** The role the server grants this user id; null until the server has answered. */
  granted: Role | null;
  /** Set by a sign-in or update (not a reload), so the "not granted" notice is said once per choice. */
  announce: boolean;
  /** Plain words for the user when the picked role is above the granted one; null when nothing to say. */
  notice: string | null;
}

export const ROLE_LABELS: Record<Role, string> = { annotator: 'Annotator / Reviewer', admin: 'Administrator', super: 'Super User' };
const rank = (r: Role) => ROLES.indexOf(r);

/** The role the screens may show and gate on: the granted one, and no more than annotator before that. */
export const effectiveRole = (c: Pick<SessionContext, 'user' | 'granted'>): Role => (c.user.signedIn ? c.granted ?? 'annotator' : 'annotator');

export function notGrantedNotice(picked: Role, granted: Role): string | null {
  if (rank(picked) <= rank(granted)) return null;
  return `This server has not granted you the ${ROLE_LABELS[picked]} role, so you are signed in as ${ROLE_LABELS[granted]}. Ask a super user to grant it.`;
}

export type SessionEvent =
  | { type: 'session.signIn'; id: string; name?: string; role?: Role }
  | { type: 'session.update'; id: string; name?: string; role?: Role }
  | { type: 'session.signOut' }
  | { type: 'session.noticeSeen' };

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
  actors: {
    // Provided by the app (GET /api/v1/me); the machine itself does no I/O.
    fetchGrantedRole: fromPromise<Role, SessionUser>(async () => { throw new Error('fetchGrantedRole is not provided'); }),
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
      return { user, granted: null, announce: true, notice: null };
    }),
    clearUser: assign(({ context }) => {
      try { context.storage?.removeItem(STORED_USER_KEY); } catch { /* ignore */ }
      return { user: GUEST, granted: null, announce: false, notice: null };
    }),
    grant: assign(({ context }, granted: Role) => ({
      granted,
      notice: context.announce ? notGrantedNotice(context.user.role, granted) : null,
      announce: false,
    })),
    // Unknown to the server or unreachable: show no more than the lowest role rather than the wish.
    grantNothing: assign({ granted: 'annotator' as Role, announce: false }),
    clearNotice: assign({ notice: null }),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ storage: input.storage, now: input.now ?? Date.now, user: readStoredUser(input.storage), granted: null, announce: false, notice: null }),
  initial: 'boot',
  states: {
    boot: { always: [{ guard: 'storedSignedIn', target: 'signedIn' }, { target: 'signedOut' }] },
    signedOut: {
      on: { 'session.signIn': { guard: 'validId', target: 'signedIn', actions: 'saveUser' } },
    },
    signedIn: {
      initial: 'verifying',
      on: {
        'session.update': { guard: 'validId', target: '.verifying', reenter: true, actions: 'saveUser' },
        'session.signIn': { guard: 'validId', target: '.verifying', reenter: true, actions: 'saveUser' },
        'session.signOut': { target: 'signedOut', actions: 'clearUser' },
        'session.noticeSeen': { actions: 'clearNotice' },
      },
      states: {
        verifying: {
          invoke: {
            src: 'fetchGrantedRole',
            input: ({ context }) => context.user,
            onDone: { target: 'verified', actions: { type: 'grant', params: ({ event }) => event.output } },
            onError: { target: 'unverified', actions: 'grantNothing' },
          },
        },
        verified: {},
        unverified: {},
      },
    },
  },
});
