// Annotation packages between environments (administrators only):
// POST /api/v1/admin/repo/export_source streams a zip; POST /api/v1/admin/repo/import_source takes one.
import { z } from 'zod';
import { caller } from '../../http/identity';
import type { RoutePlugin } from '../../http/types';
import { exportSourcePackage } from '../../services/packages/export';
import { contentDisposition } from '../videos/download';

const exportBody = z.object({
  source_root: z.string().trim().min(1, 'source_root is required').max(4096),
  status: z.array(z.string().max(40)).max(20).optional(),
  include_history: z.boolean().optional(),
});

export const adminRepoPackageRoutes: RoutePlugin = (app, { database }) => {
  app.post('/admin/repo/export_source', { config: { role: 'admin' }, schema: { body: exportBody } }, async (req, reply) => {
    const { stream, filename } = await exportSourcePackage(database, caller(req), req.body, (e) => req.log.error({ err: e }, 'package export failed'));
    return reply.type('application/zip').header('content-disposition', contentDisposition('attachment', filename)).send(stream);
  });
};
