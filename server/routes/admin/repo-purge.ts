// POST /api/v1/admin/repo/purge: removes deleted videos for good (administrators only; confirm required).
import { z } from 'zod';
import { caller } from '../../http/identity';
import type { RoutePlugin } from '../../http/types';
import { purgeDeleted } from '../../services/repository/purge';

const purgeBody = z.object({
  confirm: z.literal(true, { error: 'confirm: true is required to purge' }),
  // Without an explicit false the purge only reports what it would do.
  dry_run: z.boolean().default(true),
  source_root: z.string().trim().max(4096).optional().transform((s) => s || undefined),
  limit: z.number().int().positive('limit must be a positive integer').max(1_000_000).optional(),
});

export const adminRepoPurgeRoutes: RoutePlugin = (app, { database: { db } }) => {
  app.post('/admin/repo/purge', { config: { role: 'admin' }, schema: { body: purgeBody } }, async (req) => purgeDeleted(db, caller(req), req.body));
};
