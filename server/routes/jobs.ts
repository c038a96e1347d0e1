// /jobs: the long jobs of every kind (extension): the activity list the top bar polls, and cancelling one.
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { revalidate } from '../http/revalidation';
import { caller } from '../http/identity';
import type { RoutePlugin } from '../http/types';
import { activityFor } from '../services/job-activity';
import { cancelJobById } from '../jobs/cancel';
import { json } from '../http/contract';
import { activitySnapshot, cancelAnswer, jobIdParams } from '../../domain/contract/jobs';

export const jobRoutes: RoutePlugin = (app, { database: { db }, queue }) => {
  // Polled by every signed-in tab: an unchanged list (nothing running) costs a 304 without a body.
  app.get(
    '/jobs/activity',
    {
      config: { role: 'user' },
      schema: { response: { ...json(activitySnapshot), 304: z.null().describe('unchanged since the ETag sent') } },
    },
    async (req, reply) => {
      const who = caller(req);
      const activity = await activityFor(db, who);
      const etag = `"${createHash('sha1').update(who.id).update('\n').update(JSON.stringify(activity)).digest('base64url')}"`;
      // no argument: nothing is serialised, so the 304 carries no body and no length
      if (revalidate(req, reply, etag)) return reply.code(304).send(undefined as never);
      return activity;
    },
  );

  app.post(
    '/jobs/:id/cancel',
    { config: { role: 'user' }, schema: { params: jobIdParams, response: json(cancelAnswer) } },
    async (req) => cancelJobById({ db, queue }, caller(req), req.params.id),
  );
};
