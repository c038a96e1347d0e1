// Purge: removes videos marked deleted for good, their rows with annotations, and, for a video a person
// deleted, its file. A file is deleted only when all of these hold, else it is left in place and the row
// alone is removed:
//  - a person deleted the video (one whose file a scan found missing keeps its file: the folder may only
//    have been unreachable or moved, and the file may still be the user's);
//  - its real path lies inside the real path of its source root (a symlink is removed as a link, never followed);
//  - it is the file that was ingested: same device, inode, size and mtime as recorded. Rows stored before
//    identities were recorded have none, so their files are never deleted.
// A missing video whose file is on disk again is not purged at all: the next scan of its source restores it.
import fs from 'node:fs/promises';
import type { Db } from '../../db/connect';
import { NotFound } from '../../domain-errors';
import { finishIngestJob, startIngestJob } from '../../repositories/ingest';
import { deleteDeletedVideos, listDeletedVideos } from '../../repositories/purge';
import { findSource } from '../../repositories/sources';
import { checkClientPath } from './safe-path';
import type { Identity } from '../../../domain/types';
import type { Role } from '../../../domain/constants';
import { atLeast } from '../../../domain/roles';
import { hiddenSourceRoles, isSourceHidden } from '../source-visibility';
import { startJob } from '../job-progress';
import { runJob } from '../job-runner';
import { purgeJob } from './purge-kind';
import type { JobContext, JobEnd } from '../job-definition';
import { readFileIdentity, realFileInRoot, sameFile } from '../video-file';

export interface PurgeInput {
  dry_run: boolean;
  source_root?: string;
  limit?: number;
}
export interface PurgeResult {
  dry_run: boolean;
  attempted: number;
  db_deleted: number;
  files_deleted: number;
  files_missing: number;
  /** The files deleted (or, in a dry run, that would be), and the videos whose row alone goes; at most LIST_CAP each. */
  files_to_delete: string[];
  rows_only: string[];
  errors: string[];
  warnings: string[];
  job_id: number | null;
}

/** The longest path list an answer carries (the counts are always complete). */
const LIST_CAP = 500;

type Candidate = Awaited<ReturnType<typeof listDeletedVideos>>[number];
/** What purge does with one video: delete its file and row, remove only its row (and why), or keep it. */
type Fate = { act: 'file' } | { act: 'row'; missing?: boolean; warning?: string } | { act: 'keep'; warning: string };

async function fateOf(v: Candidate): Promise<Fate> {
  const where = await realFileInRoot(v.path, v.sourceRoot);
  const present = await fs.lstat(v.path).then(
    () => true,
    () => false,
  );
  if (v.deletedReason !== 'person') {
    if ('real' in where)
      return {
        act: 'keep',
        warning: `${v.path} is on disk again: it was not purged, the next scan of its source restores it`,
      };
    return { act: 'row', missing: !present };
  }
  if (!present) return { act: 'row', missing: true };
  if ('outside' in where)
    return { act: 'row', warning: `${v.path} is outside its source root ${v.sourceRoot}: the file was left in place` };
  if (v.fileIno === null)
    return {
      act: 'row',
      warning: `${v.path} has no recorded file identity (stored before identities were recorded): the file was left in place`,
    };
  const now = await readFileIdentity(v.path);
  if (!now || !sameFile(v, now))
    return {
      act: 'row',
      warning: `${v.path} is not the file that was ingested (another file is at its path now): the file was left in place`,
    };
  return { act: 'file' };
}

const errors = (r: PurgeResult) => r.errors.length > 0;
const listed = (list: string[], p: string) => {
  if (list.length < LIST_CAP) list.push(p);
};

export async function purgeDeleted(db: Db, who: Identity, input: PurgeInput): Promise<PurgeResult> {
  let sourceRoot: string | undefined;
  if (input.source_root) {
    sourceRoot = checkClientPath(input.source_root, 'source_root');
    const src = await findSource(db, sourceRoot);
    if (!src || isSourceHidden(src.role, who)) throw new NotFound(`Unknown source: ${sourceRoot}`);
  }
  // a source limited to a role above the caller's is left alone, as if it were not there
  const candidates = await listDeletedVideos(db, sourceRoot, input.limit, hiddenSourceRoles(who));
  const run: PurgeRun = { input, sourceRoot, candidates, ingestJobId: null };
  // A dry run only looks: it writes no job row either, so the database is exactly as it was.
  if (input.dry_run) return (await purgeCandidates(db, null, run)).value as PurgeResult;
  // the job row names the files it purged: it is limited to the highest role among their sources
  const role = candidates.reduce<string | null>(
    (top, c) => (c.sourceRole && !atLeast(top, c.sourceRole as Role) ? c.sourceRole : top),
    null,
  );
  run.ingestJobId = await startIngestJob(
    db,
    'purge',
    who.id,
    { source_root: sourceRoot ?? null, attempted: candidates.length },
    role,
  );
  const progressId = await startJob(db, {
    kind: 'purge',
    sourceRoot: sourceRoot ?? null,
    subject: `purge:${sourceRoot ?? 'all'}`,
    startedBy: who.id,
    stage: 'deleting files',
    link: '/admin/repository',
    result: { ingest_job_id: run.ingestJobId },
  });
  const end = await runJob(purgeJob, {
    db,
    deps: { run: (ctx) => purgeCandidates(db, ctx, run) },
    progressId,
    data: null,
  });
  if (end.error) throw end.error;
  return end.value as PurgeResult;
}

/** One purge's inputs: the candidates listed by the request, and its ingest_jobs row (none for a dry run). */
export interface PurgeRun {
  input: PurgeInput;
  sourceRoot: string | undefined;
  candidates: Candidate[];
  ingestJobId: number | null;
}

/**
 * The work of a purge. A real run reports per file and stops between files when cancelled (files already
 * deleted stay deleted); its ingest_jobs row ends here.
 */
export async function purgeCandidates(db: Db, ctx: JobContext | null, run: PurgeRun): Promise<JobEnd> {
  const { input, sourceRoot, candidates } = run;
  const r: PurgeResult = {
    dry_run: input.dry_run,
    attempted: candidates.length,
    db_deleted: 0,
    files_deleted: 0,
    files_missing: 0,
    files_to_delete: [],
    rows_only: [],
    errors: [],
    warnings: [],
    job_id: null,
  };
  const purgedIds: number[] = [];
  let seen = 0;
  for (const v of candidates) {
    const by = ctx?.cancelledBy();
    if (by) {
      r.errors.push(`cancelled by ${by} after ${seen} of ${candidates.length} videos`);
      break;
    }
    ctx?.report((95 * seen++) / Math.max(1, candidates.length), 'deleting files');
    const fate = await fateOf(v);
    if (fate.act !== 'file' && fate.warning) r.warnings.push(fate.warning);
    if (fate.act === 'keep') continue;
    if (fate.act === 'row') {
      if (fate.missing) r.files_missing++;
      listed(r.rows_only, v.path);
    } else {
      if (!input.dry_run) {
        const failed = await fs.unlink(v.path).then(
          () => null,
          (e: Error) => e.message,
        );
        if (failed) {
          r.errors.push(`${v.path}: ${failed}`);
          continue;
        }
      }
      r.files_deleted++;
      listed(r.files_to_delete, v.path);
    }
    purgedIds.push(v.id);
  }
  r.db_deleted = input.dry_run ? purgedIds.length : await deleteDeletedVideos(db, purgedIds);
  if (run.ingestJobId !== null) {
    const { dry_run: _d, errors, job_id: _j, files_to_delete: _f, rows_only: _r, ...summary } = r;
    await finishIngestJob(
      db,
      run.ingestJobId,
      errors.length ? 'failed' : 'success',
      { source_root: sourceRoot ?? null, ...summary },
      errors,
    );
    r.job_id = run.ingestJobId;
  }
  const { dry_run: _d, files_to_delete: _f, rows_only: _r, ...result } = r;
  const by = ctx?.cancelledBy();
  return {
    state: by ? 'cancelled' : errors(r) ? 'failed' : 'done',
    result,
    // the activity list shows this to every signed-in user: a count, never a file path (Job History has them)
    message: by
      ? `cancelled by ${by}`
      : errors(r)
        ? `${r.errors.length} file${r.errors.length === 1 ? '' : 's'} could not be deleted: see Job History`
        : null,
    value: r,
  };
}
