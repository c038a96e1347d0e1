// /api/v1/me/tokens: a user's personal API tokens for scripts (Authorization: Bearer vat_…). The token
// itself is in the creation answer only; the list shows names, dates and last use.
import { z } from 'zod';
import { caller } from '../http/identity';
import type { RoutePlugin } from '../http/types';
import { createToken, myTokens, revokeToken } from '../services/auth/tokens';
import { empty, json } from '../http/contract';
import { apiToken, createTokenBody, newApiToken, tokenIdParams } from '../../domain/contract/auth';

export const meTokenRoutes: RoutePlugin = (app, { database: { db }, now }) => {
  const clock = () => now?.() ?? new Date();

  app.get('/me/tokens', { config: { role: 'user' }, schema: { response: json(z.array(apiToken)) } }, async (req) =>
    myTokens(db, caller(req).id),
  );

  app.post(
    '/me/tokens',
    {
      config: { role: 'user' },
      schema: { body: createTokenBody, response: json(newApiToken, 201) },
    },
    async (req, reply) => {
      const made = await createToken(
        db,
        caller(req).id,
        { name: req.body.name, expiresInDays: req.body.expires_in_days ?? undefined },
        clock(),
        { byToken: req.authVia === 'token' },
      );
      return reply.status(201).send(made);
    },
  );

  app.delete(
    '/me/tokens/:id',
    { config: { role: 'user' }, schema: { params: tokenIdParams, response: empty() } },
    async (req, reply) => {
      await revokeToken(db, caller(req).id, req.params.id, clock());
      return reply.status(204).send(null);
    },
  );
};
