// Checks made after the caller is known and before any handler runs:
// - the Origin check: a state-changing request signed in by cookie must come from a page of this
//   server (the browser sends the cookie to us from any site; Origin says which site asked). A sign-in
//   call with a foreign Origin is refused too, so no other site can sign a browser in as someone else;
// - VAT_GUEST_ACCESS=none: a guest reaches only the sign-in calls;
// - a password an administrator set with "must change": nothing but reads, the password change and
//   sign-out until the user has chosen their own. The sign-in calls stay open too: they replace the
//   browser's session (a reset link or another person's sign-in on a shared computer).
import type { FastifyRequest } from 'fastify';
import type { AuthConfig } from '../auth-config';
import { Forbidden, Unauthenticated } from '../domain-errors';
import { signInHint } from './identity';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
const WHILE_MUST_CHANGE = new Set(['/api/v1/me/password']);

function firstHeader(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/** `host[:port]` with the scheme's default port left out, as browsers write Host and URL.host does. */
function hostAndPort(host: string): string {
  return host.toLowerCase().replace(/:(80|443)$/, '');
}

/** The host and port of the page that made the request (Origin, else Referer); null when neither is
 *  sent, '' when it is opaque. The port counts: another port of this host is another application, and
 *  the browser would send it our cookie (cookies are shared across the ports of a host). */
function requestingHost(req: FastifyRequest): string | null {
  const from = firstHeader(req, 'origin') ?? firstHeader(req, 'referer');
  if (!from) return null;
  try {
    return hostAndPort(new URL(from).host);
  } catch {
    return '';
  }
}

export function checkOrigin(req: FastifyRequest): void {
  if (SAFE.has(req.method)) return;
  const signInCall = req.routeOptions.config.public === true;
  if (req.authVia !== 'cookie' && !signInCall) return;
  const from = requestingHost(req);
  if (from === null && !(req.authVia === 'cookie')) return; // a script's sign-in call sends no Origin
  if (from !== hostAndPort(req.headers.host ?? '')) {
    throw new Forbidden(
      'Refused: this request came from another site (its Origin is not this server). Open the tool at its own address and try again',
    );
  }
}

export function checkGuestAccess(req: FastifyRequest, auth: AuthConfig): void {
  if (req.identity || auth.guestAccess === 'read' || req.routeOptions.config.public) return;
  throw new Unauthenticated(signInHint(auth.mode));
}

export function checkMustChangePassword(req: FastifyRequest): void {
  if (
    !req.mustChangePassword ||
    SAFE.has(req.method) ||
    req.routeOptions.config.public === true ||
    WHILE_MUST_CHANGE.has(req.routeOptions.url ?? '')
  )
    return;
  throw new Forbidden(
    'Change your password first: an administrator set it, and it must be replaced by one only you know',
  );
}
