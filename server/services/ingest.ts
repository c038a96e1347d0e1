// Ingestion: scan a source root for video files, upsert rows by path, optionally mark missing files
// deleted (reason `missing`: purge then removes only the row). A file is added only when its real path
// lies inside the source root and ffprobe can read it; anything else is listed in the job's errors.
// Each row records the file's identity (device, inode, size, mtime) so purge can tell it is the same
// file. Every scan/reingest writes an `ingest_jobs` row with summary counts and errors, and a
// job_progress row (listing → probing → marking missing, percent over the files to probe, cancellable
// between files: what was scanned before the cancel stays).
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../db/connect';
import {
  finishIngestJob,
  insertScannedVideo,
  listVideosOfRoot,
  markMissingDeleted,
  restoreScannedVideo,
  recordFileIdentity,
  startIngestJob,
  updateIngestJobSummary,
  updateScannedVideo,
} from '../repositories/ingest';
import { insertSourceIfAbsent } from '../repositories/sources';
import type { MediaService } from '../media/media-service';
import { identityOf, realFileInRoot, sameFile, type FileIdentity } from './video-file';
import { startJob } from './job-progress';
import { runJob } from './job-runner';
import { ingestJob, type StartedIngest } from './scan-kind';
import type { JobContext, JobEnd } from './job-definition';

export const VIDEO_EXTENSIONS = new Set(['.mp4', '.mov', '.avi', '.mkv', '.webm', '.m4v']);

/** How many files a scan handles between two progress writes. */
const PROGRESS_EVERY = 200;

export interface IngestResult {
  added: number;
  updated: number;
  removed: number;
  restored: number;
  unchanged: number;
  errors: string[];
  job_id: number;
}

/** Normalises a root path for storage and comparison (absolute, no trailing separator). */
export function normaliseRoot(root: string): string {
  const abs = path.resolve(root.trim());
  return abs.length > 1 ? abs.replace(/[\\/]+$/, '') : abs;
}

async function* walk(dir: string): AsyncGenerator<string> {
  let entries: import('node:fs').Dirent[];
  try {
    entries = await fs.readdir(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries) {
    if (e.name.startsWith('.')) continue;
    const full = path.join(dir, e.name);
    if (e.isDirectory()) yield* walk(full);
    else if (!VIDEO_EXTENSIONS.has(path.extname(e.name).toLowerCase())) continue;
    // Symlinked files count (media libraries often link) when they stay inside the source, which the
    // caller checks; symlinked folders are not followed (no loops).
    else if (e.isFile() || (e.isSymbolicLink() && (await fs.stat(full).catch(() => null))?.isFile())) yield full;
  }
}

/** Runs fn over items with at most `limit` in flight. */
export async function mapLimit<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await fn(items[next++]);
    }),
  );
}

export interface IngestOptions {
  deleteMissing?: boolean;
  jobType?: 'scan' | 'reingest';
  initiatedBy?: string | null;
  parallelism?: number;
}

export type { StartedIngest };

/** Writes the job's rows before any work, so a caller that answers at once can already show the job. */
export async function beginIngest(db: Db, rootIn: string, opts: IngestOptions = {}): Promise<StartedIngest> {
  const root = normaliseRoot(rootIn);
  const by = opts.initiatedBy ?? null;
  const jobId = await startIngestJob(db, opts.jobType ?? 'reingest', by, { root });
  const progressId = await startJob(db, {
    kind: opts.jobType ?? 'reingest',
    sourceRoot: root,
    startedBy: by,
    stage: 'listing',
    link: '/admin/repository',
    result: { ingest_job_id: jobId },
  });
  return { root, by, jobId, progressId };
}

export async function ingestSource(
  db: Db,
  media: MediaService,
  rootIn: string,
  opts: IngestOptions = {},
): Promise<IngestResult> {
  return runIngest(db, media, await beginIngest(db, rootIn, opts), opts);
}

/** Does the scan of a begun job through the job runner, which ends its progress row; throws what failed it. */
export async function runIngest(
  db: Db,
  media: MediaService,
  job: StartedIngest,
  opts: IngestOptions = {},
): Promise<IngestResult> {
  const end = await runJob(ingestJob(opts.jobType ?? 'reingest'), {
    db,
    deps: { run: (ctx, j) => scanSource(ctx, media, j, opts) },
    progressId: job.progressId,
    data: job,
  });
  if (end.state === 'skipped') throw new Error(`the ${opts.jobType ?? 'reingest'} job ${job.jobId} had already ended`);
  if (end.error) throw end.error;
  return end.value as IngestResult;
}

/** The work of a scan: list, probe, mark missing; its ingest_jobs row ends here, success or failed. */
export async function scanSource(
  ctx: JobContext,
  media: MediaService,
  job: StartedIngest,
  opts: IngestOptions,
): Promise<JobEnd> {
  const { db } = ctx;
  const { root, by, jobId } = job;
  const errors: string[] = [];
  let added = 0,
    updated = 0,
    removed = 0,
    restored = 0,
    unchanged = 0;
  try {
    const stat = await fs.stat(root).catch(() => null);
    if (!stat?.isDirectory()) throw new Error(`source folder is not reachable: ${root}`);
    const found = new Map<string, FileIdentity>();
    // A long scan reports how far it got in its job's summary, so Job History shows it moving.
    const progress = (phase: string, extra: object = {}) =>
      updateIngestJobSummary(db, jobId, { root, phase, found: found.size, added, updated, restored, ...extra });
    let listed = 0;
    for await (const file of walk(root)) {
      const where = await realFileInRoot(file, root);
      if ('outside' in where) errors.push(`${file}: links to ${where.outside}, outside the source folder; not added`);
      const s = 'real' in where ? await fs.stat(where.real, { bigint: true }).catch(() => null) : null;
      if (s) found.set(file, identityOf(s));
      if (++listed % PROGRESS_EVERY === 0) {
        await progress('listing');
        ctx.throwIfStopped();
      }
    }
    const existing = await listVideosOfRoot(db, root);
    const byPath = new Map(existing.map((r) => [r.path, r]));
    const toProbe: Array<[string, FileIdentity]> = [];
    for (const [p, f] of found) {
      const row = byPath.get(p);
      // A video a person deleted stays deleted, file or not: only purge ends it.
      if (row?.status === 'deleted' && row.deletedReason === 'person') continue;
      if (!row || row.status === 'deleted') {
        toProbe.push([p, f]);
        continue;
      }
      if (row.fileIno === null && row.sizeBytes === f.sizeBytes && Math.floor(row.mtime) === f.mtime) {
        // stored before identities were recorded, and unchanged since: record it now
        await recordFileIdentity(db, row.id, f);
      } else if (!sameFile(row, f)) {
        toProbe.push([p, f]);
        continue;
      }
      unchanged++;
    }
    let probed = 0;
    ctx.report(5, 'probing');
    await mapLimit(toProbe, opts.parallelism ?? 4, async ([file, f]) => {
      ctx.throwIfStopped();
      if (++probed % PROGRESS_EVERY === 0) await progress('probing', { probed, to_probe: toProbe.length });
      ctx.report(5 + (90 * probed) / toProbe.length, 'probing');
      const row = byPath.get(file);
      let meta: Awaited<ReturnType<MediaService['probe']>>;
      // A file ffprobe cannot read is no video: listed as an error, never added, updated or restored.
      try {
        meta = await media.probe(file);
      } catch (e) {
        errors.push(`${file}: not a readable video, not added (${(e as Error).message})`);
        return;
      }
      const values = {
        filename: path.basename(file),
        path: file,
        relPath: path.relative(root, file),
        sourceRoot: root,
        ...f,
        duration: meta.duration,
        width: meta.width,
        height: meta.height,
        fps: meta.fps,
        fpsNum: meta.fpsNum,
        fpsDen: meta.fpsDen,
        totalFrames: meta.totalFrames,
        codec: meta.codec,
      };
      if (!row) {
        await insertScannedVideo(db, values);
        added++;
      } else if (row.status === 'deleted') {
        // The file came back: restore what it was before it went missing.
        const back = row.prev && row.prev !== 'deleted' ? row.prev : 'pending';
        await restoreScannedVideo(db, row.id, values, back, by);
        restored++;
      } else {
        await updateScannedVideo(db, row.id, values);
        updated++;
      }
    });
    if (opts.deleteMissing) {
      ctx.throwIfStopped();
      ctx.report(95, 'marking missing files');
      const missing = existing.filter((r) => !found.has(r.path) && r.status !== 'deleted');
      for (let i = 0; i < missing.length; i += 500) {
        const chunk = missing.slice(i, i + 500);
        await markMissingDeleted(db, chunk, by);
        removed += chunk.length;
      }
    }
    const summary = { root, found: found.size, added, updated, removed, restored, unchanged };
    await finishIngestJob(db, jobId, 'success', summary, errors);
    return {
      result: summary,
      value: { added, updated, removed, restored, unchanged, errors, job_id: jobId } satisfies IngestResult,
    };
  } catch (e) {
    errors.push((e as Error).message);
    await finishIngestJob(db, jobId, 'failed', { root, added, updated, removed }, errors);
    throw e;
  }
}

export async function ensureSource(db: Db, root: string, label: string): Promise<void> {
  await insertSourceIfAbsent(db, normaliseRoot(root), label);
}
