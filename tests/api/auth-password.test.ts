// Sign-in in password mode (issue 30): sessions by cookie, expiry, the Origin check, throttling,
// password changes and role changes. Runs on PGlite and on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { as, makeTestApp, type TestApp } from '../helpers/test-app';
import { browserAs, login, ORIGIN, seedUserWithPassword, sessionCookieOf, testClock } from '../helpers/auth';
import { THROTTLE } from '../../server/services/auth/throttle';

// every sign-in is a full-cost scrypt check (128 MiB, up to seconds on a busy machine)
vi.setConfig({ testTimeout: 240_000 });

const PW = 'correct horse staple';
const clock = testClock();
let t: TestApp;
const me = async (headers: Record<string, string>) => (await t.app.inject({ url: '/api/v1/me', headers })).json();

beforeAll(async () => {
  t = await makeTestApp({
    env: { VAT_AUTH: 'password', VAT_SESSION_IDLE_MINUTES: '30', VAT_SESSION_MAX_HOURS: '2' },
    now: clock.now,
  });
  await seedUserWithPassword(t.database, 'sue', 'super', PW);
  await seedUserWithPassword(t.database, 'ann', 'annotator', PW);
});
afterAll(async () => {
  await t?.close();
});

describe('password mode', () => {
  it('X-User-* headers alone give no identity', async () => {
    expect(await me(as('sue', 'super'))).toMatchObject({ signed_in: false, id: null, auth_mode: 'password' });
    const res = await t.app.inject({ url: '/api/v1/admin/users', headers: as('sue', 'super') });
    expect(res.statusCode).toBe(401);
  });

  it('a sign-in sets an HttpOnly SameSite=Lax session cookie and answers the /me shape', async () => {
    const res = await login(t.app, 'sue', PW);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      signed_in: true,
      id: 'sue',
      role: 'super',
      auth_mode: 'password',
      must_change_password: false,
      role_source: 'server',
    });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^vat_session=[A-Za-z0-9_-]{40,};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/');
    expect(cookie).not.toContain('Secure'); // plain HTTP here
    expect(await me({ cookie: sessionCookieOf(res) })).toMatchObject({ signed_in: true, id: 'sue', role: 'super' });
  });

  it('Secure is added when a trusted proxy says the browser came over HTTPS', async () => {
    const tp = await makeTestApp({ env: { VAT_AUTH: 'password', VAT_TRUSTED_PROXIES: '10.0.0.5' } });
    try {
      await seedUserWithPassword(tp.database, 'sue', 'super', PW);
      const res = await tp.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        remoteAddress: '10.0.0.5',
        headers: { 'x-forwarded-proto': 'https' },
        payload: { id: 'sue', password: PW },
      });
      expect(String(res.headers['set-cookie'])).toContain('; Secure');
    } finally {
      await tp.close();
    }
  });

  it('a wrong password, an unknown id and a disabled account all get the same 401', async () => {
    const wrong = await login(t.app, 'ann', 'not the password at all', '10.1.0.1');
    const unknown = await login(t.app, 'nobody-here', PW, '10.1.0.2');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ detail: 'Wrong user ID or password' });
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('sign-out deletes the session on the server', async () => {
    const headers = await browserAs(t.app, 'ann', PW);
    const out = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers });
    expect(out.statusCode).toBe(204);
    expect(String(out.headers['set-cookie'])).toContain('Max-Age=0');
    // the old cookie, replayed, signs nobody in
    expect(await me(headers)).toMatchObject({ signed_in: false });
  });

  it('a session ends after the idle limit, and at the absolute limit however busy', async () => {
    const idle = await browserAs(t.app, 'ann', PW);
    clock.advance(29 * 60_000);
    expect(await me(idle)).toMatchObject({ signed_in: true }); // 29 min idle: still on, and seen now
    clock.advance(29 * 60_000);
    expect(await me(idle)).toMatchObject({ signed_in: true });
    clock.advance(31 * 60_000);
    expect(await me(idle)).toMatchObject({ signed_in: false });

    const busy = await browserAs(t.app, 'ann', PW);
    for (let i = 0; i < 4; i++) {
      clock.advance(25 * 60_000);
      expect(await me(busy)).toMatchObject({ signed_in: true });
    }
    clock.advance(25 * 60_000); // 125 minutes since sign-in, past the 2 h absolute limit
    expect(await me(busy)).toMatchObject({ signed_in: false });
  });

  it('the Origin check refuses a cookie-signed state change from another site and allows same-origin', async () => {
    const { cookie } = await browserAs(t.app, 'sue', PW);
    const body = { id: 'origin-test', role: 'annotator' };
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/users',
      headers: { cookie, origin: 'https://evil.example' },
      payload: body,
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().detail).toMatch(/another site/);
    // another port of the same host is another site's page (another app on this machine)
    const otherPort = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/users',
      headers: { cookie, origin: 'http://localhost:8081' },
      payload: body,
    });
    expect(otherPort.statusCode).toBe(403);
    const none = await t.app.inject({ method: 'POST', url: '/api/v1/admin/users', headers: { cookie }, payload: body });
    expect(none.statusCode).toBe(403);
    const same = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/users',
      headers: { cookie, origin: ORIGIN },
      payload: body,
    });
    expect(same.statusCode).toBe(200);
    const byReferer = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/users/origin-test',
      headers: { cookie, referer: `${ORIGIN}/users` },
      payload: { role: 'admin' },
    });
    expect(byReferer.statusCode).toBe(200);
    // reads need no Origin
    expect((await t.app.inject({ url: '/api/v1/admin/users', headers: { cookie } })).statusCode).toBe(200);
    // a sign-in from another site is refused too
    const crossLogin = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { origin: 'https://evil.example' },
      payload: { id: 'sue', password: PW },
    });
    expect(crossLogin.statusCode).toBe(403);
  });

  it('a role change applies at the next request of an open session', async () => {
    await seedUserWithPassword(t.database, 'rita', 'annotator', PW);
    const rita = await browserAs(t.app, 'rita', PW);
    const sue = await browserAs(t.app, 'sue', PW);
    expect((await t.app.inject({ url: '/api/v1/admin/users', headers: rita })).statusCode).toBe(403);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/users/rita',
      headers: sue,
      payload: { role: 'admin' },
    });
    expect(put.statusCode).toBe(200);
    expect(await me(rita)).toMatchObject({ role: 'admin' });
    expect((await t.app.inject({ url: '/api/v1/admin/users', headers: rita })).statusCode).toBe(200);
  });

  it('a password change ends the other sessions, keeps this one, and refuses weak or wrong input', async () => {
    await seedUserWithPassword(t.database, 'pat', 'annotator', PW);
    const here = await browserAs(t.app, 'pat', PW);
    const elsewhere = await browserAs(t.app, 'pat', PW);
    const put = (body: object) =>
      t.app.inject({ method: 'PUT', url: '/api/v1/me/password', headers: here, payload: body });
    expect(
      (await put({ current_password: 'wrong wrong wrong', new_password: 'a brand new secret 42' })).statusCode,
    ).toBe(401);
    const short = await put({ current_password: PW, new_password: 'short pw' });
    expect(short.statusCode).toBe(400);
    expect(short.json().detail).toMatch(/at least 12/);
    const common = await put({ current_password: PW, new_password: 'Password1234' });
    expect(common.statusCode).toBe(400);
    expect(common.json().detail).toMatch(/too easy to guess/);
    expect((await put({ current_password: PW, new_password: 'a brand new secret 42' })).statusCode).toBe(204);
    expect(await me(here)).toMatchObject({ signed_in: true, id: 'pat' });
    expect(await me(elsewhere)).toMatchObject({ signed_in: false });
    expect((await login(t.app, 'pat', 'a brand new secret 42')).statusCode).toBe(200);
    const history = (
      await t.app.inject({ url: '/api/v1/admin/users/pat/history', headers: await browserAs(t.app, 'sue', PW) })
    ).json();
    expect(history.map((h: { action: string }) => h.action)).toEqual(
      expect.arrayContaining(['password-change', 'sign-in']),
    );
  });
});

describe('throttling', () => {
  it('an account tried from one address gets growing delays there: 429 with Retry-After, even for the right password', async () => {
    await seedUserWithPassword(t.database, 'tom', 'annotator', PW);
    const free = THROTTLE.pair.free;
    const from = '10.2.0.1';
    for (let i = 0; i < free; i++)
      expect((await login(t.app, 'tom', `wrong password ${i}!!`, from)).statusCode).toBe(401);
    expect((await login(t.app, 'tom', 'wrong password x!!', from)).statusCode).toBe(401); // failure free+1: 1 s wait
    const blocked = await login(t.app, 'tom', PW, from);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('1');
    expect(blocked.json().detail).toMatch(/Too many failed sign-ins/);
    clock.advance(1_000);
    expect((await login(t.app, 'tom', 'wrong password y!!', from)).statusCode).toBe(401); // failure free+2: 2 s
    expect((await login(t.app, 'tom', PW, from)).headers['retry-after']).toBe('2');
    clock.advance(2_000);
    expect((await login(t.app, 'tom', PW, from)).statusCode).toBe(200);
    // a success clears the count of the account from that address
    expect((await login(t.app, 'tom', 'wrong password z!!', from)).statusCode).toBe(401);
    expect((await login(t.app, 'tom', PW, from)).statusCode).toBe(200);
  });

  it('an address gets growing delays after failures spread over many accounts', async () => {
    const addr = '10.3.0.1';
    for (let i = 0; i <= THROTTLE.address.free; i++)
      expect((await login(t.app, `guess-${i}`, 'some wrong password', addr)).statusCode).toBe(401);
    const blocked = await login(t.app, 'ann', PW, addr);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBe(1);
    // the account itself is not blocked from another address
    expect((await login(t.app, 'ann', PW, '10.3.0.2')).statusCode).toBe(200);
    clock.advance(1_000);
    expect((await login(t.app, 'ann', PW, addr)).statusCode).toBe(200);
  }, 300_000); // 21 full-cost scrypt checks (each failure must be a real one), slow on a busy machine
});
