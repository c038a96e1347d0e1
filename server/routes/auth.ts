// /api/v1/auth/*: the sign-in calls. Which exist depends on VAT_AUTH: login, setup and reset
// only in password mode; config and logout in every mode. All are public (VAT_GUEST_ACCESS=none keeps
// them reachable), and the Origin check refuses them from other sites (request-guards.ts). Login, setup
// and reset are guesses under the app's throttle (app.signInThrottle): 429 with Retry-After.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RoutePlugin } from '../http/types';
import { empty, json } from '../http/contract';
import { authConfig, loginBody, meAnswer, resetBody, setupBody } from '../../domain/contract/auth';
import { clientAddress, proxyTrust } from '../http/client-address';
import { clearSessionCookie, meDto, setSessionCookie } from '../http/session-cookie';
import { NotFound } from '../domain-errors';
import { setupRequired } from '../services/auth/first-start';
import { LinkGone, useResetLink, useSetupLink } from '../services/auth/links';
import { endSession, startSession } from '../services/auth/sessions';
import { signIn } from '../services/auth/sign-in';

/** The account a sign-in, a setup or a reset answers with. */
interface SignedInUser {
  id: string;
  name: string | null;
  role: string;
  mustChangePassword: boolean;
}

export const authRoutes: RoutePlugin = (app, { database: { db }, config, now: clock }) => {
  const auth = config.auth;
  const trusted = proxyTrust(auth.trustedProxies);
  const throttle = app.signInThrottle;
  const now = clock ?? (() => new Date());
  const passwordModeOnly = () => {
    if (auth.mode !== 'password')
      throw new NotFound(`Sign-in is not by password on this server (VAT_AUTH=${auth.mode})`);
  };

  /** Starts a session for `user`, sets its cookie and answers the /me shape (ending the caller's old session). */
  async function signedIn(req: FastifyRequest, reply: FastifyReply, user: SignedInUser, status: number) {
    if (req.sessionHash) await endSession(db, req.sessionHash);
    const id = await startSession(db, auth, user.id, now(), {
      ip: clientAddress(req, trusted),
      userAgent: req.headers['user-agent'] ?? null,
    });
    setSessionCookie(req, reply, id, trusted, auth.sessionMaxMs);
    return reply.status(status).send(
      meDto(
        { id: user.id, name: user.name, role: user.role as never },
        {
          headerRole: null,
          mode: auth.mode,
          mustChangePassword: user.mustChangePassword,
        },
      ),
    );
  }

  /** A used or expired link is 410 Gone (the contract), not the 409 its domain kind maps to. */
  const gone = (reply: FastifyReply, e: unknown) => {
    if (e instanceof LinkGone) return reply.status(410).send({ detail: e.detail });
    throw e;
  };

  app.get('/auth/config', { config: { public: true }, schema: { response: json(authConfig) } }, async () => ({
    mode: auth.mode,
    guest_access: auth.guestAccess,
    setup_required: auth.mode === 'password' && (await setupRequired(db)),
    proxy_user_header: auth.mode === 'proxy' ? auth.proxyUserHeaderName : null,
  }));

  app.post(
    '/auth/login',
    { config: { public: true }, schema: { body: loginBody, response: json(meAnswer) } },
    async (req, reply) => {
      passwordModeOnly();
      const user = await signIn(
        db,
        throttle,
        { id: req.body.id, password: req.body.password, address: clientAddress(req, trusted) },
        now(),
      );
      return signedIn(req, reply, user, 200);
    },
  );

  app.post(
    '/auth/setup',
    { config: { public: true }, schema: { body: setupBody, response: json(meAnswer, 201) } },
    async (req, reply) => {
      passwordModeOnly();
      try {
        const user = await useSetupLink(
          db,
          { throttle, address: clientAddress(req, trusted) },
          { token: req.body.token, id: req.body.id, name: req.body.name, password: req.body.password },
          now(),
        );
        return await signedIn(req, reply, user, 201);
      } catch (e) {
        return gone(reply, e);
      }
    },
  );

  app.post(
    '/auth/reset',
    { config: { public: true }, schema: { body: resetBody, response: json(meAnswer) } },
    async (req, reply) => {
      passwordModeOnly();
      try {
        const user = await useResetLink(
          db,
          { throttle, address: clientAddress(req, trusted) },
          { token: req.body.token, newPassword: req.body.new_password },
          now(),
        );
        return await signedIn(req, reply, user, 200);
      } catch (e) {
        return gone(reply, e);
      }
    },
  );

  app.post('/auth/logout', { config: { public: true }, schema: { response: empty() } }, async (req, reply) => {
    if (req.sessionHash) await endSession(db, req.sessionHash);
    clearSessionCookie(req, reply, trusted);
    return reply.status(204).send(null);
  });
};
