// Annotation packages between environments (administrators only):
// POST /api/v1/admin/repo/export_source streams a zip; POST /api/v1/admin/repo/import_source takes one
// (multipart `file` and `config` JSON) and answers its job; GET /api/v1/admin/repo/import_jobs/{id}.
import fs from 'node:fs/promises';
import { z } from 'zod';
import { caller } from '../../http/identity';
import { readMultipart } from '../../http/multipart';
import type { RoutePlugin } from '../../http/types';
import { Invalid } from '../../domain-errors';
import { exportSourcePackage } from '../../services/packages/export';
import { importArchivePath, requireImportJob, startPackageImport } from '../../services/packages/import';
import { readRootConfig } from '../../services/repository/root-config';
import { contentDisposition } from '../videos/download';

const exportBody = z.object({
  source_root: z.string().trim().min(1, 'source_root is required').max(4096),
  status: z.array(z.string().max(40)).max(20).optional(),
  include_history: z.boolean().optional(),
});

const importConfig = z.object({
  source_root: z.string().trim().min(1, 'Source root path is required').max(4096),
  target_root: z.string().trim().min(1, 'Target root path is required').max(4096),
  mode: z.enum(['skip_existing', 'overwrite']).default('skip_existing'),
  validate_files: z.boolean().default(true),
  dry_run: z.boolean().default(false),
});

const jobParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

function parseConfig(text: string | undefined) {
  if (text === undefined) throw new Invalid('config is required (JSON with source_root, target_root, mode, validate_files, dry_run)');
  let json: unknown;
  try { json = JSON.parse(text); } catch { throw new Invalid('config is not valid JSON'); }
  const parsed = importConfig.safeParse(json);
  if (!parsed.success) throw new Invalid(parsed.error.issues.map((i) => `config.${i.path.join('.')}: ${i.message}`).join('; '));
  return parsed.data;
}

export const adminRepoPackageRoutes: RoutePlugin = (app, { database, config, queue }) => {
  app.post('/admin/repo/export_source', { config: { role: 'admin' }, schema: { body: exportBody } }, async (req, reply) => {
    const { stream, filename } = await exportSourcePackage(database, caller(req), req.body, (e) => req.log.error({ err: e }, 'package export failed'));
    return reply.type('application/zip').header('content-disposition', contentDisposition('attachment', filename)).send(stream);
  });

  app.post('/admin/repo/import_source', { config: { role: 'admin' } }, async (req) => {
    const saveTo = await importArchivePath((await readRootConfig(database.db, config.dataDir)).temp_root);
    const form = await readMultipart(req, { maxFileBytes: config.maxUploadBytes, saveTo });
    if (!form.file?.path) throw new Invalid('A zip file is required');
    let cfg;
    try { cfg = parseConfig(form.fields.config); } catch (e) {
      await fs.rm(saveTo, { force: true });
      throw e;
    }
    return startPackageImport(database, queue, caller(req), { path: form.file.path, bytes: form.file.bytes }, cfg);
  });

  app.get('/admin/repo/import_jobs/:id', { config: { role: 'admin' }, schema: { params: jobParams } }, async (req) => requireImportJob(database, req.params.id));
};
