// The sign-in settings: which mode, who may be a guest, where a reverse proxy's identity is
// trusted from, which Host names are served, and how long a session lasts. Decided once at start-up.
import { z } from 'zod';

export type AuthMode = 'open' | 'password' | 'proxy';
export type GuestAccess = 'read' | 'none';

export interface AuthConfig {
  mode: AuthMode;
  /** Why this mode is active, for the start-up log line. */
  modeReason: string;
  guestAccess: GuestAccess;
  /** Lower-case header name the proxy puts the signed-in user id in (proxy mode). */
  proxyUserHeader: string;
  /** The same header as configured, for the screens. */
  proxyUserHeaderName: string;
  /** Addresses (or CIDR ranges) a proxy identity header and X-Forwarded-Proto are believed from. */
  trustedProxies: string[];
  /** Host names (optionally with a port) requests may address; the localhost names are always allowed. */
  allowedHosts: string[];
  sessionIdleMs: number;
  sessionMaxMs: number;
  /** File holding the first super user's password for unattended deploys (VAT_BOOTSTRAP_PASSWORD_FILE). */
  bootstrapPasswordFile?: string;
  /** The address users open, for printed setup and reset links (VAT_PUBLIC_URL); else made from HOST/PORT. */
  publicUrl?: string;
}

const list = z
  .string()
  .default('')
  .transform((s) =>
    s
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean),
  );

export const authEnvSchema = {
  VAT_AUTH: z.enum(['open', 'password', 'proxy']).optional(),
  VAT_GUEST_ACCESS: z.enum(['read', 'none']).default('read'),
  VAT_PROXY_USER_HEADER: z
    .string()
    .regex(/^[A-Za-z0-9-]+$/, 'a header name')
    .default('X-Forwarded-User'),
  VAT_TRUSTED_PROXIES: list,
  VAT_ALLOWED_HOSTS: list,
  VAT_SESSION_IDLE_MINUTES: z.coerce
    .number()
    .positive()
    .max(60 * 24 * 365)
    .default(8 * 60),
  VAT_SESSION_MAX_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 365)
    .default(7 * 24),
  VAT_BOOTSTRAP_PASSWORD_FILE: z.string().optional(),
  VAT_PUBLIC_URL: z.string().url().optional(),
};

/** Loopback addresses and the names that resolve to them: a server bound there is reachable from this machine only. */
export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h) || h === '::ffff:127.0.0.1';
}

/**
 * The mode: VAT_AUTH when set, else `open` on a loopback HOST and `password` on any other. `open` trusts
 * whatever id a browser sends, so it is refused where other machines can reach the server.
 */
export function decideAuthMode(host: string, asked: AuthMode | undefined): { mode: AuthMode; reason: string } {
  const loopback = isLoopbackHost(host);
  if (asked === 'open' && !loopback) {
    throw new Error(
      `VAT_AUTH=open refused: HOST=${host} is not a loopback address, and in open mode anyone who can reach the ` +
        'server may claim any user id (roles included). Set VAT_AUTH=password (accounts with passwords) or ' +
        'VAT_AUTH=proxy (identity from an authenticating reverse proxy), or bind HOST=127.0.0.1.',
    );
  }
  if (asked) return { mode: asked, reason: `VAT_AUTH=${asked}` };
  return loopback
    ? { mode: 'open', reason: `HOST=${host} is a loopback address and VAT_AUTH is not set` }
    : { mode: 'password', reason: `HOST=${host} is not a loopback address and VAT_AUTH is not set` };
}

type AuthEnv = z.output<z.ZodObject<typeof authEnvSchema>>;

export function authConfigOf(host: string, e: AuthEnv): AuthConfig {
  const { mode, reason } = decideAuthMode(host, e.VAT_AUTH);
  if (mode === 'proxy' && !e.VAT_TRUSTED_PROXIES.length) {
    throw new Error(
      'VAT_AUTH=proxy needs VAT_TRUSTED_PROXIES: the addresses of the reverse proxy whose ' +
        `${e.VAT_PROXY_USER_HEADER} header is believed (for example 127.0.0.1)`,
    );
  }
  const bind = host === '0.0.0.0' || host === '::' ? [] : [host];
  return {
    mode,
    modeReason: reason,
    guestAccess: e.VAT_GUEST_ACCESS,
    proxyUserHeader: e.VAT_PROXY_USER_HEADER.toLowerCase(),
    proxyUserHeaderName: e.VAT_PROXY_USER_HEADER,
    trustedProxies: e.VAT_TRUSTED_PROXIES,
    allowedHosts: e.VAT_ALLOWED_HOSTS.length ? e.VAT_ALLOWED_HOSTS : bind,
    sessionIdleMs: e.VAT_SESSION_IDLE_MINUTES * 60_000,
    sessionMaxMs: e.VAT_SESSION_MAX_HOURS * 3_600_000,
    bootstrapPasswordFile: e.VAT_BOOTSTRAP_PASSWORD_FILE,
    publicUrl: e.VAT_PUBLIC_URL?.replace(/\/+$/, ''),
  };
}
