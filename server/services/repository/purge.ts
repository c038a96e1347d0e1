// Purge: removes videos marked deleted for good, their rows with annotations and their files. A file is
// only ever deleted inside its source root: the folder it sits in is resolved with realpath and must lie
// inside the root's real path, and a symlink is removed as a link (lstat/unlink), never followed.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../../db/connect';
import { NotFound } from '../../domain-errors';
import { finishIngestJob, startIngestJob } from '../../repositories/ingest';
import { deleteDeletedVideos, listDeletedVideos } from '../../repositories/purge';
import { findSource } from '../../repositories/sources';
import { checkClientPath, isWithin, realOrSame } from './safe-path';
import type { Identity } from '../../../domain/types';
import { finishJob, ProgressReporter, startJob } from '../job-progress';

export interface PurgeInput { dry_run: boolean; source_root?: string; limit?: number }
export interface PurgeResult {
  dry_run: boolean; attempted: number; db_deleted: number; files_deleted: number; files_missing: number;
  errors: string[]; warnings: string[]; job_id: number | null;
}

type FileFate = 'delete' | 'missing' | 'outside';

async function fateOf(file: string, root: string): Promise<FileFate> {
  const st = await fs.lstat(file).catch(() => null);
  if (!st) return 'missing';
  const folder = await realOrSame(path.dirname(file));
  return isWithin(await realOrSame(root), folder) ? 'delete' : 'outside';
}

const errors = (r: PurgeResult) => r.errors.length > 0;

export async function purgeDeleted(db: Db, who: Identity, input: PurgeInput): Promise<PurgeResult> {
  let sourceRoot: string | undefined;
  if (input.source_root) {
    sourceRoot = checkClientPath(input.source_root, 'source_root');
    if (!await findSource(db, sourceRoot)) throw new NotFound(`Unknown source: ${sourceRoot}`);
  }
  const candidates = await listDeletedVideos(db, sourceRoot, input.limit);
  const r: PurgeResult = { dry_run: input.dry_run, attempted: candidates.length, db_deleted: 0, files_deleted: 0, files_missing: 0, errors: [], warnings: [], job_id: null };
  // A dry run only looks: it writes no job row either, so the database is exactly as it was.
  const jobId = input.dry_run ? null : await startIngestJob(db, 'purge', who.id, { source_root: sourceRoot ?? null, attempted: r.attempted });
  const purgedIds: number[] = [];
  // a real run reports per file and stops between files when cancelled (files already deleted stay deleted)
  const tracker = jobId === null ? null
    : new ProgressReporter(db, await startJob(db, { kind: 'purge', sourceRoot: sourceRoot ?? null, subject: `purge:${sourceRoot ?? 'all'}`, startedBy: who.id, stage: 'deleting files', link: '/admin/repository', result: { ingest_job_id: jobId } }));
  let seen = 0;
  for (const v of candidates) {
    if (tracker?.cancelledBy) { r.errors.push(`cancelled by ${tracker.cancelledBy} after ${seen} of ${candidates.length} videos`); break; }
    tracker?.report((95 * seen++) / Math.max(1, candidates.length), 'deleting files');
    const fate = await fateOf(v.path, v.sourceRoot);
    if (fate === 'missing') r.files_missing++;
    if (fate === 'outside') r.warnings.push(`${v.path} is outside its source root ${v.sourceRoot}: the file was left in place`);
    if (fate === 'delete') {
      if (!input.dry_run) {
        const failed = await fs.unlink(v.path).then(() => null, (e: Error) => e.message);
        if (failed) { r.errors.push(`${v.path}: ${failed}`); continue; }
      }
      r.files_deleted++;
    }
    purgedIds.push(v.id);
  }
  r.db_deleted = input.dry_run ? purgedIds.length : await deleteDeletedVideos(db, purgedIds);
  if (jobId !== null) {
    const { dry_run: _d, errors, job_id: _j, ...summary } = r;
    await finishIngestJob(db, jobId, errors.length ? 'failed' : 'success', { source_root: sourceRoot ?? null, ...summary }, errors);
    r.job_id = jobId;
  }
  if (tracker) {
    await tracker.close();
    const { dry_run: _d, ...result } = r;
    await finishJob(db, tracker.id, tracker.cancelledBy ? 'cancelled' : errors(r) ? 'failed' : 'done', { result, message: tracker.cancelledBy ? `cancelled by ${tracker.cancelledBy}` : r.errors[0] ?? null });
  }
  return r;
}
