// Annotation packages between environments (administrators only):
// POST /api/v1/admin/repo/export_source streams a zip; POST /api/v1/admin/repo/import_source takes one
// (multipart `file` and `config` JSON) and answers its job; GET /api/v1/admin/repo/import_jobs/{id}.
import fs from 'node:fs/promises';
import { caller } from '../../http/identity';
import { readMultipart } from '../../http/multipart';
import type { RoutePlugin } from '../../http/types';
import { Invalid } from '../../domain-errors';
import { exportSourcePackage } from '../../services/packages/export';
import { importArchivePath, requireImportJob, startPackageImport } from '../../services/packages/import';
import { readRootConfig } from '../../services/storage/root-config';
import { contentDisposition } from '../videos/download';
import { binary, json } from '../../http/contract';
import {
  exportSourceBody as exportBody,
  importConfig,
  importJob,
  importJobParams as jobParams,
} from '../../../domain/contract/packages';

function parseConfig(text: string | undefined) {
  if (text === undefined)
    throw new Invalid('config is required (JSON with source_root, target_root, mode, validate_files, dry_run)');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Invalid('config is not valid JSON');
  }
  const parsed = importConfig.safeParse(json);
  if (!parsed.success)
    throw new Invalid(parsed.error.issues.map((i) => `config.${i.path.join('.')}: ${i.message}`).join('; '));
  return parsed.data;
}

export const adminStoragePackageRoutes: RoutePlugin = (app, { database, config, queue }) => {
  app.post(
    '/admin/repo/export_source',
    {
      config: { role: 'admin' },
      schema: { body: exportBody, response: binary(['application/zip'], 'the annotation package') },
    },
    async (req, reply) => {
      const { stream, filename } = await exportSourcePackage(database, caller(req), req.body, (e) =>
        req.log.error({ err: e }, 'package export failed'),
      );
      return reply
        .type('application/zip')
        .header('content-disposition', contentDisposition('attachment', filename))
        .send(stream as never); // bytes streamed as they are; the declared answer only documents them
    },
  );

  // the multipart form is read as a stream (readMultipart), so it has no body schema; `config` is checked by importConfig
  app.post(
    '/admin/repo/import_source',
    { config: { role: 'admin' }, schema: { response: json(importJob) } },
    async (req) => {
      const saveTo = await importArchivePath((await readRootConfig(database.db, config.dataDir)).temp_root);
      const form = await readMultipart(req, { maxFileBytes: config.maxUploadBytes, saveTo });
      if (!form.file?.path) throw new Invalid('A zip file is required');
      let cfg;
      try {
        cfg = parseConfig(form.fields.config);
      } catch (e) {
        await fs.rm(saveTo, { force: true });
        throw e;
      }
      return startPackageImport(database, queue, caller(req), { path: form.file.path, bytes: form.file.bytes }, cfg);
    },
  );

  app.get(
    '/admin/repo/import_jobs/:id',
    { config: { role: 'admin' }, schema: { params: jobParams, response: json(importJob) } },
    async (req) => requireImportJob(database, req.params.id, caller(req)),
  );
};
