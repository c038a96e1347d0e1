// /api/v1/sources: the library's source list and re-ingest (one source, or all of them).
import { z } from 'zod';
import { json } from '../http/contract';
import { librarySource, reingestAllResult, reingestQuery, reingestResult } from '../../domain/contract/sources';
import { caller } from '../http/identity';
import type { RoutePlugin } from '../http/types';
import type { Role } from '../../domain/constants';
import { listSources } from '../repositories/sources';
import { hiddenSourceRoles } from '../services/source-visibility';
import { reingestAll, reingestOne } from '../services/sources';

export const sourceRoutes: RoutePlugin = (app, { database: { db }, media, config }) => {
  // A source limited to a role above the viewer's is left out, as its videos are.
  app.get('/sources', { schema: { response: json(z.array(librarySource)) } }, async (req) => {
    const hidden = hiddenSourceRoles(req.identity);
    return (await listSources(db))
      .filter((s) => !s.role || !hidden.includes(s.role))
      .map((s) => ({
        root: s.root,
        label: s.label,
        role: s.role as Role | null,
        enabled: s.enabled,
        created_at: s.createdAt.toISOString(),
      }));
  });

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
