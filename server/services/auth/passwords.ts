// Password hashing with scrypt (node's built-in crypto, no native dependency) at OWASP's parameters:
// N=2^17, r=8, p=1 — 128 MiB and roughly a fifth to half a second per hash on one core. The stored form
// names its parameters, so they can be raised later and old hashes still verify.
import crypto from 'node:crypto';
import { promisify } from 'node:util';
import { Invalid } from '../../domain-errors';
import { COMMON_PASSWORDS } from './common-passwords';
import { MAX_PASSWORD_LENGTH } from '../../../domain/contract/auth';
import { passwordHashing, type HashLane } from './hash-queue';

const scrypt = promisify(crypto.scrypt) as (
  pw: crypto.BinaryLike,
  salt: crypto.BinaryLike,
  len: number,
  opts: crypto.ScryptOptions,
) => Promise<Buffer>;

export const SCRYPT = { logN: 17, r: 8, p: 1, keyLength: 32, saltLength: 16 } as const;
export const MIN_PASSWORD_LENGTH = 12;
export { MAX_PASSWORD_LENGTH };

/** scrypt needs 128·N·r bytes; the default cap (32 MiB) is below that at N=2^17. */
const maxmemFor = (logN: number, r: number) => 128 * 2 ** logN * r * 2;

/** The work factor (log2 N) of new hashes: SCRYPT's, unless lowered by setNewHashWorkFactor. */
let newHashLogN: number = SCRYPT.logN;

/**
 * Sets the work factor of hashes made from now on; a stored hash always verifies at the factor it names.
 * Only the test setup lowers it: a hash at 2^17 costs 0.8 s of a core on a 2 GHz machine, and the suites
 * make more than a hundred.
 */
export function setNewHashWorkFactor(logN: number): void {
  if (!Number.isInteger(logN) || logN < 10 || logN > 22) throw new RangeError(`scrypt log2 N out of range: ${logN}`);
  newHashLogN = logN;
}

/** A new password's stored form. Hashes queue in hash-queue.ts (128 MiB each; sign-in goes first). */
export async function hashPassword(password: string, lane: HashLane = 'change'): Promise<string> {
  const salt = crypto.randomBytes(SCRYPT.saltLength);
  const { r, p, keyLength } = SCRYPT;
  const logN = newHashLogN;
  const key = await passwordHashing.run(lane, () =>
    scrypt(password.normalize('NFC'), salt, keyLength, { N: 2 ** logN, r, p, maxmem: maxmemFor(logN, r) }),
  );
  return `scrypt$${logN}$${r}$${p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** True when `password` matches `stored`; compared in constant time. A malformed stored value never matches. */
export async function verifyPassword(password: string, stored: string, lane: HashLane = 'change'): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [logN, r, p] = parts.slice(1, 4).map(Number);
  if (![logN, r, p].every((n) => Number.isInteger(n) && n > 0) || logN > 22) return false;
  const salt = Buffer.from(parts[4], 'base64');
  const expected = Buffer.from(parts[5], 'base64');
  const key = await passwordHashing.run(lane, () =>
    scrypt(password.normalize('NFC'), salt, expected.length, { N: 2 ** logN, r, p, maxmem: maxmemFor(logN, r) }),
  );
  return key.length === expected.length && crypto.timingSafeEqual(key, expected);
}

let dummy: Promise<string> | null = null;
/** Spends the time of one verification, so an unknown id answers no faster than a wrong password. */
export async function verifyNothing(password: string): Promise<void> {
  dummy ??= hashPassword('not a password of anyone', 'sign-in');
  await verifyPassword(password, await dummy, 'sign-in');
}

/** Refuses a password that is too short, too long, the user's own id, or on the common-password list. */
export function checkPasswordStrength(password: string, userId?: string): void {
  if (password.length < MIN_PASSWORD_LENGTH)
    throw new Invalid(`The password must be at least ${MIN_PASSWORD_LENGTH} characters long`);
  if (password.length > MAX_PASSWORD_LENGTH)
    throw new Invalid(`The password must be at most ${MAX_PASSWORD_LENGTH} characters long`);
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower) || (userId && lower.includes(userId.toLowerCase()))) {
    throw new Invalid(
      'This password is too easy to guess (it is a common password or contains the user ID): choose another',
    );
  }
  if (new Set(password).size < 4)
    throw new Invalid('This password is too easy to guess (too few different characters): choose another');
}
