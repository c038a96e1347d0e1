// The browser-hardening headers of every answer (@fastify/helmet): a Content-Security-Policy that lets the
// page load only this server's own scripts, styles, images, video and API, with no framing by any site
// (frame-ancestors 'none', X-Frame-Options DENY); X-Content-Type-Options: nosniff; Referrer-Policy
// same-origin. The reference page at /api/docs (Swagger UI) has its own policy (DOCS_POLICY).
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The web app's policy. No 'unsafe-inline' or 'unsafe-eval': the built app is module scripts and one
 * stylesheet; React and Konva set styles through the CSSOM, which a policy does not restrict. blob: and
 * data: for images and video (canvas snapshots, saved files). No upgrade-insecure-requests: a server on a
 * LAN address without TLS would have its own requests moved to https and fail.
 */
export const APP_CSP_DIRECTIVES: Record<string, string[] | null> = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'object-src': ["'none'"],
  'frame-ancestors': ["'none'"],
  'form-action': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'media-src': ["'self'", 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'worker-src': ["'self'", 'blob:'],
  'upgrade-insecure-requests': null,
};

/** The policy text of `directives` (as the header carries it). */
export function policyText(directives: Record<string, string[] | null>): string {
  return Object.entries(directives)
    .filter((e): e is [string, string[]] => e[1] !== null)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/**
 * Swagger UI's policy: the app's, except that styles may be inline. Its bundle writes its stylesheet into a
 * <style> element at run time (so no hash of a file can name it). Scripts stay this server's own files:
 * the page has no inline script.
 */
export const DOCS_POLICY = policyText({ ...APP_CSP_DIRECTIVES, 'style-src': ["'self'", "'unsafe-inline'"] });

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: APP_CSP_DIRECTIVES },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    // HSTS only means something over TLS, which a proxy in front of the server terminates: it sets it
    strictTransportSecurity: false,
  });
}
