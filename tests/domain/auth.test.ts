// Reading the server's sign-in config and /me answers, and the new-password check the screens do first.
import { describe, expect, it } from 'vitest';
import { newPasswordProblem, OPEN_AUTH, parseAuthConfig, parseServerIdentity } from '../../domain/auth';

describe('parseAuthConfig', () => {
  it('reads a password-mode answer', () => {
    expect(
      parseAuthConfig({ mode: 'password', guest_access: 'none', setup_required: true, proxy_user_header: null }),
    ).toEqual({ mode: 'password', guest_access: 'none', setup_required: true, proxy_user_header: null });
  });

  it('reads a proxy-mode answer with its header, and never asks for setup there', () => {
    expect(
      parseAuthConfig({
        mode: 'proxy',
        guest_access: 'read',
        setup_required: true,
        proxy_user_header: 'X-Forwarded-User',
      }),
    ).toEqual({ mode: 'proxy', guest_access: 'read', setup_required: false, proxy_user_header: 'X-Forwarded-User' });
  });

  it.each([null, 'text', { mode: 'kerberos' }, {}])('falls back to open with read access for %j', (raw) => {
    expect(parseAuthConfig(raw)).toEqual(OPEN_AUTH);
  });
});

describe('parseServerIdentity', () => {
  it('reads a signed-in answer with must_change_password', () => {
    expect(
      parseServerIdentity({ signed_in: true, id: 'ann', name: 'Ann', role: 'admin', must_change_password: true }),
    ).toEqual({ signed_in: true, id: 'ann', name: 'Ann', role: 'admin', must_change_password: true });
  });

  it('is signed out without an id, and an unknown role is annotator', () => {
    expect(parseServerIdentity({ signed_in: true, id: null, role: 'wizard' })).toEqual({
      signed_in: false,
      id: null,
      name: null,
      role: 'annotator',
      must_change_password: false,
    });
  });
});

describe('newPasswordProblem', () => {
  it('asks for 12 characters', () => {
    expect(newPasswordProblem('short-pass1', 'short-pass1')).toBe('Use at least 12 characters.');
  });
  it('asks for the same password twice', () => {
    expect(newPasswordProblem('a-long-password', 'a-long-passwort')).toBe('The two passwords are not the same.');
  });
  it('accepts a long password typed the same twice', () => {
    expect(newPasswordProblem('a-long-password', 'a-long-password')).toBeNull();
  });
});
