// The first start and a super user's account controls in password mode (issue 30): the one-time setup
// link, VAT_BOOTSTRAP_PASSWORD_FILE, setting passwords and reset links, disabling, and open sessions.
// Runs on PGlite and on PostgreSQL.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeTestApp, seedUser, type TestApp } from '../helpers/test-app';
import { browserAs, login, ORIGIN, seedUserWithPassword, sessionCookieOf, testClock } from '../helpers/auth';
import { prepareFirstSignIn } from '../../server/services/auth/first-start';
import { bootstrapUsers } from '../../server/services/users';

// every sign-in is a full-cost scrypt check (128 MiB, up to seconds on a busy machine)
vi.setConfig({ testTimeout: 240_000 });

const PW = 'correct horse staple';
const clock = testClock();
let t: TestApp;
const post = (url: string, payload: object, headers: Record<string, string> = { origin: ORIGIN }) =>
  t.app.inject({ method: 'POST', url, headers, payload });
const tokenOf = (lines: string[]) => /setup\?token=([A-Za-z0-9_-]+)/.exec(lines.join('\n'))![1];

beforeAll(async () => {
  t = await makeTestApp({ env: { VAT_AUTH: 'password' }, now: clock.now });
});
afterAll(async () => {
  await t?.close();
});

describe('first start', () => {
  it('the setup link expires after an hour, a newer one replaces it, and it creates the first super once', async () => {
    expect((await t.app.inject({ url: '/api/v1/auth/config' })).json()).toMatchObject({
      mode: 'password',
      setup_required: true,
    });
    const old = tokenOf(await prepareFirstSignIn(t.database.db, t.config, clock.now()));
    const expired = tokenOf(await prepareFirstSignIn(t.database.db, t.config, clock.now()));
    const body = (token: string) => ({ token, id: 'first-admin', name: 'First Admin', password: PW });
    expect((await post('/api/v1/auth/setup', body(old))).statusCode).toBe(400); // replaced by the newer link
    clock.advance(60 * 60_000);
    const late = await post('/api/v1/auth/setup', body(expired));
    expect(late.statusCode).toBe(410);
    expect(late.json().detail).toMatch(/expired/);

    const lines = await prepareFirstSignIn(t.database.db, t.config, clock.now());
    expect(lines.join('\n')).toMatch(/^No user can sign in yet[\s\S]*http:\/\/127\.0\.0\.1:8080\/setup\?token=/);
    const token = tokenOf(lines);
    expect((await post('/api/v1/auth/setup', { ...body(token), password: 'too short' })).statusCode).toBe(400);
    const made = await post('/api/v1/auth/setup', body(token));
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ signed_in: true, id: 'first-admin', name: 'First Admin', role: 'super' });
    const me = await t.app.inject({ url: '/api/v1/me', headers: { cookie: sessionCookieOf(made) } });
    expect(me.json()).toMatchObject({ id: 'first-admin', role: 'super' });
    const again = await post('/api/v1/auth/setup', { ...body(token), id: 'second-admin' });
    expect(again.statusCode).toBe(410);
    expect(again.json().detail).toMatch(/already been used/);
    expect((await t.app.inject({ url: '/api/v1/auth/config' })).json()).toMatchObject({ setup_required: false });
    expect(await prepareFirstSignIn(t.database.db, t.config, clock.now())).toEqual([]);
  });

  it('VAT_BOOTSTRAP_SUPER with VAT_BOOTSTRAP_PASSWORD_FILE gives the super a password, no link needed', async () => {
    const file = path.join(t.dataDir, 'pw.txt');
    fs.writeFileSync(file, `${PW}\n`);
    const b = await makeTestApp({
      env: { VAT_AUTH: 'password', VAT_BOOTSTRAP_SUPER: 'boot-super', VAT_BOOTSTRAP_PASSWORD_FILE: file },
    });
    try {
      await bootstrapUsers(b.database.db, b.config.bootstrapSuper);
      expect(await prepareFirstSignIn(b.database.db, b.config)).toEqual([
        expect.stringMatching(/boot-super got the password/),
      ]);
      const res = await b.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { id: 'boot-super', password: PW },
      });
      expect(res.json()).toMatchObject({ id: 'boot-super', role: 'super' });
    } finally {
      await b.close();
    }
  });
});

describe('a super user manages sign-in', () => {
  let sue: Record<string, string>;
  beforeAll(async () => {
    await seedUserWithPassword(t.database, 'sue', 'super', PW);
    sue = await browserAs(t.app, 'sue', PW);
  });

  it('adds an annotator with a password that must be changed; until then only reads and the change pass', async () => {
    expect((await post('/api/v1/admin/users', { id: 'newbie', role: 'annotator' }, sue)).statusCode).toBe(200);
    const set = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/users/newbie/password',
      headers: sue,
      payload: { password: PW, must_change: true },
    });
    expect(set.statusCode).toBe(204);
    const row = (await t.app.inject({ url: '/api/v1/admin/users', headers: sue }))
      .json()
      .find((u: { id: string }) => u.id === 'newbie');
    expect(row).toMatchObject({
      disabled: false,
      has_password: true,
      must_change_password: true,
      last_sign_in_at: null,
    });
    const res = await login(t.app, 'newbie', PW);
    expect(res.json()).toMatchObject({ id: 'newbie', must_change_password: true });
    const newbie = { cookie: sessionCookieOf(res), origin: ORIGIN };
    const blocked = await post('/api/v1/me/tokens', { name: 'x' }, newbie);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().detail).toMatch(/Change your password first/);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/v1/me/password',
          headers: newbie,
          payload: { current_password: PW, new_password: 'my very own secret 7' },
        })
      ).statusCode,
    ).toBe(204);
    expect((await post('/api/v1/me/tokens', { name: 'x' }, newbie)).statusCode).toBe(201);
    const after = (await t.app.inject({ url: '/api/v1/admin/users', headers: sue }))
      .json()
      .find((u: { id: string }) => u.id === 'newbie');
    expect(after).toMatchObject({ must_change_password: false, last_sign_in_at: clock.now().toISOString() });
  });

  it("lists a user's open sessions and ends one or all; setting a password ends them too", async () => {
    await seedUserWithPassword(t.database, 'sam', 'annotator', PW);
    const a = await browserAs(t.app, 'sam', PW);
    const b = await browserAs(t.app, 'sam', PW);
    const list = (await t.app.inject({ url: '/api/v1/admin/users/sam/sessions', headers: sue })).json();
    expect(list).toHaveLength(2);
    expect(list[0]).toEqual({
      id: expect.any(String),
      created_at: expect.any(String),
      last_seen_at: expect.any(String),
      expires_at: expect.any(String),
      ip: '127.0.0.1',
      user_agent: 'lightMyRequest',
    });
    expect(a.cookie).not.toContain(list[0].id);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/v1/admin/users/sam/sessions/${list[0].id}`, headers: sue }))
        .statusCode,
    ).toBe(204);
    const signedIn = async (h: Record<string, string>) =>
      (await t.app.inject({ url: '/api/v1/me', headers: h })).json().signed_in;
    expect([await signedIn(a), await signedIn(b)].filter(Boolean)).toHaveLength(1);
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/v1/admin/users/sam/sessions', headers: sue })).statusCode,
    ).toBe(204);
    expect([await signedIn(a), await signedIn(b)]).toEqual([false, false]);

    const c = await browserAs(t.app, 'sam', PW);
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/users/sam/password',
      headers: sue,
      payload: { password: 'another fine secret 9' },
    });
    expect(await signedIn(c)).toBe(false);
  });

  it('disabling an account ends its sessions and refuses its sign-in with the generic answer', async () => {
    await seedUserWithPassword(t.database, 'dan', 'annotator', PW);
    const dan = await browserAs(t.app, 'dan', PW);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/users/dan/disabled',
      headers: sue,
      payload: { disabled: true },
    });
    expect(res.json()).toMatchObject({ id: 'dan', disabled: true });
    expect((await t.app.inject({ url: '/api/v1/me', headers: dan })).json()).toMatchObject({ signed_in: false });
    const again = await login(t.app, 'dan', PW);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ detail: 'Wrong user ID or password' });
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/v1/admin/users/sue/disabled',
          headers: sue,
          payload: { disabled: true },
        })
      ).statusCode,
    ).toBe(400);
    const actions = (await t.app.inject({ url: '/api/v1/admin/users/dan/history', headers: sue }))
      .json()
      .map((h: { action: string }) => h.action);
    expect(actions).toEqual(expect.arrayContaining(['disable', 'sign-in', 'sign-in-failed']));
  });

  it('a reset link lets the user set their own password, once', async () => {
    await seedUser(t.database, 'rae', 'annotator');
    const link = await post('/api/v1/admin/users/rae/reset-link', {}, sue);
    expect(link.statusCode).toBe(201);
    const { url, expires_at } = link.json();
    expect(url).toMatch(/^http:\/\/localhost(:80)?\/reset\?token=/);
    expect(Date.parse(expires_at)).toBe(clock.now().getTime() + 60 * 60_000);
    const token = new URL(url).searchParams.get('token')!;
    const used = await post('/api/v1/auth/reset', { token, new_password: 'my own new secret 3' });
    expect(used.statusCode).toBe(200);
    expect(used.json()).toMatchObject({ signed_in: true, id: 'rae' });
    expect((await post('/api/v1/auth/reset', { token, new_password: 'my other new secret 44' })).statusCode).toBe(410);
    expect((await login(t.app, 'rae', 'my own new secret 3')).statusCode).toBe(200);
  });

  it('a browser holding a must-change session can still open a reset link or sign in as someone else', async () => {
    // A shared computer: the last person left a session whose password an admin set with 'must change'.
    await seedUserWithPassword(t.database, 'tess', 'annotator', PW, true);
    await seedUser(t.database, 'rob', 'annotator');
    const tess = await browserAs(t.app, 'tess', PW);
    const { url } = (await post('/api/v1/admin/users/rob/reset-link', {}, sue)).json();
    const reset = await post(
      '/api/v1/auth/reset',
      { token: new URL(url).searchParams.get('token'), new_password: 'lighthouse paper kite 5' },
      tess,
    );
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toMatchObject({ signed_in: true, id: 'rob' });
    const tessAgain = await browserAs(t.app, 'tess', PW);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: tessAgain,
      payload: { id: 'rob', password: 'lighthouse paper kite 5' },
    });
    expect(other.statusCode).toBe(200);
    expect(
      (await t.app.inject({ url: '/api/v1/me', headers: { cookie: sessionCookieOf(other) } })).json(),
    ).toMatchObject({ id: 'rob', must_change_password: false });
    expect((await t.app.inject({ url: '/api/v1/me', headers: tessAgain })).json()).toMatchObject({ signed_in: false });
  });

  it('only a super user reaches these calls', async () => {
    await seedUserWithPassword(t.database, 'adam', 'admin', PW);
    const adam = await browserAs(t.app, 'adam', PW);
    expect((await t.app.inject({ url: '/api/v1/admin/users/sam/sessions', headers: adam })).statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/v1/admin/users/sam/password',
          headers: adam,
          payload: { password: PW },
        })
      ).statusCode,
    ).toBe(403);
  });
});
