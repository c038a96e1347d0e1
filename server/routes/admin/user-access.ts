// /api/v1/admin/users/:id/… for super users: how an account signs in — set its password or hand out a
// one-time reset link, disable it, and see and end its open sessions. Every change is audited.
import { z } from 'zod';
import { caller } from '../../http/identity';
import { cameOverHttps, proxyTrust } from '../../http/client-address';
import type { RoutePlugin } from '../../http/types';
import { NotFound } from '../../domain-errors';
import { setUserDisabled, setUserPassword } from '../../services/auth/accounts';
import { makeResetLink } from '../../services/auth/links';
import { endUserSessions, userSessions } from '../../services/auth/sessions';
import { empty, json } from '../../http/contract';
import { userDto } from '../../services/user-dto';
import { userIdParams as idParams, userRecord } from '../../../domain/contract/users';
import {
  resetLink,
  sessionParams,
  setDisabledBody,
  setUserPasswordBody,
  userSession,
} from '../../../domain/contract/auth';

export const adminUserAccessRoutes: RoutePlugin = (app, { database: { db }, config, now }) => {
  const clock = () => now?.() ?? new Date();
  const trusted = proxyTrust(config.auth.trustedProxies);

  app.put(
    '/admin/users/:id/password',
    {
      config: { role: 'super' },
      schema: { params: idParams, body: setUserPasswordBody, response: empty() },
    },
    async (req, reply) => {
      await setUserPassword(
        db,
        caller(req).id,
        req.params.id,
        { password: req.body.password, mustChange: req.body.must_change },
        clock(),
      );
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/admin/users/:id/reset-link',
    { config: { role: 'super' }, schema: { params: idParams, response: json(resetLink, 201) } },
    async (req, reply) => {
      const { token, expiresAt } = await makeResetLink(db, req.params.id, caller(req).id, clock());
      const origin = config.auth.publicUrl ?? `${cameOverHttps(req, trusted) ? 'https' : 'http'}://${req.headers.host}`;
      return reply.status(201).send({ url: `${origin}/reset?token=${token}`, expires_at: expiresAt.toISOString() });
    },
  );

  app.put(
    '/admin/users/:id/disabled',
    { config: { role: 'super' }, schema: { params: idParams, body: setDisabledBody, response: json(userRecord) } },
    async (req) => userDto(await setUserDisabled(db, caller(req).id, req.params.id, req.body.disabled, clock())),
  );

  app.get(
    '/admin/users/:id/sessions',
    { config: { role: 'super' }, schema: { params: idParams, response: json(z.array(userSession)) } },
    async (req) => userSessions(db, req.params.id),
  );

  app.delete(
    '/admin/users/:id/sessions',
    { config: { role: 'super' }, schema: { params: idParams, response: empty() } },
    async (req, reply) => {
      await endUserSessions(db, req.params.id, caller(req).id, clock());
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/admin/users/:id/sessions/:sessionId',
    {
      config: { role: 'super' },
      schema: { params: sessionParams, response: empty() },
    },
    async (req, reply) => {
      if (!(await endUserSessions(db, req.params.id, caller(req).id, clock(), req.params.sessionId)))
        throw new NotFound(`Session ${req.params.sessionId} not found`);
      return reply.status(204).send(null);
    },
  );
};
