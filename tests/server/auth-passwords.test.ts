// Password hashing and the strength rule (issue 30): scrypt at the OWASP parameters, stored with them.
import { afterEach, describe, expect, it } from 'vitest';
import {
  checkPasswordStrength,
  hashPassword,
  SCRYPT,
  setNewHashWorkFactor,
  verifyPassword,
} from '../../server/services/auth/passwords';

// tests/setup.ts lowers the factor of new hashes for the other suites; these tests put it back to
// production's and restore the lowered one after.
const lowered = 12;
afterEach(() => setNewHashWorkFactor(lowered));

describe('passwords', () => {
  it('hash with scrypt N=2^17 r=8 p=1 and a random salt; verify only the same password', async () => {
    setNewHashWorkFactor(SCRYPT.logN);
    const [a, b] = await Promise.all([hashPassword('a long enough secret'), hashPassword('a long enough secret')]);
    expect(a).toMatch(/^scrypt\$17\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(a).not.toBe(b);
    expect(SCRYPT).toMatchObject({ logN: 17, r: 8, p: 1 });
    expect(await verifyPassword('a long enough secret', a)).toBe(true);
    expect(await verifyPassword('a long enough secreT', a)).toBe(false);
    expect(await verifyPassword('a long enough secret', 'plain-text')).toBe(false);
  });

  it('a hash verifies at the factor it names, after the factor of new hashes has changed', async () => {
    setNewHashWorkFactor(11);
    const older = await hashPassword('a long enough secret');
    setNewHashWorkFactor(13);
    const newer = await hashPassword('a long enough secret');
    expect(older).toMatch(/^scrypt\$11\$/);
    expect(newer).toMatch(/^scrypt\$13\$/);
    expect(await verifyPassword('a long enough secret', older)).toBe(true);
    expect(await verifyPassword('a long enough secret', newer)).toBe(true);
    expect(() => setNewHashWorkFactor(9)).toThrow(RangeError);
    expect(() => setNewHashWorkFactor(17.5)).toThrow(RangeError);
  });

  it('refuse short, common, id-containing and one-character passwords', () => {
    expect(() => checkPasswordStrength('elevenchars')).toThrow(/at least 12/);
    expect(() => checkPasswordStrength('QwertyUiop123')).toThrow(/too easy/);
    expect(() => checkPasswordStrength('maria-secret-2024', 'maria')).toThrow(/too easy/);
    expect(() => checkPasswordStrength('aaaaaaaaaaaaaaaa')).toThrow(/too easy/);
    expect(() => checkPasswordStrength('violet tractor umbrella')).not.toThrow();
  });
});
