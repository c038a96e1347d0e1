// Package import as a job kind. The work is importPackage (packages/import.ts, passed in by runImportJob): video by video, each in
// its own transaction, stopping between videos when cancelled (what was imported stays). It is never
// retried or replayed: a server stop lets the running video finish, and start-up recovery ends an import
// left queued or running (failed, with the videos it did; queue job cancelled; archive removed) so it never
// stays 'running' nor runs again over newer work. Nothing is undone before the start: a queued import
// has changed nothing yet.
import { updateRunningImportJob, type ImportJobRow } from '../../repositories/package-import';
import { recoverInterruptedImports } from './import-recovery';
import { QUEUE_SPECS } from '../../queue';
import type { JobContext, JobDefinition, JobEnd } from '../job-definition';

export interface ImportWork {
  run(ctx: JobContext<ImportWork>, job: ImportJobRow): Promise<JobEnd>;
}

export const importJob: JobDefinition<ImportJobRow, ImportWork> = {
  kind: 'import',
  // one import at a time per process (each video is its own transaction)
  queue: { ...QUEUE_SPECS.import, concurrency: () => 1 },
  firstStage: 'reading',
  run: (ctx, job) => ctx.deps.run(ctx, job),
  async failed(ctx, job, reason) {
    await updateRunningImportJob(ctx.db, job.id, {
      status: 'failed',
      errors: [reason],
      finishedAt: new Date(),
      archivePath: null,
    });
    return { link: '/admin/repository' };
  },
  onStop: 'fail',
  stoppedMessage: 'Interrupted: the server stopped during this import. Import the package again to finish it.',
  recover: (database, queue, o) => recoverInterruptedImports(database, queue, o),
};
