// Purge (videos marked deleted removed for good) as a job kind. The work is purgeCandidates
// (purge.ts, passed in by purgeDeleted), run inside the administrator's request. A cancel stops it between files: every
// file deleted so far stays deleted (there is no undo for a deleted file), and the rows of the videos
// handled so far go. It has no queue: a restart ends a row left running failed (the generic sweep).
import type { JobContext, JobDefinition, JobEnd } from '../job-definition';

/** The purge of the videos its request listed (the list rides in the closure). */
export interface PurgeWork {
  run(ctx: JobContext<PurgeWork>): Promise<JobEnd>;
}

export const purgeJob: JobDefinition<null, PurgeWork> = {
  kind: 'purge',
  firstStage: 'deleting files',
  run: (ctx) => ctx.deps.run(ctx),
  onStop: 'fail',
  stoppedMessage: 'interrupted: the server stopped during this purge; purge again',
};
