// /jobs: the long jobs of every kind (extension): the activity list the top bar polls, and cancelling one.
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { revalidate } from '../http/revalidation';
import { caller } from '../http/identity';
import type { RoutePlugin } from '../http/types';
import { activityFor } from '../services/job-activity';
import { cancelJobById } from '../services/job-cancel';

const jobIdParams = z.object({ id: z.coerce.number({ message: 'id must be a number' }).int().positive('id must be a positive integer').max(2_147_483_647) });

export const jobRoutes: RoutePlugin = (app, { database: { db }, queue }) => {
  // Polled by every signed-in tab: an unchanged list (nothing running) costs a 304 without a body.
  app.get('/jobs/activity', { config: { role: 'user' } }, async (req, reply) => {
    const who = caller(req);
    const body = JSON.stringify(await activityFor(db, who));
    const etag = `"${createHash('sha1').update(who.id).update('\n').update(body).digest('base64url')}"`;
    if (revalidate(req, reply, etag)) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(body);
  });

  app.post('/jobs/:id/cancel', { config: { role: 'user' }, schema: { params: jobIdParams } },
    async (req) => cancelJobById({ db, queue }, caller(req), req.params.id));
};
