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
import { STORED_USER_KEY, type Role } from '../domain/constants';
import { validateUserId } from '../domain/validation';
import {
  GUEST,
  notGrantedNotice,
  readStoredUser,
  userFrom,
  userFromServer,
  type Credentials,
  type KeyValueStorage,
  type SessionContext,
  type SessionEvent,
  type SessionUser,
  type StoredUserRecord,
} from './session-identity';

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
