// Session machine when the server holds the identity: a session the server ended is asked for again,
// proxy mode takes the identity from /me with no form, and guest access 'none' asks to sign in first.
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { effectiveRole, signInRequiredToBrowse } from '../../machines/session-identity';
import type { ServerIdentity } from '../../domain/auth';
import { config, fakeServer, me, NOBODY, settle, startOn } from './session-auth-server';

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
