// How this server signs people in (GET /api/v1/auth/config) and the identity it answers (GET /api/v1/me).
// Shared by the session machine and the screens. A server that does not answer the config call (an older
// server, or a network error) is treated as `open`, today's client-side sign-in.
import { ROLES, type Role } from './constants';
import type { AuthConfig } from './contract/auth';

export type { AuthConfig };
export type AuthMode = AuthConfig['mode'];

export const OPEN_AUTH: AuthConfig = {
  mode: 'open',
  guest_access: 'read',
  setup_required: false,
  proxy_user_header: null,
};

/** The /me shape the server answers (and login, setup and reset answer with the session cookie). */
export interface ServerIdentity {
  signed_in: boolean;
  id: string | null;
  name: string | null;
  role: Role;
  must_change_password?: boolean;
}

/** The minimum length the server asks of a new password. */
export const PASSWORD_MIN_LENGTH = 12;

/** Reads a config answer; anything unexpected falls back to open with read access for guests. */
export function parseAuthConfig(raw: unknown): AuthConfig {
  if (!raw || typeof raw !== 'object') return OPEN_AUTH;
  const r = raw as Record<string, unknown>;
  const mode: AuthMode = r.mode === 'password' || r.mode === 'proxy' ? r.mode : 'open';
  return {
    mode,
    guest_access: r.guest_access === 'none' ? 'none' : 'read',
    setup_required: mode === 'password' && r.setup_required === true,
    proxy_user_header: typeof r.proxy_user_header === 'string' ? r.proxy_user_header : null,
  };
}

/** Reads a /me answer; a missing or unknown role is the lowest one. */
export function parseServerIdentity(raw: unknown): ServerIdentity {
  const r = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const id = typeof r.id === 'string' && r.id ? r.id : null;
  return {
    signed_in: r.signed_in === true && id !== null,
    id,
    name: typeof r.name === 'string' ? r.name : null,
    role: (ROLES as readonly unknown[]).includes(r.role) ? (r.role as Role) : 'annotator',
    must_change_password: r.must_change_password === true,
  };
}

/**
 * Checks a new password the way the server does as far as the browser can (length, and that the two
 * entries match); the server also refuses common passwords and says so in its answer.
 */
export function newPasswordProblem(password: string, confirm: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return `Use at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (password !== confirm) return 'The two passwords are not the same.';
  return null;
}
