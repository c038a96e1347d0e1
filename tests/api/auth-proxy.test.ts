// Proxy mode (issue 30): the identity comes from the proxy's header, believed only from a trusted
// address; X-User-* headers give nothing. Runs on PGlite and on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, makeTestApp, seedUser, type TestApp } from '../helpers/test-app';

let t: TestApp;
const PROXY = '10.9.0.1';

beforeAll(async () => {
  t = await makeTestApp({
    env: {
      VAT_AUTH: 'proxy',
      VAT_TRUSTED_PROXIES: `${PROXY},192.168.50.0/24`,
      VAT_PROXY_USER_HEADER: 'X-Auth-Request-User',
    },
  });
  await seedUser(t.database, 'sue', 'super');
});
afterAll(async () => {
  await t?.close();
});

const me = async (headers: Record<string, string>, remoteAddress: string) =>
  (await t.app.inject({ url: '/api/v1/me', headers, remoteAddress })).json();

describe('proxy mode', () => {
  it('a proxy header from an untrusted address is ignored', async () => {
    expect(await me({ 'x-auth-request-user': 'sue' }, '10.9.0.2')).toMatchObject({
      signed_in: false,
      auth_mode: 'proxy',
    });
    expect(
      (
        await t.app.inject({
          url: '/api/v1/admin/users',
          headers: { 'x-auth-request-user': 'sue' },
          remoteAddress: '127.0.0.1',
        })
      ).statusCode,
    ).toBe(401);
  });

  it('from a trusted address (or range) it gives the identity with the stored role', async () => {
    expect(await me({ 'x-auth-request-user': 'sue' }, PROXY)).toMatchObject({
      signed_in: true,
      id: 'sue',
      role: 'super',
      role_source: 'server',
    });
    expect(await me({ 'x-auth-request-user': 'sue' }, '::ffff:192.168.50.7')).toMatchObject({
      signed_in: true,
      id: 'sue',
    });
    expect(await me({ 'x-auth-request-user': 'newcomer' }, PROXY)).toMatchObject({
      signed_in: true,
      id: 'newcomer',
      role: 'annotator',
    });
    expect(
      (
        await t.app.inject({
          url: '/api/v1/admin/users',
          headers: { 'x-auth-request-user': 'sue' },
          remoteAddress: PROXY,
        })
      ).statusCode,
    ).toBe(200);
  });

  it('X-User-* headers alone give no identity, even from the proxy', async () => {
    expect(await me(as('sue', 'super'), PROXY)).toMatchObject({ signed_in: false });
    expect(await me(as('sue', 'super'), '10.9.0.2')).toMatchObject({ signed_in: false });
  });

  it('password sign-in does not exist here; /auth/config names the header', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { id: 'sue', password: 'whatever whatever' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toMatch(/not by password/);
    expect((await t.app.inject({ url: '/api/v1/auth/config' })).json()).toEqual({
      mode: 'proxy',
      guest_access: 'read',
      setup_required: false,
      proxy_user_header: 'X-Auth-Request-User',
    });
  });

  it("a disabled account is refused even with the proxy's word for it", async () => {
    await seedUser(t.database, 'gone', 'annotator');
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/users/gone/disabled',
      headers: { 'x-auth-request-user': 'sue', origin: 'http://localhost' },
      remoteAddress: PROXY,
      payload: { disabled: true },
    });
    expect(
      (await t.app.inject({ url: '/api/v1/me', headers: { 'x-auth-request-user': 'gone' }, remoteAddress: PROXY }))
        .statusCode,
    ).toBe(403);
  });
});
