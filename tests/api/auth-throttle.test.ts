// Password guessing as an attacker does it (issue 38 items 3 and 5): guesses from other addresses never
// lock the owner out, a burst of parallel guesses is cut short, the attack is in the audit trail and on
// the Metrics screen, bogus one-time links are refused before any hashing and throttled, and a wrong
// current password of a password change is throttled as a sign-in is.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeTestApp, type TestApp } from '../helpers/test-app';
import { browserAs, login, ORIGIN, seedUserWithPassword, testClock } from '../helpers/auth';
import { THROTTLE } from '../../server/services/auth/throttle';
import { passwordHashing } from '../../server/services/auth/hash-queue';

vi.setConfig({ testTimeout: 300_000 }); // every failed guess is a full-cost scrypt check

const PW = 'correct horse staple';
const clock = testClock();
let t: TestApp;
let sue: Record<string, string>;

beforeAll(async () => {
  t = await makeTestApp({ env: { VAT_AUTH: 'password' }, now: clock.now });
  await seedUserWithPassword(t.database, 'sue', 'super', PW);
  await seedUserWithPassword(t.database, 'ada', 'admin', PW);
  await seedUserWithPassword(t.database, 'ann', 'annotator', PW);
  sue = await browserAs(t.app, 'sue', PW);
});
afterAll(async () => {
  await t?.close();
});

const history = async (id: string) =>
  (await t.app.inject({ url: `/api/v1/admin/users/${id}/history`, headers: sue })).json() as Array<{
    action: string;
    detail: string | null;
  }>;

describe('guessing at an account', () => {
  const ATTACKER = '10.9.9.9';

  it('cannot lock the owner out: the right password from an address with no recent failures signs in', async () => {
    // one guess from each of several addresses, then the attacker's own address past its free tries
    for (let i = 1; i <= 4; i++)
      expect((await login(t.app, 'ada', `guess number ${i}`, `10.9.0.${i}`)).statusCode).toBe(401);
    for (let i = 0; i <= THROTTLE.pair.free; i++)
      expect((await login(t.app, 'ada', `another guess ${i}`, ATTACKER)).statusCode).toBe(401);
    const there = await login(t.app, 'ada', PW, ATTACKER);
    expect(there.statusCode).toBe(429);
    expect(there.headers['retry-after']).toBe('1');
    expect((await login(t.app, 'ada', PW, '10.1.0.1')).statusCode).toBe(200);
  });

  it('is written into the account’s audit trail and shown to administrators on the Metrics screen', async () => {
    expect(await history('ada')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: 'sign-in-throttled',
          detail: expect.stringContaining(`${THROTTLE.pair.free + 1} failed guesses from ${ATTACKER}`),
        }),
      ]),
    );
    // someone typed a password into the user-ID box, again and again: the figures must not show it
    for (let i = 0; i <= THROTTLE.pair.free; i++)
      expect((await login(t.app, 'Tr0ub4dor&3-secret', 'whatever it is', '10.9.8.8')).statusCode).toBe(401);
    const metrics = await t.app.inject({ url: '/api/v1/metrics/sign-in', headers: sue });
    expect(metrics.statusCode).toBe(200);
    const m = metrics.json();
    expect(m.failed_24h).toBeGreaterThanOrEqual(4 + THROTTLE.pair.free + 1);
    expect(m.throttled_24h).toBeGreaterThanOrEqual(1);
    expect(m.refused).toBeGreaterThanOrEqual(1);
    expect(m.waiting).toContainEqual({
      target: 'account',
      address: ATTACKER,
      account: 'ada',
      failures: THROTTLE.pair.free + 1,
      retry_after_s: 1,
    });
    expect(m.waiting).toContainEqual(
      expect.objectContaining({ target: 'unknown account', address: '10.9.8.8', account: null }),
    );
    expect(metrics.body).not.toContain('Tr0ub4dor');
    const ann = await browserAs(t.app, 'ann', PW);
    expect((await t.app.inject({ url: '/api/v1/metrics/sign-in', headers: ann })).statusCode).toBe(403);
  });

  it('in a burst of parallel guesses, only the ones in flight and the free ones are checked; the rest get 429', async () => {
    const burst = await Promise.all(
      Array.from({ length: 24 }, (_, i) => login(t.app, 'ann', `parallel guess ${i}`, '10.8.0.1')),
    );
    const codes = burst.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401).length).toBeLessThanOrEqual(THROTTLE.pair.free + THROTTLE.pair.inFlight);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(
      24 - THROTTLE.pair.free - THROTTLE.pair.inFlight,
    );
    expect(codes.every((c) => c === 401 || c === 429)).toBe(true);
  });
});

describe('one-time links', () => {
  const bogus = (path: 'reset' | 'setup', address: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/auth/${path}`,
      remoteAddress: address,
      headers: { origin: ORIGIN },
      payload:
        path === 'reset'
          ? { token: 'not-a-real-link-token-000', new_password: 'a bogus new password 42' }
          : { token: 'not-a-real-link-token-000', id: 'mallory', name: null, password: 'a bogus new password 42' },
    });

  it('a made-up reset or setup link is refused before the new password is hashed', async () => {
    for (const path of ['reset', 'setup'] as const) {
      const before = passwordHashing.stats().started;
      const r = await bogus(path, '10.6.0.1');
      expect(r.statusCode).toBe(400);
      expect(r.json().detail).toBe(`This ${path} link is not valid: ask for a new one`);
      expect(passwordHashing.stats().started).toBe(before);
    }
  });

  it('bogus links from one address are throttled as failed sign-ins are', async () => {
    const from = '10.6.0.2';
    for (let i = 0; i <= THROTTLE.address.free; i++)
      expect((await bogus(i % 2 ? 'reset' : 'setup', from)).statusCode).toBe(400);
    const r = await bogus('reset', from);
    expect(r.statusCode).toBe(429);
    expect(r.headers['retry-after']).toBe('1');
    expect(r.json().detail).toMatch(/^Too many failed link uses/);
    // another address is not slowed
    expect((await bogus('reset', '10.6.0.3')).statusCode).toBe(400);
  });
});

describe('a password change with a wrong current password', () => {
  it('is throttled per account and address, and audited', async () => {
    await seedUserWithPassword(t.database, 'pam', 'annotator', PW);
    const pam = await browserAs(t.app, 'pam', PW);
    const put = (current: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/v1/me/password',
        headers: pam, // from 127.0.0.1, as inject sends
        payload: { current_password: current, new_password: 'a brand new secret 42' },
      });
    for (let i = 0; i <= THROTTLE.pair.free; i++) expect((await put(`wrong current ${i}`)).statusCode).toBe(401);
    const r = await put(PW);
    expect(r.statusCode).toBe(429);
    expect(r.json().detail).toMatch(/^Too many failed password checks/);
    expect((await history('pam')).map((h) => h.detail)).toContain(
      'wrong current password for a password change, from 127.0.0.1',
    );
    clock.advance(1_000);
    expect((await put(PW)).statusCode).toBe(204);
  });
});
