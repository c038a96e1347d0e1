// Identity from X-User-* headers; the ROLE comes from the users table, never from the header.
import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { users } from '../db/schema';
import type { Role } from '../../domain/constants';
import { validateUserId } from '../../domain/validation';
import type { Identity } from '../../domain/types';
import { badRequest, forbidden, unauthorized } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    identity: Identity | null;
    /** What the client claimed in X-User-Role (informational only). */
    headerRole: string | null;
  }
}

function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

export async function resolveIdentity(db: Db, req: FastifyRequest): Promise<void> {
  req.identity = null;
  req.headerRole = header(req, 'x-user-role')?.trim() || null;
  const rawId = header(req, 'x-user-id');
  if (rawId === undefined || rawId.trim() === '') return;
  const id = rawId.trim();
  const problem = validateUserId(id);
  if (problem) throw badRequest(`Invalid X-User-Id: ${problem}`);
  let name = header(req, 'x-user-name')?.trim() || null;
  if (name) {
    try { name = decodeURIComponent(name); } catch { /* keep raw */ }
    if (name.length > 200) throw badRequest('X-User-Name is too long (max 200 characters)');
  }
  const [row] = await db.select({ role: users.role, name: users.name }).from(users).where(eq(users.id, id)).limit(1);
  req.identity = { id, name: name ?? row?.name ?? null, role: (row?.role as Role | undefined) ?? 'annotator' };
}

export function requireUser(req: FastifyRequest): Identity {
  if (!req.identity) throw unauthorized();
  return req.identity;
}

export function requireAdmin(req: FastifyRequest): Identity {
  const who = requireUser(req);
  if (who.role !== 'admin' && who.role !== 'super') throw forbidden('Administrator role required');
  return who;
}

export function requireSuper(req: FastifyRequest): Identity {
  const who = requireUser(req);
  if (who.role !== 'super') throw forbidden('Super user role required');
  return who;
}
