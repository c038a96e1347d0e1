// POST /api/v1/videos/batch_export {mode, source_root?}: a zip of the labelled videos' annotation sets.
// Modes (spec part 1 §9): first10 / first50 / first100 take the first n labelled videos by id; 0.8 and 1.0 take
// that fraction (rounded up) of them. The zip holds manifest.json and one JSON per video.
import yazl from 'yazl';
import { z } from 'zod';
import { and, asc, eq } from 'drizzle-orm';
import { sources, videos } from '../../db/schema';
import { NotFound } from '../../domain-errors';
import type { RoutePlugin } from '../../http/types';
import { buildAnnotationSet } from '../../services/annotation-set';
import { normaliseRoot } from '../../services/ingest';
import { toVideoDto } from '../../services/video-dto';
import { BATCH_EXPORT_MODES, type BatchExportMode } from '../../../domain/constants';
import { contentDisposition } from './download';

const body = z.object({
  mode: z.enum(BATCH_EXPORT_MODES),
  source_root: z.string().max(4096).nullish(),
});

/** How many of `total` labelled videos a mode exports. */
export function exportCount(mode: BatchExportMode, total: number): number {
  switch (mode) {
    case 'first10': return Math.min(10, total);
    case 'first50': return Math.min(50, total);
    case 'first100': return Math.min(100, total);
    case '0.8': return Math.ceil(total * 0.8);
    case '1.0': return total;
  }
}

const safeName = (s: string) => s.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 120);

export const batchExportRoutes: RoutePlugin = (app, { database: { db } }) => {
  app.post('/videos/batch_export', { schema: { body } }, async (req, reply) => {
    const { mode } = req.body;
    let root: string | null = null;
    if (req.body.source_root?.trim()) {
      root = normaliseRoot(req.body.source_root);
      const [src] = await db.select({ root: sources.root }).from(sources).where(eq(sources.root, root)).limit(1);
      if (!src) throw new NotFound(`Unknown source: ${req.body.source_root}`);
    }
    const where = root ? and(eq(videos.processingStatus, 'labelled'), eq(videos.sourceRoot, root)) : eq(videos.processingStatus, 'labelled');
    const labelled = await db.select().from(videos).where(where).orderBy(asc(videos.id));
    if (labelled.length === 0) throw new NotFound(root ? `No labelled videos to export in ${root}` : 'No labelled videos to export');
    const chosen = labelled.slice(0, exportCount(mode, labelled.length));

    const zip = new yazl.ZipFile();
    const entries: Array<{ id: number; filename: string; rel_path: string; file: string }> = [];
    for (const v of chosen) {
      const set = await buildAnnotationSet(db, v);
      const file = `videos/${v.id}_${safeName(v.filename)}.json`;
      const dto = toVideoDto(v);
      zip.addBuffer(Buffer.from(JSON.stringify({ video: dto, status: dto.processing_status, annotations: set })), file);
      entries.push({ id: v.id, filename: v.filename, rel_path: v.relPath, file });
    }
    const manifest = {
      format: 'vat-annotations', version: 1, kind: 'batch_export', mode, source_root: root,
      created_at: new Date().toISOString(), counts: { labelled: labelled.length, videos: entries.length }, videos: entries,
    };
    zip.addBuffer(Buffer.from(JSON.stringify(manifest, null, 2)), 'manifest.json');
    zip.end();
    const stamp = manifest.created_at.replace(/[:.]/g, '-');
    return reply.type('application/zip')
      .header('content-disposition', contentDisposition('attachment', `annotations_${mode}_${stamp}.zip`))
      .send(zip.outputStream);
  });
};
