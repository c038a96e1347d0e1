// /api/v1/admin/users/:id/… for super users: how an account signs in — set its password or hand out a
// one-time reset link, disable it, and see and end its open sessions. Every change is audited.
import { z } from 'zod';
import { caller } from '../../http/identity';
import { userIdSchema } from '../../../domain/contract/params';
import { cameOverHttps, proxyTrust } from '../../http/client-address';
import type { RoutePlugin } from '../../http/types';
import { NotFound } from '../../domain-errors';
import { setUserDisabled, setUserPassword } from '../../services/auth/accounts';
import { makeResetLink } from '../../services/auth/links';
import { MAX_PASSWORD_LENGTH } from '../../services/auth/passwords';
import { endUserSessions, userSessions } from '../../services/auth/sessions';
import { userDto } from './users';

const idParams = z.object({ id: userIdSchema });

export const adminUserAccessRoutes: RoutePlugin = (app, { database: { db }, config, now }) => {
  const clock = () => now?.() ?? new Date();
  const trusted = proxyTrust(config.auth.trustedProxies);

  app.put('/admin/users/:id/password', {
    config: { role: 'super' },
    schema: { params: idParams, body: z.object({ password: z.string().min(1).max(MAX_PASSWORD_LENGTH), must_change: z.boolean().default(false) }) },
  }, async (req, reply) => {
    await setUserPassword(db, caller(req).id, req.params.id, { password: req.body.password, mustChange: req.body.must_change }, clock());
    return reply.status(204).send();
  });

  app.post('/admin/users/:id/reset-link', { config: { role: 'super' }, schema: { params: idParams } }, async (req, reply) => {
    const { token, expiresAt } = await makeResetLink(db, req.params.id, caller(req).id, clock());
    const origin = config.auth.publicUrl ?? `${cameOverHttps(req, trusted) ? 'https' : 'http'}://${req.headers.host}`;
    return reply.status(201).send({ url: `${origin}/reset?token=${token}`, expires_at: expiresAt.toISOString() });
  });

  app.put('/admin/users/:id/disabled', { config: { role: 'super' }, schema: { params: idParams, body: z.object({ disabled: z.boolean() }) } },
    async (req) => userDto(await setUserDisabled(db, caller(req).id, req.params.id, req.body.disabled, clock())));

  app.get('/admin/users/:id/sessions', { config: { role: 'super' }, schema: { params: idParams } }, async (req) => userSessions(db, req.params.id));

  app.delete('/admin/users/:id/sessions', { config: { role: 'super' }, schema: { params: idParams } }, async (req, reply) => {
    await endUserSessions(db, req.params.id, caller(req).id, clock());
    return reply.status(204).send();
  });

  app.delete('/admin/users/:id/sessions/:sessionId', {
    config: { role: 'super' }, schema: { params: idParams.extend({ sessionId: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/) }) },
  }, async (req, reply) => {
    if (!(await endUserSessions(db, req.params.id, caller(req).id, clock(), req.params.sessionId))) throw new NotFound(`Session ${req.params.sessionId} not found`);
    return reply.status(204).send();
  });
};
