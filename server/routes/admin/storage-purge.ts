// POST /api/v1/admin/repo/purge: removes deleted videos for good (administrators only; confirm required).
import { caller } from '../../http/identity';
import type { RoutePlugin } from '../../http/types';
import { purgeDeleted } from '../../services/storage/purge';
import { json } from '../../http/contract';
import { purgeBody, purgeResult } from '../../../domain/contract/storage';

export const adminStoragePurgeRoutes: RoutePlugin = (app, { database: { db } }) => {
  app.post(
    '/admin/repo/purge',
    { config: { role: 'admin' }, schema: { body: purgeBody, response: json(purgeResult) } },
    async (req) => purgeDeleted(db, caller(req), req.body),
  );
};
