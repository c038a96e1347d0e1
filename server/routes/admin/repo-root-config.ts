// /api/v1/admin/repo/root-config: the upload, render and temporary folders (administrators only).
import { z } from 'zod';
import type { RoutePlugin } from '../../http/types';
import { readRootConfig, saveRootConfig, validateRootConfig } from '../../services/repository/root-config';

const folder = (name: string) => z.string({ error: `${name} is required` }).trim().min(1, `${name} is required`).max(4096);
const rootConfigBody = z.object({ upload_root: folder('upload_root'), target_root: folder('target_root'), temp_root: folder('temp_root') });

export const adminRepoRootConfigRoutes: RoutePlugin = (app, { database: { db }, config }) => {
  const admin = { role: 'admin' } as const;

  app.get('/admin/repo/root-config', { config: admin }, async () => readRootConfig(db, config.dataDir));

  app.put('/admin/repo/root-config', { config: admin, schema: { body: rootConfigBody } }, async (req) => saveRootConfig(db, req.body));

  app.post('/admin/repo/root-config/validate', { config: admin, schema: { body: rootConfigBody } }, async (req) => validateRootConfig(req.body));

  app.get('/admin/repo/root-config/export', { config: admin }, async (_req, reply) => reply
    .header('content-disposition', 'attachment; filename="root_paths.json"')
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(await readRootConfig(db, config.dataDir), null, 2)));

  // The file the export wrote, sent back as the body: saved like PUT.
  app.post('/admin/repo/root-config/import', { config: admin, schema: { body: rootConfigBody } }, async (req) =>
    ({ imported: true, config: await saveRootConfig(db, req.body) }));
};
