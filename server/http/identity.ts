// Who is calling. By mode (VAT_AUTH, auth-config.ts):
// - open: the X-User-* headers name the caller, as the spec's client-side sign-in does;
// - password: the `vat_session` cookie of a sign-in;
// - proxy: the header an authenticating reverse proxy sets, believed only from VAT_TRUSTED_PROXIES.
// In every mode `Authorization: Bearer vat_…` (a personal API token) names its owner. The ROLE always
// comes from the users table, read on each request, never from a header. Routes declare who may call
// them (`config: { role }`); one hook in app.ts checks it with `authorize`.
import type { FastifyRequest } from 'fastify';
import type { AuthConfig } from '../auth-config';
import type { Db } from '../db/connect';
import type { ReadFacts } from '../services/read-facts';
import type { Role } from '../../domain/constants';
import type { Identity } from '../../domain/types';
import { validateUserId } from '../../domain/validation';
import { atLeast } from '../../domain/roles';
import { Forbidden, Invalid, Unauthenticated } from '../domain-errors';
import { SESSION_COOKIE, sessionUser } from '../services/auth/sessions';
import { tokenUser } from '../services/auth/tokens';
import { cookieValue, socketAddress, type ProxyTrust } from './client-address';

/** Who may call a route: any signed-in user, an admin (or super), or a super user only. */
export type RouteRole = 'user' | 'admin' | 'super';

/** How the caller was recognised: the Origin check applies to `cookie`, never to `token`. */
export type AuthVia = 'header' | 'cookie' | 'token' | 'proxy';

declare module 'fastify' {
  interface FastifyRequest {
    identity: Identity | null;
    /** What the client claimed in X-User-Role (informational only). */
    headerRole: string | null;
    authVia: AuthVia | null;
    /** The SHA-256 of the session cookie's id, when signed in by cookie. */
    sessionHash: string | null;
    /** The signed-in user was given a password they must change before doing anything else. */
    mustChangePassword: boolean;
  }
  interface FastifyContextConfig {
    /** Checked once per request by the role hook; routes without it are open to guests. */
    role?: RouteRole;
    /** Answers even with VAT_GUEST_ACCESS=none (sign-in calls, /me). */
    public?: boolean;
  }
}

export interface IdentityContext {
  auth: AuthConfig;
  db: Db;
  facts: Pick<ReadFacts, 'user'>;
  trusted: ProxyTrust;
  now: () => Date;
}

function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

async function fromUserHeaders(facts: Pick<ReadFacts, 'user'>, req: FastifyRequest): Promise<Identity | null> {
  const rawId = header(req, 'x-user-id');
  if (rawId === undefined || rawId.trim() === '') return null;
  const id = rawId.trim();
  const problem = validateUserId(id);
  if (problem) throw new Invalid(`Invalid X-User-Id: ${problem}`);
  let name = header(req, 'x-user-name')?.trim() || null;
  if (name) {
    try {
      name = decodeURIComponent(name);
    } catch {
      /* keep raw */
    }
    if (name.length > 200) throw new Invalid('X-User-Name is too long (max 200 characters)');
  }
  const row = await facts.user(id);
  return { id, name: name ?? row?.name ?? null, role: (row?.role as Role | undefined) ?? 'annotator' };
}

/** The proxy's user header, from a trusted proxy only; the user's stored role (annotator when not stored). */
async function fromProxyHeader(ctx: IdentityContext, req: FastifyRequest): Promise<Identity | null> {
  if (!ctx.trusted(socketAddress(req))) return null;
  const id = header(req, ctx.auth.proxyUserHeader)?.trim();
  if (!id) return null;
  const problem = validateUserId(id);
  if (problem) throw new Invalid(`The proxy's ${ctx.auth.proxyUserHeader} header is not a valid user ID: ${problem}`);
  const row = await ctx.facts.user(id);
  if (row?.disabled) throw new Forbidden('This account is disabled: ask an administrator');
  return { id, name: row?.name ?? null, role: (row?.role as Role | undefined) ?? 'annotator' };
}

const identityOf = (u: { id: string; name: string | null; role: string }): Identity => ({
  id: u.id,
  name: u.name,
  role: u.role as Role,
});

export async function resolveIdentity(ctx: IdentityContext, req: FastifyRequest): Promise<void> {
  req.identity = null;
  req.authVia = null;
  req.sessionHash = null;
  req.mustChangePassword = false;
  req.headerRole = header(req, 'x-user-role')?.trim() || null;
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(header(req, 'authorization') ?? '')?.[1];
  if (bearer) {
    const user = await tokenUser(ctx.db, bearer, ctx.now());
    req.identity = identityOf(user);
    req.authVia = 'token';
    req.mustChangePassword = user.mustChangePassword; // binds a script as it binds the browser
    return;
  }
  const { mode } = ctx.auth;
  if (mode === 'open') {
    req.identity = await fromUserHeaders(ctx.facts, req);
    if (req.identity) req.authVia = 'header';
  } else if (mode === 'proxy') {
    req.identity = await fromProxyHeader(ctx, req);
    if (req.identity) req.authVia = 'proxy';
  } else {
    const cookie = cookieValue(req, SESSION_COOKIE);
    const found = cookie ? await sessionUser(ctx.db, ctx.auth, cookie, ctx.now()) : null;
    if (found) {
      req.identity = identityOf(found.user);
      req.authVia = 'cookie';
      req.sessionHash = found.idHash;
      req.mustChangePassword = found.user.mustChangePassword;
    }
  }
}

/** Throws unless `who` holds `role` by the users table. */
export function authorize(who: Identity | null, role: RouteRole, mode: AuthConfig['mode'] = 'open'): void {
  if (!who) throw new Unauthenticated(signInHint(mode));
  if (role === 'admin' && !atLeast(who.role, 'admin')) throw new Forbidden('Administrator role required');
  if (role === 'super' && !atLeast(who.role, 'super')) throw new Forbidden('Super user role required');
}

export function signInHint(mode: AuthConfig['mode']): string {
  if (mode === 'password') return 'Sign in required: sign in with your user ID and password, or send an API token';
  if (mode === 'proxy') return 'Sign in required: sign in at the proxy in front of this server, or send an API token';
  return 'Sign in required: send X-User-Id';
}

/** The signed-in caller of a route that declares a role (the hook has already let them in). */
export function caller(req: FastifyRequest): Identity {
  if (!req.identity) throw new Unauthenticated('Sign in required');
  return req.identity;
}
