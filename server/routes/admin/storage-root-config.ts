// /api/v1/admin/repo/root-config: the upload, render and temporary folders (administrators only).
import type { RoutePlugin } from '../../http/types';
import { readRootConfig, saveRootConfig, validateRootConfig } from '../../services/storage/root-config';
import { binary, json } from '../../http/contract';
import { importedRootConfig, rootConfig, rootConfigBody, rootValidation } from '../../../domain/contract/storage';

export const adminStorageRootConfigRoutes: RoutePlugin = (app, { database: { db }, config }) => {
  const admin = { role: 'admin' } as const;

  app.get('/admin/repo/root-config', { config: admin, schema: { response: json(rootConfig) } }, async () =>
    readRootConfig(db, config.dataDir),
  );

  app.put(
    '/admin/repo/root-config',
    { config: admin, schema: { body: rootConfigBody, response: json(rootConfig) } },
    async (req) => saveRootConfig(db, req.body),
  );

  app.post(
    '/admin/repo/root-config/validate',
    { config: admin, schema: { body: rootConfigBody, response: json(rootValidation) } },
    async (req) => validateRootConfig(req.body),
  );

  // the saved folders as a file to keep (root_paths.json, pretty-printed): sent as it is, not through a schema
  app.get(
    '/admin/repo/root-config/export',
    { config: admin, schema: { response: binary(['application/json'], 'root_paths.json: the RootConfig as a file') } },
    async (_req, reply) =>
      reply
        .header('content-disposition', 'attachment; filename="root_paths.json"')
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(await readRootConfig(db, config.dataDir), null, 2)),
  );

  // The file the export wrote, sent back as the body: saved like PUT.
  app.post(
    '/admin/repo/root-config/import',
    { config: admin, schema: { body: rootConfigBody, response: json(importedRootConfig) } },
    async (req) => ({ imported: true as const, config: await saveRootConfig(db, req.body) }),
  );
};
