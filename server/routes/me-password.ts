// /api/v1/me/password: a signed-in user changes their own password; their other sessions end.
import { z } from 'zod';
import { caller } from '../http/identity';
import type { RoutePlugin } from '../http/types';
import { changeOwnPassword } from '../services/auth/accounts';
import { MAX_PASSWORD_LENGTH } from '../services/auth/passwords';

const password = z.string().min(1).max(MAX_PASSWORD_LENGTH);

export const mePasswordRoutes: RoutePlugin = (app, { database: { db }, now }) => {
  app.put('/me/password', { config: { role: 'user' }, schema: { body: z.object({ current_password: password, new_password: password }) } }, async (req, reply) => {
    await changeOwnPassword(db, caller(req).id, { current: req.body.current_password, next: req.body.new_password, keepSessionHash: req.sessionHash }, now?.() ?? new Date());
    return reply.status(204).send();
  });
};
