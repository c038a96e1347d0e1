// Session machine against a server that signs people in itself: the mode comes from fetchAuthConfig; open
// stays today's client-side sign-in; password signs in with the server (401/429 keep the form with the
// server's words), must_change holds the user on 'Change password', sign-out asks the server.
import { describe, expect, it } from 'vitest';
import { effectiveRole } from '../../machines/session-identity';
import { OPEN_AUTH, type ServerIdentity } from '../../domain/auth';
import { ApiError } from '../../src/api/request';
import { config, deferred, fakeServer, me, memoryStorage, settle, startOn } from './session-auth-server';

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
