// Import of an annotation package. The request saves the upload, checks the whole archive (safety, manifest,
// every video file) and answers a job; the queue's worker then applies it video by video, each in its own
// transaction, so one failure leaves the others done and is listed in the job's errors. A dry run goes
// through the same steps with the writes left out, inline, and answers the finished job.
// An import runs at most once: the queue job has no retries, and a worker only takes a job that is still
// queued (an interrupted one is ended by start-up recovery, import-recovery.ts, never replayed). Each target
// video's annotation version is noted when the job is created; a video edited since is skipped, not overwritten.
// Each video file is parsed and checked by the import's parser (a worker thread for a large one), so the
// server keeps answering while a 200,000-row package is read, checked or dry-run.
import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/connect';
import { Invalid, NotFound, Unavailable } from '../../domain-errors';
import {
  claimImportJob,
  findImportJob,
  findLiveVideoByPath,
  insertImportJob,
  recordImportVideo,
  updateImportJob,
  updateRunningImportJob,
  type ImportJobRow,
} from '../../repositories/package-import';
import { QUEUES, type JobQueue } from '../../queue';
import type { Identity } from '../../../domain/types';
import { checkClientPath } from '../storage/safe-path';
import { touchesHiddenSource } from '../sources';
import { decideVideo, type ImportMode, type ImportSettings } from './import-plan';
import { PackageError, PackageReader } from './package-reader';
import type { CheckedPackageVideo } from './package-video-check';
import { CheckerStopped, ImportParser } from '../imports/import-parser';
import type { ImportJobData, ImportRunOptions, VideoResult } from './import-job-data';
import { startJob } from '../job-progress';
import { runJob } from '../job-runner';
import { importJob } from './import-kind';
import type { JobContext, JobEnd, JobWorker, WorkerDeps } from '../job-definition';
import { importJobDto } from './import-job-dto';
import { writeVideo, type BaseVersions } from './import-video';

export interface ImportConfig {
  source_root: string;
  target_root: string;
  mode: ImportMode;
  validate_files: boolean;
  dry_run: boolean;
}
export type { ImportJobData };
export type { ImportRunOptions };

/** The database's own words for a failed statement (drizzle wraps them in the query text). */
const reason = (e: unknown) => (e as { cause?: Error }).cause?.message ?? (e as Error).message;
const targetPath = (targetRoot: string, relPath: string) => path.join(targetRoot, ...relPath.split('/'));

/** Where an upload is kept until its job ends. */
export async function importArchivePath(tempRoot: string): Promise<string> {
  const dir = path.join(tempRoot, 'imports');
  await fs.mkdir(dir, { recursive: true });
  return path.join(dir, `${randomUUID()}.zip`);
}

/** Checks the saved upload and creates its job: queued for a real run, finished at once for a dry run. */
export async function startPackageImport(
  database: Database,
  queue: JobQueue | undefined,
  who: Identity,
  upload: { path: string; bytes: number },
  cfg: ImportConfig,
) {
  try {
    const sourceRoot = checkClientPath(cfg.source_root, 'source_root');
    const targetRoot = checkClientPath(cfg.target_root, 'target_root');
    if (await touchesHiddenSource(database.db, targetRoot, who)) throw new NotFound(`Unknown source: ${targetRoot}`);
    if (!cfg.dry_run && !queue) throw new Unavailable('The job queue is not running');
    let reader: PackageReader | null = null;
    const parser = new ImportParser();
    const baseVersions: BaseVersions = {};
    try {
      reader = await PackageReader.open(upload.path, upload.bytes);
      const from = reader.manifest.source_root.replace(/[\\/]+$/, '');
      if (from !== sourceRoot)
        throw new Invalid(`The package was exported from ${reader.manifest.source_root}, not from ${sourceRoot}`);
      for (const f of reader.manifest.files) {
        const { video: pkg } = await reader.readVideo(f, parser);
        const target = await findLiveVideoByPath(database.db, targetPath(targetRoot, pkg.rel_path));
        if (target) baseVersions[pkg.rel_path] = { video_id: target.id, version: target.annotationVersion };
      }
    } catch (e) {
      if (e instanceof PackageError || e instanceof CheckerStopped) throw new Invalid(e.message);
      throw e;
    } finally {
      reader?.close();
      await parser.close();
    }
    const job = await insertImportJob(database.db, {
      status: 'queued',
      sourceRoot,
      targetRoot,
      mode: cfg.mode,
      dryRun: cfg.dry_run,
      validateFiles: cfg.validate_files,
      archivePath: upload.path,
      archiveBytes: upload.bytes,
      initiatedBy: who.id,
      baseVersions,
    });
    if (cfg.dry_run) await runImportJob(database, job.id);
    // no retries: a retry would replay the package over whatever was edited since (see runImportJob)
    else await queue!.send(QUEUES.import, { jobId: job.id } satisfies ImportJobData, { retryLimit: 0 });
    return importJobDto((await findImportJob(database.db, job.id))!);
  } catch (e) {
    await fs.rm(upload.path, { force: true });
    throw e;
  }
}

/** An import job, unless it went into a source hidden from the viewer (its answer names that source's files). */
export async function requireImportJob(database: Database, id: number, viewer: Identity) {
  const job = await findImportJob(database.db, id);
  if (!job || (await touchesHiddenSource(database.db, job.targetRoot, viewer)))
    throw new NotFound(`Unknown import job: ${id}`);
  return importJobDto(job);
}

/**
 * Runs a queued job to its end (the queue's handler, and inline for dry runs). Never throws: failures are
 * recorded. False, touching nothing, when the job is not queued: it already ran, or was interrupted.
 */
export async function runImportJob(database: Database, jobId: number, opts: ImportRunOptions = {}): Promise<boolean> {
  const job = await findImportJob(database.db, jobId);
  if (!job || job.status !== 'queued') return false;
  // A real run shows in the shared progress model (activity panel); it can be cancelled between videos,
  // each of which is its own transaction, so what was imported stays. Claimed with its progress row in one
  // transaction, so a running job always has the row start-up recovery judges its liveness by.
  const progressId = await database.db.transaction(async (tx) => {
    if (!(await claimImportJob(tx, jobId))) return undefined;
    if (job.dryRun) return null;
    const id = await startJob(tx, {
      kind: 'import',
      sourceRoot: job.targetRoot,
      startedBy: job.initiatedBy,
      link: '/admin/repository',
      stage: 'reading',
    });
    await updateImportJob(tx, jobId, { progressId: id });
    return id;
  });
  if (progressId === undefined) return false;
  // a dry run has no progress row: it runs inside its request
  if (progressId === null) await importPackage(database, job, null, opts);
  else
    await runJob(importJob, {
      db: database.db,
      deps: { run: (ctx, j) => importPackage(database, j, ctx, opts) },
      progressId,
      data: job,
    });
  return true;
}

/** The work of one import: every video of the package, then the job's own row; how it ended, for the progress row. */
export async function importPackage(
  database: Database,
  job: ImportJobRow,
  ctx: JobContext | null,
  opts: ImportRunOptions,
): Promise<JobEnd> {
  const jobId = job.id;
  const settings: ImportSettings = {
    targetRoot: job.targetRoot,
    mode: job.mode as ImportMode,
    validateFiles: job.validateFiles,
  };
  const progress = { videos_imported: 0, videos_skipped: 0, videos_failed: 0, videos_total: 0 };
  const summary = {
    persons_imported: 0,
    actions_imported: 0,
    detections_imported: 0,
    relationships_imported: 0,
    history_imported: 0,
  };
  const warnings: string[] = [];
  const errors: string[] = [];
  const results: VideoResult[] = [];
  let reader: PackageReader | null = null;
  const parser = new ImportParser();
  try {
    if (!job.archivePath) throw new Error('The uploaded archive is gone');
    reader = await PackageReader.open(job.archivePath, job.archiveBytes);
    progress.videos_total = reader.manifest.files.length;
    for (const [i, f] of reader.manifest.files.entries()) {
      if (ctx?.cancelledBy()) {
        warnings.push(`Cancelled by ${ctx.cancelledBy()}: ${progress.videos_total - i} video(s) were not imported`);
        break;
      }
      ctx?.report((100 * i) / Math.max(1, progress.videos_total), 'importing');
      let checked: CheckedPackageVideo | null = null;
      try {
        // a dry run needs the checks and the counts, not the rows
        checked = await reader.readVideo(f, parser, !job.dryRun);
        const pkg = checked.video;
        const outcome = job.dryRun
          ? await decideVideo(database.db, checked, settings)
          : await writeVideo(database, job, checked, settings);
        if (outcome.action === 'skip') {
          progress.videos_skipped++;
          warnings.push(outcome.warning);
          results.push({
            rel_path: pkg.rel_path,
            outcome: 'skipped',
            detail: outcome.warning.slice(pkg.rel_path.length + 2),
          });
        } else {
          progress.videos_imported++;
          results.push({ rel_path: pkg.rel_path, outcome: 'imported', detail: null });
          summary.persons_imported += checked.trackCount;
          summary.actions_imported += pkg.action_segments.length;
          summary.detections_imported += checked.rowCount;
          summary.relationships_imported += pkg.relationships.length;
          summary.history_imported += pkg.status_history.length;
        }
      } catch (e) {
        progress.videos_failed++;
        const relPath = checked?.video.rel_path ?? f.rel_path;
        errors.push(`${relPath}: ${reason(e)}`);
        results.push({ rel_path: relPath, outcome: 'failed', detail: reason(e) });
      }
      // not running any more: start-up recovery of another process judged it dead and ended it
      if (!(await recordImportVideo(database.db, jobId, progress, results[results.length - 1]))) break;
      await opts.afterVideo?.(results.length);
    }
  } catch (e) {
    errors.push(reason(e));
  } finally {
    reader?.close();
    await parser.close();
  }
  const failedAll = errors.length > 0 && progress.videos_imported === 0 && progress.videos_skipped === 0;
  if (job.archivePath) await fs.rm(job.archivePath, { force: true });
  await updateRunningImportJob(database.db, jobId, {
    status: failedAll ? 'failed' : errors.length ? 'completed_with_errors' : 'completed',
    progress,
    summary,
    warnings,
    errors,
    videoResults: results,
    finishedAt: new Date(),
    archivePath: null,
  });
  const cancelledBy = ctx?.cancelledBy();
  return {
    state: cancelledBy ? 'cancelled' : failedAll ? 'failed' : 'done',
    link: '/admin/repository',
    result: { ...progress, ...summary },
    message: errors[0] ?? null,
  };
}

/**
 * The import queue's worker. A job that is not queued any more (interrupted, then ended at start-up) is
 * never run again, whatever the queue hands over.
 */
export function importWorker(deps: WorkerDeps): JobWorker<ImportJobData> {
  const stallAfter = deps.config.testImportStallAfter;
  const afterVideo = stallAfter
    ? async (done: number) => {
        if (done >= stallAfter) await new Promise(() => {});
      }
    : undefined;
  return {
    handle: async (data) => {
      if (!(await runImportJob(deps.database, data.jobId, { afterVideo })))
        deps.log.warn(`package import ${data.jobId} is not queued (it ended or was interrupted): not run again`);
    },
    stop: async () => {},
  };
}
