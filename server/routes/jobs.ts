// /jobs: the long jobs of every kind (extension): the activity list the top bar polls, and cancelling one.
import { z } from 'zod';
import { caller } from '../http/identity';
import type { RoutePlugin } from '../http/types';
import { activityFor } from '../services/job-activity';
import { cancelJobById } from '../services/job-cancel';

const jobIdParams = z.object({ id: z.coerce.number({ message: 'id must be a number' }).int().positive('id must be a positive integer').max(2_147_483_647) });

export const jobRoutes: RoutePlugin = (app, { database: { db }, queue }) => {
  app.get('/jobs/activity', { config: { role: 'user' } }, async (req) => activityFor(db, caller(req)));

  app.post('/jobs/:id/cancel', { config: { role: 'user' }, schema: { params: jobIdParams } },
    async (req) => cancelJobById({ db, queue }, caller(req), req.params.id));
};
