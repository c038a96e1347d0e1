// /api/v1/admin/repo/sources: the Repository Manager's source folders (administrators only).
import { z } from 'zod';
import { caller } from '../../http/identity';
import type { RoutePlugin } from '../../http/types';
import { addSource, editSource, listSourcesWithStats, removeSource, validateSourceRoot } from '../../services/repository/sources';

const rootPath = z.string({ error: 'Root path is required' }).trim().min(1, 'Root path is required').max(4096);
const sourceBody = z.object({
  root: rootPath,
  label: z.string({ error: 'Label is required' }).trim().min(1, 'Label is required').max(120, 'Label must be 120 characters or fewer'),
  role: z.enum(['', 'annotator', 'admin', 'super'], { error: 'Select a valid role' }).nullish().transform((r) => r ?? ''),
  enabled: z.boolean().default(true),
});

export const adminRepoSourceRoutes: RoutePlugin = (app, { database: { db }, media, config }) => {
  const deps = { db, media, parallelism: config.ingestParallelism, log: (m: string) => app.log.warn(m) };
  const admin = { role: 'admin' } as const;

  app.get('/admin/repo/sources', { config: admin }, async () => listSourcesWithStats(db));

  app.post('/admin/repo/sources/validate', { config: admin, schema: { body: z.object({ root: rootPath, original_root: z.string().max(4096).optional() }) } },
    async (req) => validateSourceRoot(db, req.body.root, req.body.original_root));

  app.post('/admin/repo/sources', { config: admin, schema: { body: sourceBody } }, async (req, reply) =>
    reply.status(201).send(await addSource(deps, caller(req), req.body)));

  app.put('/admin/repo/sources', { config: admin, schema: { body: sourceBody.extend({ original_root: rootPath }) } }, async (req) =>
    editSource(deps, caller(req), req.body.original_root, req.body));

  app.delete('/admin/repo/sources', { config: admin, schema: { body: z.object({ root: rootPath }) } }, async (req) =>
    removeSource(db, req.body.root));
};
