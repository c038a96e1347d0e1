// Session machine against a server that signs people in itself (issue 30): the mode comes from
// fetchAuthConfig; open stays today's client-side sign-in; password signs in with the server (401/429 keep
// the form with the server's words), must_change holds the user on 'Change password', sign-out asks the
// server; proxy takes the identity from /me with no form; guest access 'none' asks to sign in first.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  effectiveRole,
  sessionMachine,
  signInRequiredToBrowse,
  type KeyValueStorage,
  type SessionUser,
} from '../../machines/session';
import { OPEN_AUTH, type AuthConfig, type ServerIdentity } from '../../domain/auth';
import { ApiError } from '../../src/api/request';

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

/** A promise the test settles when it chooses. */
function deferred<T>() {
  let resolve!: (v: T) => void, reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const settle = () => new Promise((r) => setTimeout(r, 0));
const config = (c: Partial<AuthConfig>): AuthConfig => ({ ...OPEN_AUTH, ...c });
const me = (id: string, role: ServerIdentity['role'], extra: Partial<ServerIdentity> = {}): ServerIdentity => ({
  signed_in: true,
  id,
  name: id.toUpperCase(),
  role,
  must_change_password: false,
  ...extra,
});
const NOBODY: ServerIdentity = { signed_in: false, id: null, name: null, role: 'annotator' };

/** A fake server: the config, the /me answer and the login / logout answers, with what was asked. */
function fakeServer(opts: {
  auth: AuthConfig | Error;
  me?: ServerIdentity;
  login?: (id: string, password: string) => Promise<ServerIdentity>;
  logout?: () => Promise<void>;
}) {
  const calls: string[] = [];
  const actors = {
    fetchAuthConfig: fromPromise<AuthConfig>(async () => {
      calls.push('config');
      if (opts.auth instanceof Error) throw opts.auth;
      return opts.auth;
    }),
    fetchMe: fromPromise<ServerIdentity>(async () => {
      calls.push('me');
      return opts.me ?? NOBODY;
    }),
    login: fromPromise<ServerIdentity, { id: string; password: string }>(({ input }) => {
      calls.push(`login ${input.id}`);
      return opts.login!(input.id, input.password);
    }),
    logout: fromPromise<void>(() => {
      calls.push('logout');
      return opts.logout ? opts.logout() : Promise.resolve();
    }),
    fetchGrantedRole: fromPromise<'annotator' | 'admin' | 'super', SessionUser>(async () => {
      calls.push('granted');
      return 'annotator';
    }),
  };
  return { calls, actors };
}

const startOn = (server: ReturnType<typeof fakeServer>, storage = memoryStorage()) =>
  createActor(sessionMachine.provide({ actors: server.actors }), { input: { storage, now: () => 7 } }).start();

describe('session: open mode stays as today', () => {
  it('signs in client-side at once and keeps va_user when the server answers open', async () => {
    const storage = memoryStorage();
    const a = startOn(fakeServer({ auth: config({ mode: 'open' }) }), storage);
    a.send({ type: 'session.signIn', id: 'alice', role: 'admin' });
    expect(a.getSnapshot().matches('signedIn')).toBe(true);
    await settle();
    expect(a.getSnapshot().context.auth?.mode).toBe('open');
    expect(a.getSnapshot().matches('signedIn')).toBe(true);
    expect(JSON.parse(storage.data.get('va_user')!)).toMatchObject({ id: 'alice', role: 'admin' });
  });

  it('treats a server without the config call as open', async () => {
    const a = startOn(fakeServer({ auth: new ApiError(404, 'Not found') }));
    await settle();
    expect(a.getSnapshot().context.auth).toEqual(OPEN_AUTH);
    expect(a.getSnapshot().value).toBe('signedOut');
  });
});

describe('session: password mode', () => {
  it('forgets the open-mode identity, so no X-User-* headers are sent, and asks /me who is signed in', async () => {
    const storage = memoryStorage({ va_user: JSON.stringify({ signedIn: true, id: 'old', role: 'super', ts: 1 }) });
    const server = fakeServer({ auth: config({ mode: 'password' }) });
    const a = startOn(server, storage);
    await settle();
    expect(storage.data.has('va_user')).toBe(false);
    // Only the open-mode start (a stored identity being checked) may have asked before the config answer.
    expect(server.calls.slice(server.calls.indexOf('config'))).toEqual(expect.arrayContaining(['config', 'me']));
    expect(a.getSnapshot().context.auth?.mode).toBe('password');
    expect(a.getSnapshot().matches({ server: 'signedOut' })).toBe(true);
    expect(a.getSnapshot().context.user.signedIn).toBe(false);
  });

  it('restores a session the cookie still holds, with the role the server holds', async () => {
    const a = startOn(fakeServer({ auth: config({ mode: 'password' }), me: me('boss', 'super') }));
    await settle();
    expect(a.getSnapshot().matches({ server: { signedIn: 'ready' } })).toBe(true);
    expect(a.getSnapshot().context.user).toEqual({ signedIn: true, id: 'boss', name: 'BOSS', role: 'super' });
    expect(effectiveRole(a.getSnapshot().context)).toBe('super');
  });

  it('signs in with the server and takes the identity it answers', async () => {
    const answer = deferred<ServerIdentity>();
    const server = fakeServer({ auth: config({ mode: 'password' }), login: () => answer.promise });
    const a = startOn(server);
    await settle();
    a.send({ type: 'session.login', id: ' ann ', password: 'correct horse battery' });
    expect(a.getSnapshot().matches({ server: 'signingIn' })).toBe(true);
    answer.resolve(me('ann', 'admin'));
    await settle();
    expect(server.calls).toContain('login ann');
    expect(a.getSnapshot().matches({ server: { signedIn: 'ready' } })).toBe(true);
    expect(effectiveRole(a.getSnapshot().context)).toBe('admin');
    expect(a.getSnapshot().context.authError).toBeNull();
  });

  it.each([
    [401, 'Wrong user ID or password'],
    [429, 'Too many sign-in attempts. Try again in 30 seconds.'],
  ])("stays signed out and shows the server's words on %i", async (status, detail) => {
    const a = startOn(
      fakeServer({
        auth: config({ mode: 'password' }),
        login: async () => {
          throw new ApiError(status, detail);
        },
      }),
    );
    await settle();
    a.send({ type: 'session.login', id: 'ann', password: 'not the password' });
    await settle();
    expect(a.getSnapshot().matches({ server: 'signedOut' })).toBe(true);
    expect(a.getSnapshot().context.authError).toBe(detail);
    expect(a.getSnapshot().context.user.signedIn).toBe(false);
  });

  it('ignores the open-mode sign-in event: the role cannot be picked', async () => {
    const a = startOn(fakeServer({ auth: config({ mode: 'password' }) }));
    await settle();
    a.send({ type: 'session.signIn', id: 'mallory', role: 'super' });
    expect(a.getSnapshot().matches({ server: 'signedOut' })).toBe(true);
    expect(a.getSnapshot().context.user.signedIn).toBe(false);
  });

  it('holds a user who must change the password on Change password until it is changed', async () => {
    const a = startOn(
      fakeServer({
        auth: config({ mode: 'password' }),
        login: async () => me('temp', 'annotator', { must_change_password: true }),
      }),
    );
    await settle();
    a.send({ type: 'session.login', id: 'temp', password: 'temporary-password' });
    await settle();
    expect(a.getSnapshot().matches({ server: { signedIn: 'mustChangePassword' } })).toBe(true);
    expect(a.getSnapshot().context.mustChangePassword).toBe(true);
    a.send({ type: 'session.passwordChanged' });
    expect(a.getSnapshot().matches({ server: { signedIn: 'ready' } })).toBe(true);
    expect(a.getSnapshot().context.mustChangePassword).toBe(false);
  });

  it('signs out through the server, and stays signed in with the reason when that fails', async () => {
    let fail = true;
    const server = fakeServer({
      auth: config({ mode: 'password' }),
      me: me('ann', 'annotator'),
      logout: async () => {
        if (fail) throw new Error('The server could not be reached.');
      },
    });
    const a = startOn(server);
    await settle();
    a.send({ type: 'session.signOut' });
    await settle();
    expect(a.getSnapshot().matches({ server: 'signedIn' })).toBe(true);
    expect(a.getSnapshot().context.authError).toBe('The server could not be reached.');
    fail = false;
    a.send({ type: 'session.signOut' });
    await settle();
    expect(server.calls.filter((c) => c === 'logout')).toHaveLength(2);
    expect(a.getSnapshot().matches({ server: 'signedOut' })).toBe(true);
    expect(a.getSnapshot().context.user.signedIn).toBe(false);
    expect(effectiveRole(a.getSnapshot().context)).toBe('annotator');
  });

  it('takes the identity a setup or reset page was answered with', async () => {
    const a = startOn(fakeServer({ auth: config({ mode: 'password', setup_required: true }) }));
    await settle();
    a.send({ type: 'session.adopt', identity: me('first', 'super') });
    expect(a.getSnapshot().matches({ server: { signedIn: 'ready' } })).toBe(true);
    expect(effectiveRole(a.getSnapshot().context)).toBe('super');
  });
});

describe('session: the server ended the session', () => {
  it('asks /me again on session.recheck and signs out when the session is gone', async () => {
    let answer: ServerIdentity = me('ann', 'annotator');
    const server = fakeServer({ auth: config({ mode: 'password' }) });
    server.actors.fetchMe = fromPromise<ServerIdentity>(async () => {
      server.calls.push('me');
      return answer;
    });
    const a = startOn(server);
    await settle();
    expect(a.getSnapshot().context.user.signedIn).toBe(true);
    answer = NOBODY;
    a.send({ type: 'session.recheck' });
    await settle();
    expect(server.calls.filter((c) => c === 'me')).toHaveLength(2);
    expect(a.getSnapshot().matches({ server: 'signedOut' })).toBe(true);
    expect(a.getSnapshot().context.user.signedIn).toBe(false);
  });

  it('does nothing on session.recheck in open mode', async () => {
    const server = fakeServer({ auth: config({ mode: 'open' }) });
    const a = startOn(server);
    a.send({ type: 'session.signIn', id: 'alice' });
    await settle();
    a.send({ type: 'session.recheck' });
    await settle();
    expect(a.getSnapshot().matches('signedIn')).toBe(true);
    expect(server.calls).not.toContain('me');
  });

  it('no longer says a new server needs its first administrator once someone is signed in', async () => {
    const a = startOn(fakeServer({ auth: config({ mode: 'password', setup_required: true }) }));
    await settle();
    a.send({ type: 'session.adopt', identity: me('first', 'super') });
    expect(a.getSnapshot().context.auth?.setup_required).toBe(false);
  });
});

describe('session: proxy mode', () => {
  it('takes the identity from /me, offers no sign-in and no sign-out', async () => {
    const server = fakeServer({
      auth: config({ mode: 'proxy', proxy_user_header: 'X-Forwarded-User' }),
      me: me('pat', 'admin'),
      login: async () => me('other', 'super'),
    });
    const a = startOn(server);
    await settle();
    expect(a.getSnapshot().context.user).toMatchObject({ signedIn: true, id: 'pat' });
    expect(effectiveRole(a.getSnapshot().context)).toBe('admin');
    a.send({ type: 'session.signOut' });
    expect(a.getSnapshot().matches({ server: 'signedIn' })).toBe(true);
    expect(server.calls).not.toContain('logout');
  });

  it('has no sign-in form when the proxy did not say who you are', async () => {
    const server = fakeServer({ auth: config({ mode: 'proxy' }), login: async () => me('other', 'super') });
    const a = startOn(server);
    await settle();
    a.send({ type: 'session.login', id: 'other', password: 'whatever-it-is' });
    await settle();
    expect(a.getSnapshot().matches({ server: 'signedOut' })).toBe(true);
    expect(server.calls).not.toContain('login other');
  });
});

describe('session: guest access', () => {
  it('asks a guest to sign in first when guests may not browse, and not once signed in', async () => {
    const a = startOn(
      fakeServer({
        auth: config({ mode: 'password', guest_access: 'none' }),
        login: async () => me('ann', 'annotator'),
      }),
    );
    expect(signInRequiredToBrowse(a.getSnapshot().context)).toBe(false);
    await settle();
    expect(signInRequiredToBrowse(a.getSnapshot().context)).toBe(true);
    a.send({ type: 'session.login', id: 'ann', password: 'correct horse battery' });
    await settle();
    expect(signInRequiredToBrowse(a.getSnapshot().context)).toBe(false);
  });

  it('lets guests browse with read access', async () => {
    const a = startOn(fakeServer({ auth: config({ mode: 'password', guest_access: 'read' }) }));
    await settle();
    expect(signInRequiredToBrowse(a.getSnapshot().context)).toBe(false);
  });
});
