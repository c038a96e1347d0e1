// POST /api/v1/videos/batch_export {mode, source_root?}: a zip of the labelled videos' annotation sets.
import { z } from 'zod';
import type { RoutePlugin } from '../../http/types';
import { buildBatchExport } from '../../services/batch-export';
import { BATCH_EXPORT_MODES } from '../../../domain/constants';
import { contentDisposition } from './download';

const body = z.object({
  mode: z.enum(BATCH_EXPORT_MODES),
  source_root: z.string().max(4096).nullish(),
});

export const batchExportRoutes: RoutePlugin = (app, { database: { db } }) => {
  app.post('/videos/batch_export', { schema: { body } }, async (req, reply) => {
    const { zip, filename } = await buildBatchExport(db, req.identity, req.body.mode, req.body.source_root?.trim() || null);
    return reply.type('application/zip').header('content-disposition', contentDisposition('attachment', filename)).send(zip);
  });
};
