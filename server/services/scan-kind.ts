// Scan and re-ingest of a source folder as job kinds (one definition, two names: a scan comes from the
// watcher or the first start, a re-ingest from an administrator). The work is scanSource (ingest.ts, passed in by runIngest),
// which runs in the process that was asked and records its own ingest_jobs row. A cancel stops it at the
// next file; what it added or updated stays (each file is its own write), so nothing is undone. It has
// no queue: a restart ends a row left running failed (the generic sweep), and the next scan starts over.
import type { JobContext, JobDefinition, JobEnd } from './job-definition';

/** A scan whose rows exist: Job History and the activity indicator list it from here on. */
export interface StartedIngest {
  root: string;
  by: string | null;
  jobId: number;
  progressId: number;
}
export interface ScanWork {
  run(ctx: JobContext<ScanWork>, job: StartedIngest): Promise<JobEnd>;
}

const definition = (kind: 'scan' | 'reingest'): JobDefinition<StartedIngest, ScanWork> => ({
  kind,
  firstStage: 'listing',
  run: (ctx, job) => ctx.deps.run(ctx, job),
  onStop: 'fail',
  stoppedMessage: 'interrupted: the server stopped during this scan; scan again',
});

export const scanJob = definition('scan');
export const reingestJob = definition('reingest');
export const ingestJob = (kind: 'scan' | 'reingest') => (kind === 'scan' ? scanJob : reingestJob);
