// Personal API tokens (issue 30): shown once, stored hashed, listed with last use, revocable; a token
// acts with its owner's current role and needs no Origin. Runs on PGlite and on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeTestApp, type TestApp } from '../helpers/test-app';
import { browserAs, seedUserWithPassword, testClock } from '../helpers/auth';
import { apiTokens } from '../../server/db/schema';

// every sign-in is a full-cost scrypt check (128 MiB, up to seconds on a busy machine)
vi.setConfig({ testTimeout: 240_000 });

const PW = 'correct horse staple';
const clock = testClock();
let t: TestApp;

beforeAll(async () => {
  t = await makeTestApp({ env: { VAT_AUTH: 'password' }, now: clock.now });
  await seedUserWithPassword(t.database, 'sue', 'super', PW);
  await seedUserWithPassword(t.database, 'ann', 'annotator', PW);
});
afterAll(async () => {
  await t?.close();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('API tokens', () => {
  it('are shown once, work without a cookie or Origin, show their last use, and stop when revoked', async () => {
    const ann = await browserAs(t.app, 'ann', PW);
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/tokens',
      headers: ann,
      payload: { name: 'nightly export', expires_in_days: 30 },
    });
    expect(made.statusCode).toBe(201);
    const created = made.json();
    expect(created).toMatchObject({ name: 'nightly export', token: expect.stringMatching(/^vat_[A-Za-z0-9_-]{40,}$/) });
    expect(Date.parse(created.expires_at) - Date.parse(created.created_at)).toBe(30 * 86_400_000);
    // stored hashed: the table does not hold the token
    const rows = await t.database.db.select().from(apiTokens);
    expect(rows.some((r) => r.tokenHash === created.token || r.tokenHash.includes(created.token.slice(4)))).toBe(false);

    const list0 = (await t.app.inject({ url: '/api/v1/me/tokens', headers: ann })).json();
    expect(list0).toEqual([
      {
        id: created.id,
        name: 'nightly export',
        created_at: created.created_at,
        expires_at: created.expires_at,
        last_used_at: null,
      },
    ]);
    expect(JSON.stringify(list0)).not.toContain(created.token);

    clock.advance(5 * 60_000);
    const me = await t.app.inject({ url: '/api/v1/me', headers: bearer(created.token) });
    expect(me.json()).toMatchObject({ signed_in: true, id: 'ann', role: 'annotator' });
    // a state change by token needs no Origin (scripts send none): here, revoking another of the owner's tokens
    const second = (
      await t.app.inject({ method: 'POST', url: '/api/v1/me/tokens', headers: ann, payload: { name: 'second' } })
    ).json();
    const write = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/me/tokens/${second.id}`,
      headers: bearer(created.token),
    });
    expect(write.statusCode).toBe(204);
    const list1 = (await t.app.inject({ url: '/api/v1/me/tokens', headers: ann })).json();
    expect(list1.find((x: { id: number }) => x.id === created.id).last_used_at).toBe(clock.now().toISOString());

    const del = await t.app.inject({ method: 'DELETE', url: `/api/v1/me/tokens/${created.id}`, headers: ann });
    expect(del.statusCode).toBe(204);
    const after = await t.app.inject({ url: '/api/v1/me', headers: bearer(created.token) });
    expect(after.statusCode).toBe(401);
    expect(after.json().detail).toMatch(/API token is not valid/);
    const history = (
      await t.app.inject({ url: '/api/v1/admin/users/ann/history', headers: await browserAs(t.app, 'sue', PW) })
    ).json();
    expect(
      history
        .filter((h: { action: string }) => h.action.startsWith('token-'))
        .map((h: { action: string; detail: string }) => [h.action, h.detail]),
    ).toEqual(
      expect.arrayContaining([
        ['token-create', 'nightly export'],
        ['token-revoke', 'nightly export'],
      ]),
    );
  });

  it("act with the owner's current role, and stop at their expiry", async () => {
    const sue = await browserAs(t.app, 'sue', PW);
    await seedUserWithPassword(t.database, 'ron', 'annotator', PW);
    const ron = await browserAs(t.app, 'ron', PW);
    const { token } = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/me/tokens',
        headers: ron,
        payload: { name: 'short', expires_in_days: 1 },
      })
    ).json();
    expect((await t.app.inject({ url: '/api/v1/admin/users', headers: bearer(token) })).statusCode).toBe(403);
    await t.app.inject({ method: 'PUT', url: '/api/v1/admin/users/ron', headers: sue, payload: { role: 'admin' } });
    expect((await t.app.inject({ url: '/api/v1/admin/users', headers: bearer(token) })).statusCode).toBe(200);
    clock.advance(86_400_000);
    expect((await t.app.inject({ url: '/api/v1/me', headers: bearer(token) })).statusCode).toBe(401);
  });

  it("one user cannot revoke another's token; a made-up token is refused", async () => {
    const sue = await browserAs(t.app, 'sue', PW);
    const ann = await browserAs(t.app, 'ann', PW);
    const { id } = (
      await t.app.inject({ method: 'POST', url: '/api/v1/me/tokens', headers: ann, payload: { name: 'mine' } })
    ).json();
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/me/tokens/${id}`, headers: sue })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ url: '/api/v1/me', headers: bearer('vat_madeup') })).statusCode).toBe(401);
  });
});
