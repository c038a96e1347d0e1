// Batch export of labelled videos: first10 / first50 / first100 take the first n labelled videos by id;
// 0.8 and 1.0 take that fraction (rounded up) of them. The zip holds manifest.json and one JSON per video.
import yazl from 'yazl';
import type { Readable } from 'node:stream';
import type { Db } from '../db/connect';
import { NotFound } from '../domain-errors';
import { listLabelled } from '../repositories/videos';
import { buildAnnotationSet } from './annotation-set';
import { requireVisibleSource } from './sources';
import { hiddenSourceRoles } from './source-visibility';
import type { Identity } from '../../domain/types';
import { toVideoDto } from './video-dto';
import type { BatchExportMode } from '../../domain/constants';

/** How many of `total` labelled videos a mode exports. */
export function exportCount(mode: BatchExportMode, total: number): number {
  switch (mode) {
    case 'first10':
      return Math.min(10, total);
    case 'first50':
      return Math.min(50, total);
    case 'first100':
      return Math.min(100, total);
    case '0.8':
      return Math.ceil(total * 0.8);
    case '1.0':
      return total;
  }
}

const safeName = (s: string) => s.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 120);

/** The zip of the labelled videos the viewer may see (a guest too: single videos export without sign-in). */
export async function buildBatchExport(
  db: Db,
  viewer: Identity | null,
  mode: BatchExportMode,
  namedSource: string | null,
): Promise<{ zip: Readable; filename: string }> {
  const root = namedSource ? (await requireVisibleSource(db, namedSource, viewer)).root : null;
  const labelled = await listLabelled(db, root, hiddenSourceRoles(viewer));
  if (labelled.length === 0)
    throw new NotFound(root ? `No labelled videos to export in ${root}` : 'No labelled videos to export');
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
    format: 'vat-annotations',
    version: 1,
    kind: 'batch_export',
    mode,
    source_root: root,
    created_at: new Date().toISOString(),
    counts: { labelled: labelled.length, videos: entries.length },
    videos: entries,
  };
  zip.addBuffer(Buffer.from(JSON.stringify(manifest, null, 2)), 'manifest.json');
  zip.end();
  const stamp = manifest.created_at.replace(/[:.]/g, '-');
  return { zip: zip.outputStream as Readable, filename: `annotations_${mode}_${stamp}.zip` };
}
