// Session: signed out (guest, role annotator) or signed in. The identity is kept in localStorage under
// `va_user` as {signedIn, id, name, role, ts}; a missing or corrupt record is signed out. Storage arrives
// through the machine input so the machine itself has no DOM dependency.
//
// Sign-in is client-side, so the role a user picks is only a wish: the server decides from its users
// table. Once signed in, the machine asks the server (`fetchGrantedRole`) for the role it actually
// grants, and the screens show and gate on that role, never on the picked one.
//
// The server may instead sign people in itself (`password`: accounts with passwords; `proxy`: an
// authenticating reverse proxy). The machine starts as today (so the open mode's first paint and events are
// unchanged) and asks `fetchAuthConfig` meanwhile; when the server answers another mode it moves to `server`,
// forgets the stored identity (no X-User-* headers are sent then) and takes the identity from `fetchMe`.
import { assign, fromPromise, setup } from 'xstate';
import { OPEN_AUTH, type AuthConfig, type ServerIdentity } from '../domain/auth';
import { ROLES, STORED_USER_KEY, type Role } from '../domain/constants';
import { validateUserId } from '../domain/validation';

export interface SessionUser {
  signedIn: boolean;
  id: string;
  name: string;
  role: Role;
}
export interface StoredUserRecord extends SessionUser {
  ts: number;
}

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
  try {
    raw = JSON.parse(storage?.getItem(STORED_USER_KEY) ?? 'null');
  } catch {
    return GUEST;
  }
  if (!raw || typeof raw !== 'object') return GUEST;
  const r = raw as Partial<StoredUserRecord>;
  if (r.signedIn !== true || typeof r.id !== 'string' || validateUserId(r.id) !== null) return GUEST;
  return {
    signedIn: true,
    id: r.id.trim(),
    name: typeof r.name === 'string' ? r.name : '',
    role: isRole(r.role) ? r.role : 'annotator',
  };
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
  /** How the server signs people in; null until it has answered (the app behaves as open meanwhile). */
  auth: AuthConfig | null;
  /** The server's words for the last failed sign-in or sign-out; null when nothing failed. */
  authError: string | null;
  /** The server asks this user to choose a new password before anything else. */
  mustChangePassword: boolean;
}

export const ROLE_LABELS: Record<Role, string> = {
  annotator: 'Annotator / Reviewer',
  admin: 'Administrator',
  super: 'Super User',
};
const rank = (r: Role) => ROLES.indexOf(r);

/** The role the screens may show and gate on: the granted one, and no more than annotator before that. */
export const effectiveRole = (c: Pick<SessionContext, 'user' | 'granted'>): Role =>
  c.user.signedIn ? (c.granted ?? 'annotator') : 'annotator';

export function notGrantedNotice(picked: Role, granted: Role): string | null {
  if (rank(picked) <= rank(granted)) return null;
  return `This server has not granted you the ${ROLE_LABELS[picked]} role, so you are signed in as ${ROLE_LABELS[granted]}. Ask a super user to grant it.`;
}

/** True when guests may not browse: every screen asks to sign in first. */
export const signInRequiredToBrowse = (c: Pick<SessionContext, 'user' | 'auth'>): boolean =>
  c.auth?.guest_access === 'none' && !c.user.signedIn;

export type SessionEvent =
  | { type: 'session.signIn'; id: string; name?: string; role?: Role }
  | { type: 'session.update'; id: string; name?: string; role?: Role }
  | { type: 'session.signOut' }
  | { type: 'session.noticeSeen' }
  /** Password mode: sign in with the server. */
  | { type: 'session.login'; id: string; password: string }
  /** Password mode: the server already signed this identity in (first administrator, reset link). */
  | { type: 'session.adopt'; identity: ServerIdentity }
  | { type: 'session.passwordChanged' }
  /** A call was refused as not signed in: ask the server again who is signed in (password and proxy modes). */
  | { type: 'session.recheck' };

type Credentials = Extract<SessionEvent, { type: 'session.signIn' | 'session.update' }>;

function userFromServer(me: ServerIdentity): SessionUser {
  return me.signed_in && me.id ? { signedIn: true, id: me.id, name: me.name ?? '', role: me.role } : GUEST;
}

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
    fetchGrantedRole: fromPromise<Role, SessionUser>(async () => {
      throw new Error('fetchGrantedRole is not provided');
    }),
    // GET /api/v1/auth/config; when not provided or failing, the mode stays open.
    fetchAuthConfig: fromPromise<AuthConfig>(async () => {
      throw new Error('fetchAuthConfig is not provided');
    }),
    // GET /api/v1/me with the session cookie (password and proxy modes).
    fetchMe: fromPromise<ServerIdentity>(async () => {
      throw new Error('fetchMe is not provided');
    }),
    // POST /api/v1/auth/login; rejects with the server's `detail` as the message.
    login: fromPromise<ServerIdentity, { id: string; password: string }>(async () => {
      throw new Error('login is not provided');
    }),
    // POST /api/v1/auth/logout.
    logout: fromPromise<void>(async () => {
      throw new Error('logout is not provided');
    }),
  },
  guards: {
    storedSignedIn: ({ context }) => context.user.signedIn,
    validId: ({ event }) => 'id' in event && validateUserId(event.id) === null,
    serverSignsIn: ({ event }) => (event as unknown as { output: AuthConfig }).output.mode !== 'open',
    passwordMode: ({ context }) => context.auth?.mode === 'password',
    answeredSignedIn: ({ event }) => userFromServer((event as unknown as { output: ServerIdentity }).output).signedIn,
    mustChange: ({ context }) => context.mustChangePassword,
  },
  actions: {
    saveUser: assign(({ context, event }) => {
      const user = userFrom(event as Credentials);
      const record: StoredUserRecord = { ...user, ts: context.now() };
      try {
        context.storage?.setItem(STORED_USER_KEY, JSON.stringify(record));
      } catch {
        /* storage full/blocked: session still works in memory */
      }
      return { user, granted: null, announce: true, notice: null };
    }),
    clearUser: assign(({ context }) => {
      try {
        context.storage?.removeItem(STORED_USER_KEY);
      } catch {
        /* ignore */
      }
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
    setAuth: assign((_, auth: AuthConfig) => ({ auth })),
    // The server decides who is signed in: the identity stored for the open mode is no longer sent.
    forgetStoredUser: assign(({ context }) => {
      try {
        context.storage?.removeItem(STORED_USER_KEY);
      } catch {
        /* ignore */
      }
      return { user: GUEST, granted: null, announce: false, notice: null };
    }),
    adopt: assign(({ context }, me: ServerIdentity) => {
      const user = userFromServer(me);
      // Someone signed in, so the server has its first administrator: the setup hint no longer applies.
      const auth = user.signedIn && context.auth ? { ...context.auth, setup_required: false } : context.auth;
      return {
        user,
        auth,
        granted: user.signedIn ? me.role : null,
        mustChangePassword: user.signedIn && me.must_change_password === true,
        authError: null,
      };
    }),
    signedOutByServer: assign({ user: GUEST, granted: null, mustChangePassword: false }),
    setAuthError: assign((_, error: unknown) => ({
      authError:
        error instanceof Error && error.message ? error.message : 'The server could not be reached. Try again.',
    })),
    clearAuthError: assign({ authError: null }),
    passwordChanged: assign({ mustChangePassword: false }),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    storage: input.storage,
    now: input.now ?? Date.now,
    user: readStoredUser(input.storage),
    granted: null,
    announce: false,
    notice: null,
    auth: null,
    authError: null,
    mustChangePassword: false,
  }),
  invoke: {
    src: 'fetchAuthConfig',
    onDone: [
      {
        guard: 'serverSignsIn',
        target: '.server',
        actions: [{ type: 'setAuth', params: ({ event }) => event.output }, 'forgetStoredUser'],
      },
      { actions: { type: 'setAuth', params: ({ event }) => event.output } },
    ],
    onError: { actions: { type: 'setAuth', params: OPEN_AUTH } },
  },
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
    // password and proxy modes: the server holds the identity (session cookie or proxy header).
    server: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            src: 'fetchMe',
            onDone: [
              {
                guard: 'answeredSignedIn',
                target: 'signedIn',
                actions: { type: 'adopt', params: ({ event }) => event.output },
              },
              { target: 'signedOut', actions: 'signedOutByServer' },
            ],
            onError: { target: 'signedOut', actions: 'signedOutByServer' },
          },
        },
        signedOut: {
          on: {
            'session.login': { guard: 'passwordMode', target: 'signingIn', actions: 'clearAuthError' },
            'session.adopt': { target: 'signedIn', actions: { type: 'adopt', params: ({ event }) => event.identity } },
          },
        },
        signingIn: {
          invoke: {
            src: 'login',
            input: ({ event }) => {
              const e = event as Extract<SessionEvent, { type: 'session.login' }>;
              return { id: e.id.trim(), password: e.password };
            },
            onDone: [
              {
                guard: 'answeredSignedIn',
                target: 'signedIn',
                actions: { type: 'adopt', params: ({ event }) => event.output },
              },
              { target: 'signedOut', actions: 'signedOutByServer' },
            ],
            onError: {
              target: 'signedOut',
              actions: { type: 'setAuthError', params: ({ event }: { event: { error: unknown } }) => event.error },
            },
          },
        },
        signedIn: {
          initial: 'deciding',
          on: {
            'session.signOut': { guard: 'passwordMode', target: 'signingOut', actions: 'clearAuthError' },
            'session.recheck': { target: 'loading' },
            'session.adopt': {
              target: 'signedIn',
              reenter: true,
              actions: { type: 'adopt', params: ({ event }) => event.identity },
            },
          },
          states: {
            deciding: { always: [{ guard: 'mustChange', target: 'mustChangePassword' }, { target: 'ready' }] },
            // The app stays on 'Change password' until the password is changed.
            mustChangePassword: { on: { 'session.passwordChanged': { target: 'ready', actions: 'passwordChanged' } } },
            ready: {},
          },
        },
        signingOut: {
          invoke: {
            src: 'logout',
            onDone: { target: 'signedOut', actions: 'signedOutByServer' },
            // The cookie may still be valid, so the user is still signed in: say so rather than pretend.
            onError: {
              target: 'signedIn',
              actions: { type: 'setAuthError', params: ({ event }: { event: { error: unknown } }) => event.error },
            },
          },
        },
      },
    },
  },
});
