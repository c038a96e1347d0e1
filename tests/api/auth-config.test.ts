// The sign-in mode chosen at start-up, the refusal of open mode off loopback, /auth/config, the Host
// allow-list and VAT_GUEST_ACCESS (issue 30). Runs on PGlite and on PostgreSQL.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { decideAuthMode } from '../../server/auth-config';
import { as, makeTestApp, seedUser, type TestApp } from '../helpers/test-app';

describe('the mode at start-up', () => {
  it('open on loopback, password elsewhere, and what VAT_AUTH asks', () => {
    expect(loadConfig({}).auth).toMatchObject({ mode: 'open', guestAccess: 'read' });
    expect(loadConfig({ HOST: '::1' }).auth.mode).toBe('open');
    expect(loadConfig({ HOST: '0.0.0.0' }).auth).toMatchObject({
      mode: 'password',
      modeReason: expect.stringMatching(/not a loopback/),
    });
    expect(loadConfig({ HOST: '0.0.0.0', VAT_AUTH: 'proxy', VAT_TRUSTED_PROXIES: '127.0.0.1' }).auth.mode).toBe(
      'proxy',
    );
    expect(loadConfig({ VAT_AUTH: 'password' }).auth.mode).toBe('password');
  });

  it('refuses open mode on a non-loopback HOST, saying why and what to set', () => {
    expect(() => decideAuthMode('0.0.0.0', 'open')).toThrow(/not a loopback address.*VAT_AUTH=password/s);
    expect(() => loadConfig({ HOST: '192.168.1.20', VAT_AUTH: 'open' })).toThrow(/VAT_AUTH=open refused/);
    expect(() => loadConfig({ HOST: '0.0.0.0', VAT_AUTH: 'proxy' })).toThrow(/VAT_TRUSTED_PROXIES/);
  });

  it('HOST=0.0.0.0 VAT_AUTH=open: the server exits with the reason before it opens anything', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vat-open-refused-'));
    try {
      const run = spawnSync(path.resolve('node_modules/.bin/tsx'), ['server/main.ts'], {
        env: { ...process.env, HOST: '0.0.0.0', VAT_AUTH: 'open', DATA_DIR: dataDir, DATABASE_URL: '', PORT: '0' },
        encoding: 'utf8',
        timeout: 120_000,
      });
      expect(run.status).toBe(1);
      expect(run.stderr).toMatch(/VAT_AUTH=open refused: HOST=0\.0\.0\.0 is not a loopback address/);
      expect(run.stderr).toMatch(/Set VAT_AUTH=password/);
      expect(fs.existsSync(path.join(dataDir, 'db'))).toBe(false);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('open mode (the default on loopback)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp();
    await seedUser(t.database, 'sue', 'super');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('works as today: X-User-* headers sign in; /auth/config says open; password sign-in is 404', async () => {
    expect((await t.app.inject({ url: '/api/v1/me', headers: as('sue', 'annotator') })).json()).toMatchObject({
      signed_in: true,
      id: 'sue',
      role: 'super',
      header_role: 'annotator',
      auth_mode: 'open',
      role_source: 'server',
    });
    expect((await t.app.inject({ url: '/api/v1/auth/config' })).json()).toEqual({
      mode: 'open',
      guest_access: 'read',
      setup_required: false,
      proxy_user_header: null,
    });
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { id: 'sue', password: 'x' } }))
        .statusCode,
    ).toBe(404);
  });

  it('the Host allow-list refuses another Host name with 421 and a detail, and serves the localhost names', async () => {
    const other = await t.app.inject({ url: '/api/v1/me', headers: { host: 'attacker.example:8080' } });
    expect(other.statusCode).toBe(421);
    expect(other.json().detail).toMatch(/VAT_ALLOWED_HOSTS/);
    expect((await t.app.inject({ url: '/', headers: { host: 'attacker.example' } })).statusCode).toBe(421);
    for (const host of ['localhost:5173', '127.0.0.1:8080', '[::1]:3000', 'LOCALHOST']) {
      expect((await t.app.inject({ url: '/api/v1/me', headers: { host } })).statusCode).toBe(200);
    }
  });
});

describe('VAT_ALLOWED_HOSTS and VAT_GUEST_ACCESS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp({ env: { VAT_ALLOWED_HOSTS: 'vat.example.org, 10.0.0.7:8080', VAT_GUEST_ACCESS: 'none' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('serves the listed names (a listed port must match) and still the localhost ones', async () => {
    expect((await t.app.inject({ url: '/api/v1/me', headers: { host: 'vat.example.org' } })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/v1/me', headers: { host: '10.0.0.7:8080' } })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/v1/me', headers: { host: '10.0.0.7:9999' } })).statusCode).toBe(421);
    expect((await t.app.inject({ url: '/api/v1/me', headers: { host: 'other.example.org' } })).statusCode).toBe(421);
  });

  it('guest access none: a guest reaches only the sign-in calls and /me', async () => {
    expect((await t.app.inject({ url: '/api/v1/videos' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/v1/me' })).json()).toMatchObject({ signed_in: false });
    expect((await t.app.inject({ url: '/api/v1/auth/config' })).json()).toMatchObject({ guest_access: 'none' });
    expect((await t.app.inject({ url: '/api/v1/videos', headers: as('ann') })).statusCode).toBe(200);
  });
});
