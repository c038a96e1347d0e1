// Password hashing and the strength rule (issue 30): scrypt at the OWASP parameters, stored with them.
import { describe, expect, it } from 'vitest';
import { checkPasswordStrength, hashPassword, SCRYPT, verifyPassword } from '../../server/services/auth/passwords';

describe('passwords', () => {
  it('hash with scrypt N=2^17 r=8 p=1 and a random salt; verify only the same password', async () => {
    const [a, b] = await Promise.all([hashPassword('a long enough secret'), hashPassword('a long enough secret')]);
    expect(a).toMatch(/^scrypt\$17\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(a).not.toBe(b);
    expect(SCRYPT).toMatchObject({ logN: 17, r: 8, p: 1 });
    expect(await verifyPassword('a long enough secret', a)).toBe(true);
    expect(await verifyPassword('a long enough secreT', a)).toBe(false);
    expect(await verifyPassword('a long enough secret', 'plain-text')).toBe(false);
  });

  it('refuse short, common, id-containing and one-character passwords', () => {
    expect(() => checkPasswordStrength('elevenchars')).toThrow(/at least 12/);
    expect(() => checkPasswordStrength('QwertyUiop123')).toThrow(/too easy/);
    expect(() => checkPasswordStrength('maria-secret-2024', 'maria')).toThrow(/too easy/);
    expect(() => checkPasswordStrength('aaaaaaaaaaaaaaaa')).toThrow(/too easy/);
    expect(() => checkPasswordStrength('violet tractor umbrella')).not.toThrow();
  });
});
