// "Follow this person" as a job kind. The work is FollowJobs.follow (assist/follow-job.ts): a walk over
// the frames on the editor's warm pose worker, then every box in one transaction, its point of no return.
// Nothing is written before it, so a cancel, a failure or a server stop leaves the track as it was and
// there is nothing to put back. It runs in the server's process, with no queue: a restart ends a row left
// running failed (the generic sweep).
import type { FollowPlan } from './follow-walk';
import type { Identity } from '../../../domain/types';
import type { JobContext, JobDefinition, JobEnd } from '../job-definition';

export interface FollowRun {
  videoId: number;
  trackId: number;
  plan: FollowPlan;
  who: Identity;
  jobId: number;
}
export interface FollowWork {
  follow(ctx: JobContext<FollowWork>, run: FollowRun): Promise<JobEnd>;
}

export const followJob: JobDefinition<FollowRun, FollowWork> = {
  kind: 'follow',
  firstStage: 'starting the pose model',
  run: (ctx, run) => ctx.deps.follow(ctx, run),
  cancelled: async (_ctx, _run, by) => ({ message: `cancelled by ${by}; the track is unchanged` }),
  onStop: 'fail',
  stoppedMessage: 'the server stopped; the track is unchanged',
};
