// Helpers of the sign-in tests: a clock the test moves, users with passwords, sign-in by the API.
import type { App } from '../../server/http/types';
import type { Database } from '../../server/db/connect';
import { hashPassword } from '../../server/services/auth/passwords';
import { setPasswordHash } from '../../server/repositories/auth-users';
import { seedUser } from './test-app';

/** A clock for AppDeps.now: starts at a fixed instant and moves only when told. */
export function testClock(start = Date.parse('2026-03-01T10:00:00Z')) {
  let t = start;
  return {
    now: () => new Date(t),
    advance(ms: number) {
      t += ms;
    },
  };
}

/** One hash per password for the whole run: scrypt at full cost is slow by design. */
const hashes = new Map<string, Promise<string>>();
export async function seedUserWithPassword(
  database: Database,
  id: string,
  role: 'annotator' | 'admin' | 'super',
  password: string,
  mustChange = false,
) {
  await seedUser(database, id, role);
  if (!hashes.has(password)) hashes.set(password, hashPassword(password));
  await setPasswordHash(database.db, id, await hashes.get(password)!, mustChange, new Date());
}

/** The `vat_session=…` pair of a response's Set-Cookie, to send back as a Cookie header. */
export function sessionCookieOf(res: { headers: Record<string, unknown> }): string {
  const raw = res.headers['set-cookie'];
  const line = (Array.isArray(raw) ? raw : [raw]).find((c) => typeof c === 'string' && c.startsWith('vat_session=')) as
    string | undefined;
  if (!line) throw new Error('no vat_session cookie set');
  return line.split(';')[0];
}

export const ORIGIN = 'http://localhost';

export async function login(app: App, id: string, password: string, remoteAddress = '127.0.0.1') {
  return app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    remoteAddress,
    headers: { origin: ORIGIN },
    payload: { id, password },
  });
}

/** Signs in and returns the headers of a same-origin browser request with that session. */
export async function browserAs(app: App, id: string, password: string): Promise<Record<string, string>> {
  const res = await login(app, id, password);
  if (res.statusCode !== 200) throw new Error(`sign-in of ${id} failed: ${res.statusCode} ${res.body}`);
  return { cookie: sessionCookieOf(res), origin: ORIGIN };
}
