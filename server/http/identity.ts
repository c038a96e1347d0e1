// Identity from X-User-* headers; the ROLE comes from the users table, never from the header. Routes
// declare who may call them (`config: { role }`); one hook in app.ts checks it with `authorize`.
import type { FastifyRequest } from 'fastify';
import type { ReadFacts } from '../services/read-facts';
import type { Role } from '../../domain/constants';
import type { Identity } from '../../domain/types';
import { validateUserId } from '../../domain/validation';
import { Forbidden, Invalid, Unauthenticated } from '../domain-errors';

/** Who may call a route: any signed-in user, an admin (or super), or a super user only. */
export type RouteRole = 'user' | 'admin' | 'super';

declare module 'fastify' {
  interface FastifyRequest {
    identity: Identity | null;
    /** What the client claimed in X-User-Role (informational only). */
    headerRole: string | null;
  }
  interface FastifyContextConfig {
    /** Checked once per request by the role hook; routes without it are open to guests. */
    role?: RouteRole;
  }
}

function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

export async function resolveIdentity(facts: Pick<ReadFacts, 'user'>, req: FastifyRequest): Promise<void> {
  req.identity = null;
  req.headerRole = header(req, 'x-user-role')?.trim() || null;
  const rawId = header(req, 'x-user-id');
  if (rawId === undefined || rawId.trim() === '') return;
  const id = rawId.trim();
  const problem = validateUserId(id);
  if (problem) throw new Invalid(`Invalid X-User-Id: ${problem}`);
  let name = header(req, 'x-user-name')?.trim() || null;
  if (name) {
    try { name = decodeURIComponent(name); } catch { /* keep raw */ }
    if (name.length > 200) throw new Invalid('X-User-Name is too long (max 200 characters)');
  }
  const row = await facts.user(id);
  req.identity = { id, name: name ?? row?.name ?? null, role: (row?.role as Role | undefined) ?? 'annotator' };
}

/** Throws unless `who` holds `role` by the users table. */
export function authorize(who: Identity | null, role: RouteRole): void {
  if (!who) throw new Unauthenticated('Sign in required: send X-User-Id');
  if (role === 'admin' && who.role !== 'admin' && who.role !== 'super') throw new Forbidden('Administrator role required');
  if (role === 'super' && who.role !== 'super') throw new Forbidden('Super user role required');
}

/** The signed-in caller of a route that declares a role (the hook has already let them in). */
export function caller(req: FastifyRequest): Identity {
  if (!req.identity) throw new Unauthenticated('Sign in required: send X-User-Id');
  return req.identity;
}
