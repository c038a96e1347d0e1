// /api/v1/sources: the library's source list and re-ingest (one source, or all of them).
import { z } from 'zod';
import { json } from '../http/contract';
import { librarySource, reingestAllResult, reingestQuery, reingestResult } from '../../domain/contract/sources';
import { caller } from '../http/identity';
import type { RoutePlugin } from '../http/types';
import { listVisibleSources, reingestAll, reingestOne } from '../services/sources';

export const sourceRoutes: RoutePlugin = (app, { database: { db }, media, config }) => {
  app.get('/sources', { schema: { response: json(z.array(librarySource)) } }, async (req) =>
    listVisibleSources(db, req.identity),
  );

  // Any signed-in user may re-ingest one named source; all sources at once, or delete_missing, needs an administrator.
  app.post(
    '/sources/reingest',
    {
      config: { role: 'user' },
      schema: { querystring: reingestQuery, response: json(z.union([reingestResult, reingestAllResult])) },
    },
    async (req) => {
      const q = req.query;
      const deps = { db, media, config };
      return q.root !== undefined
        ? reingestOne(deps, caller(req), q.root, q.delete_missing)
        : reingestAll(deps, caller(req), { deleteMissing: q.delete_missing, includeDisabled: q.include_disabled });
    },
  );
};
