// POST /api/v1/videos/batch_export {mode, source_root?}: a zip of the labelled videos' annotation sets.
import { binary } from '../../http/contract';
import type { RoutePlugin } from '../../http/types';
import { buildBatchExport } from '../../services/batch-export';
import { batchExportBody } from '../../../domain/contract/videos';
import { contentDisposition } from './download';

export const batchExportRoutes: RoutePlugin = (app, { database: { db } }) => {
  app.post(
    '/videos/batch_export',
    {
      schema: {
        body: batchExportBody,
        response: binary(['application/zip'], 'A zip of the annotation set JSON of each labelled video'),
      },
    },
    async (req, reply) => {
      const { zip, filename } = await buildBatchExport(
        db,
        req.identity,
        req.body.mode,
        req.body.source_root?.trim() || null,
      );
      return reply
        .type('application/zip')
        .header('content-disposition', contentDisposition('attachment', filename))
        .send(zip);
    },
  );
};
