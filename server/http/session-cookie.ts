// The `vat_session` cookie, and the /me shape the sign-in calls answer with.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthConfig } from '../auth-config';
import { SESSION_COOKIE } from '../services/auth/sessions';
import { cameOverHttps, type ProxyTrust } from './client-address';
import type { Identity } from '../../domain/types';
import type { MeAnswer } from '../../domain/contract/auth';

/** HttpOnly (no script reads it), SameSite=Lax (not sent on other sites' sub-requests), Secure under HTTPS. */
export function setSessionCookie(
  req: FastifyRequest,
  reply: FastifyReply,
  value: string,
  trusted: ProxyTrust,
  maxAgeMs: number,
): void {
  const secure = cameOverHttps(req, trusted) ? '; Secure' : '';
  reply.header(
    'set-cookie',
    `${SESSION_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${Math.floor(maxAgeMs / 1000)}${secure}`,
  );
}

export function clearSessionCookie(req: FastifyRequest, reply: FastifyReply, trusted: ProxyTrust): void {
  const secure = cameOverHttps(req, trusted) ? '; Secure' : '';
  reply.header('set-cookie', `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure}`);
}

/** GET /me's answer: the spec's fields plus how this server signs people in. */
export function meDto(
  who: Identity | null,
  o: { headerRole: string | null; mode: AuthConfig['mode']; mustChangePassword: boolean },
): MeAnswer {
  return {
    signed_in: Boolean(who),
    id: who?.id ?? null,
    name: who?.name ?? null,
    role: who?.role ?? 'annotator',
    header_role: o.headerRole,
    auth_mode: o.mode,
    must_change_password: o.mustChangePassword,
    role_source: 'server' as const,
  };
}
