// The levers that stop an account stop its API tokens too (issue 38 item 4): a password change (own, by
// a reset link or set by a super user) and disabling the account end them; a password to be changed
// blocks token writes as it blocks the browser's; and only a signed-in session creates tokens.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeTestApp, type TestApp } from '../helpers/test-app';
import { browserAs, ORIGIN, seedUserWithPassword } from '../helpers/auth';
import { createToken } from '../../server/services/auth/tokens';

vi.setConfig({ testTimeout: 240_000 }); // sign-ins and password changes are full-cost scrypt work

const PW = 'correct horse staple';
const NEW_PW = 'a brand new secret 42';
let t: TestApp;
let sue: Record<string, string>;

beforeAll(async () => {
  t = await makeTestApp({ env: { VAT_AUTH: 'password' } });
  await seedUserWithPassword(t.database, 'sue', 'super', PW);
  sue = await browserAs(t.app, 'sue', PW);
});
afterAll(async () => {
  await t?.close();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const meBy = (token: string) => t.app.inject({ url: '/api/v1/me', headers: bearer(token) });
async function userWithToken(id: string) {
  await seedUserWithPassword(t.database, id, 'annotator', PW);
  const browser = await browserAs(t.app, id, PW);
  const made = await t.app.inject({
    method: 'POST',
    url: '/api/v1/me/tokens',
    headers: browser,
    payload: { name: 'nightly' },
  });
  expect(made.statusCode).toBe(201);
  const token = made.json().token as string;
  expect((await meBy(token)).json()).toMatchObject({ signed_in: true, id });
  return { browser, token };
}
const history = async (id: string) =>
  (await t.app.inject({ url: `/api/v1/admin/users/${id}/history`, headers: sue })).json() as Array<{
    action: string;
    detail: string | null;
  }>;

describe('a password change ends the tokens', () => {
  it('of a user who changes their own password', async () => {
    const { browser, token } = await userWithToken('pat');
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/me/password',
      headers: browser,
      payload: { current_password: PW, new_password: NEW_PW },
    });
    expect(put.statusCode).toBe(204);
    const after = await meBy(token);
    expect(after.statusCode).toBe(401);
    expect(after.json().detail).toMatch(/API token is not valid/);
    // the owner sees the list emptied, and the trail says why
    expect((await t.app.inject({ url: '/api/v1/me/tokens', headers: browser })).json()).toEqual([]);
    expect(await history('pat')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'token-revoke', detail: 'nightly: ended by a password change' }),
      ]),
    );
  });

  it('of a user whose password a super user sets, with or without "must change"', async () => {
    for (const mustChange of [false, true]) {
      const id = mustChange ? 'mia' : 'max';
      const { token } = await userWithToken(id);
      const set = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/admin/users/${id}/password`,
        headers: sue,
        payload: { password: NEW_PW, must_change: mustChange },
      });
      expect(set.statusCode).toBe(204);
      expect((await meBy(token)).statusCode).toBe(401);
    }
  });

  it('of a user who sets a new password with a reset link', async () => {
    const { token } = await userWithToken('rex');
    const link = await t.app.inject({ method: 'POST', url: '/api/v1/admin/users/rex/reset-link', headers: sue });
    expect(link.statusCode).toBe(201);
    const resetToken = new URL(link.json().url).searchParams.get('token');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/reset',
      headers: { origin: ORIGIN },
      payload: { token: resetToken, new_password: NEW_PW },
    });
    expect(reset.statusCode).toBe(200);
    expect((await meBy(token)).statusCode).toBe(401);
  });
});

describe('disabling an account', () => {
  it('ends its tokens for good: enabling it again does not bring them back', async () => {
    const { token } = await userWithToken('dan');
    const set = (disabled: boolean) =>
      t.app.inject({ method: 'PUT', url: '/api/v1/admin/users/dan/disabled', headers: sue, payload: { disabled } });
    expect((await set(true)).statusCode).toBe(200);
    expect((await set(false)).statusCode).toBe(200);
    expect((await meBy(token)).statusCode).toBe(401);
  });
});

describe('a password that must be changed', () => {
  it('lets a token read but not write', async () => {
    await seedUserWithPassword(t.database, 'moe', 'annotator', PW, true);
    const { token, id } = await createToken(t.database.db, 'moe', { name: 'old script' }, new Date());
    expect((await t.app.inject({ url: '/api/v1/me/tokens', headers: bearer(token) })).statusCode).toBe(200);
    const write = await t.app.inject({ method: 'DELETE', url: `/api/v1/me/tokens/${id}`, headers: bearer(token) });
    expect(write.statusCode).toBe(403);
    expect(write.json().detail).toMatch(/^Change your password first/);
  });
});

describe('creating a token', () => {
  it('needs a signed-in session: a token cannot make more tokens', async () => {
    const { browser, token } = await userWithToken('tia');
    const byToken = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/tokens',
      headers: bearer(token),
      payload: { name: 'second' },
    });
    expect(byToken.statusCode).toBe(403);
    expect(byToken.json().detail).toMatch(/while signed in/);
    const list = (await t.app.inject({ url: '/api/v1/me/tokens', headers: browser })).json();
    expect(list.map((x: { name: string }) => x.name)).toEqual(['nightly']);
  });
});
