// /api/v1/admin/repo/sources: the Repository Manager's source folders (administrators only).
import { z } from 'zod';
import { caller } from '../../http/identity';
import type { RoutePlugin } from '../../http/types';
import {
  addSource,
  editSource,
  listSourcesWithStats,
  removeSource,
  validateSourceRoot,
} from '../../services/storage/sources';
import { json } from '../../http/contract';
import {
  editSourceBody,
  removedSource,
  removeSourceBody,
  storageSource,
  sourceBody,
  sourceValidation,
  validateSourceBody,
} from '../../../domain/contract/storage';

export const adminStorageSourceRoutes: RoutePlugin = (app, { database: { db }, media, config }) => {
  const deps = { db, media, parallelism: config.ingestParallelism, log: (m: string) => app.log.warn(m) };
  const admin = { role: 'admin' } as const;

  app.get('/admin/repo/sources', { config: admin, schema: { response: json(z.array(storageSource)) } }, async (req) =>
    listSourcesWithStats(db, caller(req)),
  );

  app.post(
    '/admin/repo/sources/validate',
    { config: admin, schema: { body: validateSourceBody, response: json(sourceValidation) } },
    async (req) => validateSourceRoot(db, caller(req), req.body.root, req.body.original_root),
  );

  app.post(
    '/admin/repo/sources',
    { config: admin, schema: { body: sourceBody, response: json(storageSource, 201) } },
    async (req, reply) => reply.status(201).send(await addSource(deps, caller(req), req.body)),
  );

  app.put(
    '/admin/repo/sources',
    { config: admin, schema: { body: editSourceBody, response: json(storageSource) } },
    async (req) => editSource(deps, caller(req), req.body.original_root, req.body),
  );

  app.delete(
    '/admin/repo/sources',
    { config: admin, schema: { body: removeSourceBody, response: json(removedSource) } },
    async (req) => removeSource(db, caller(req), req.body.root),
  );
};
