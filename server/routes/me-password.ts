// /api/v1/me/password: a signed-in user changes their own password; their other sessions and their API
// tokens end. A wrong current password is a guess under the app's throttle (429 with Retry-After).
import { caller } from '../http/identity';
import { clientAddress, proxyTrust } from '../http/client-address';
import type { RoutePlugin } from '../http/types';
import { changeOwnPassword } from '../services/auth/accounts';
import { empty } from '../http/contract';
import { changePasswordBody } from '../../domain/contract/auth';

export const mePasswordRoutes: RoutePlugin = (app, { database: { db }, config, now }) => {
  const trusted = proxyTrust(config.auth.trustedProxies);
  app.put(
    '/me/password',
    { config: { role: 'user' }, schema: { body: changePasswordBody, response: empty() } },
    async (req, reply) => {
      await changeOwnPassword(
        db,
        caller(req).id,
        { current: req.body.current_password, next: req.body.new_password, keepSessionHash: req.sessionHash },
        { throttle: app.signInThrottle, address: clientAddress(req, trusted) },
        now?.() ?? new Date(),
      );
      return reply.status(204).send(null);
    },
  );
};
