// Start-up recovery of package imports a stopped process left unfinished. An interrupted import is ended,
// never resumed or replayed: the videos it did stay imported, the rest are left as they are now (a reviewer
// may have corrected them since), and the user imports the package again to finish. Ending one means: its
// row failed with the reason and the videos it did, its queue job cancelled (so pg-boss never retries it),
// its uploaded archive removed, and its progress row failed with the same reason (by the job runner, to
// which each ended import is answered). The boxes an interrupted import (a package's or a file's) was
// writing were never visible: with the embedded database its staging is abandoned and they are deleted
// in short batches (imports/insert-columns.ts); the live boxes were never touched.
import fs from 'node:fs/promises';
import type { Database } from '../../db/connect';
import { listLiveImportJobs, updateRunningImportJob, type ImportJobRow } from '../../repositories/package-import';
import { QUEUES, type JobQueue } from '../../queue';
import { readJob } from '../job-progress';
import type { Interrupted } from '../job-definition';
import type { ImportJobData, VideoResult } from './import-job-data';
import { recoverStagings } from '../imports/insert-columns';

export interface ImportRecoveryOptions {
  /** True with the embedded database: this is the only process, so every running import is dead. */
  singleProcess: boolean;
  /** With several processes, a running import is dead when its progress row has not moved for this long. */
  staleAfterMs?: number;
}

/** The reason an interrupted job's row and progress row show, naming the videos it imported before the stop. */
export function interruptedReason(job: ImportJobRow): string {
  if (job.status === 'queued')
    return 'Interrupted: the server stopped before this import started; nothing was imported. Import the package again.';
  if (job.dryRun) return 'Interrupted: the server stopped during this dry run; nothing was changed. Run it again.';
  const results = job.videoResults as VideoResult[];
  const total = Number((job.progress as Record<string, number>).videos_total ?? 0);
  const imported = results.filter((r) => r.outcome === 'imported').map((r) => r.rel_path);
  const done = imported.length
    ? `Imported before the stop: ${imported.join(', ')}.`
    : 'No video was imported before the stop.';
  return (
    `Interrupted: the server stopped after ${results.length} of ${total || '?'} videos. ${done} ` +
    'The other videos were not imported and this import will not run again; import the package again to finish it.'
  );
}

async function isDead(
  database: Database,
  job: ImportJobRow,
  liveQueueJob: boolean,
  o: ImportRecoveryOptions,
): Promise<boolean> {
  const staleBefore = Date.now() - (o.staleAfterMs ?? 120_000);
  if (job.status === 'queued') {
    // a queued real import lives as long as its queue job; a dry run runs inside its request
    if (!job.dryRun && liveQueueJob) return false;
    return o.singleProcess || job.startedAt.getTime() < staleBefore;
  }
  if (o.singleProcess) return true;
  const progress = job.progressId === null ? null : await readJob(database.db, job.progressId);
  if (!progress) return job.startedAt.getTime() < staleBefore;
  // the worker's reporter refreshes its progress row every few seconds while it lives
  return !['queued', 'running'].includes(progress.state) || progress.updatedAt.getTime() < staleBefore;
}

/** Ends every import a stopped process left queued without a queue job, or running; answers their progress rows. */
export async function recoverInterruptedImports(
  database: Database,
  queue: JobQueue | null,
  o: ImportRecoveryOptions,
): Promise<Interrupted[]> {
  await recoverStagings(database, o.singleProcess);
  const queueJobs = queue ? await queue.liveJobs<ImportJobData>(QUEUES.import) : [];
  const ended: Interrupted[] = [];
  for (const job of await listLiveImportJobs(database.db)) {
    const mine = queueJobs.filter((q) => q.data?.jobId === job.id);
    if (!(await isDead(database, job, mine.length > 0, o))) continue;
    const reason = interruptedReason(job);
    const stopped = await updateRunningImportJob(
      database.db,
      job.id,
      {
        status: 'failed',
        errors: [...(job.errors as string[]), reason],
        finishedAt: new Date(),
        archivePath: null,
      },
      [job.status],
    );
    if (!stopped) continue; // it moved on meanwhile (started or finished): alive after all
    if (mine.length)
      await queue!.boss.cancel(
        QUEUES.import,
        mine.map((q) => q.id),
      );
    if (job.archivePath) await fs.rm(job.archivePath, { force: true });
    ended.push({
      progressId: job.progressId,
      message: reason,
      result: { ...(job.progress as Record<string, number>) },
    });
  }
  return ended;
}
