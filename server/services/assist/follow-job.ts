// "Follow this person": POST /annotations/{id}/tracks/{trackId}/follow starts a long job (kind `follow`,
// one job_progress row) that walks the video from a box of the track, frame by frame, forward or backward,
// and runs the tracking engine's step (crop-follow.ts) on a crop around the previous frame's keypoints. It
// stops when the engine says the person is lost, before the track's next keyframe, at the video's end or
// after max_frames. It runs in this process (like scans and purges) on the editor's warm pose worker; the
// boxes are written in one transaction at the end (follow-write.ts), so a cancel, a failure or a server stop
// leaves the track exactly as it was, and a restart ends a row left running `failed` (the job runner's sweep).
import type { Db } from '../../db/connect';
import { Conflict, Unprocessable } from '../../domain-errors';
import { findLiveJob } from '../../repositories/job-progress';
import { listKeyframes, listTrackFrames } from '../../repositories/track-rows';
import { startJob } from '../job-progress';
import { runJob } from '../job-runner';
import { followJob, type FollowRun, type FollowWork } from './follow-kind';
import type { JobContext, JobEnd } from '../job-definition';
import { requireTrack } from '../annotation-edits/common';
import { checkFrame, checkTrackVersions } from '../annotation-edits/track-versions';
import type { Identity } from '../../../domain/types';
import type { AssistPool } from './assist-pool';
import { seekVideoOf } from './pose-assist';
import { walkFrames, type FollowPlan } from './follow-walk';
import { writeFollowedFrames } from './follow-write';

export interface FollowRequest {
  fromFrame: number;
  direction: 'forward' | 'backward';
  maxFrames: number;
  version: number | undefined;
}

export class FollowJobs implements FollowWork {
  private readonly running = new Map<number, { stop: AbortController; done: Promise<void> }>();

  constructor(
    private readonly db: Db,
    private readonly pool: AssistPool,
    private readonly ffmpegPath: string,
  ) {}

  /** Checks the request, starts the job row and the walk; answers the job id (the route's 202). */
  async start(videoId: number, trackId: number, r: FollowRequest, who: Identity): Promise<{ job_id: number }> {
    const video = await seekVideoOf(this.db, videoId);
    const plan = await this.db.transaction(async (tx) => {
      checkFrame(video, r.fromFrame, 'from_frame');
      await requireTrack(tx, videoId, trackId);
      const version = (await checkTrackVersions(tx, videoId, [[trackId, r.version]])).get(trackId)!.version;
      const [start] = await listTrackFrames(tx, videoId, trackId, r.fromFrame, r.fromFrame);
      if (!start || start.source === 'outside')
        throw new Unprocessable(`Track ${trackId} has no box at frame ${r.fromFrame} to follow the person from`);
      const forward = r.direction === 'forward';
      // the walk stops before the next keyframe (a box a person drew, or an outside keyframe) in its direction
      const keys = (await listKeyframes(tx, videoId, trackId))
        .map((k) => k.frame)
        .filter((f) => (forward ? f > r.fromFrame : f < r.fromFrame));
      const videoEnd = video.totalFrames > 0 ? video.totalFrames - 1 : Number.MAX_SAFE_INTEGER;
      const limit = forward
        ? Math.min(r.fromFrame + r.maxFrames, videoEnd, ...keys.map((k) => k - 1))
        : Math.max(r.fromFrame - r.maxFrames, 0, ...keys.map((k) => k + 1));
      const p: FollowPlan = {
        video,
        from: r.fromFrame,
        forward,
        last: limit,
        keyframeAt: keys.length ? (forward ? Math.min(...keys) : Math.max(...keys)) : null,
        maxFrames: r.maxFrames,
        start,
        version,
      };
      return p;
    });
    // one live follow per track (as every job kind keeps to one live row per subject): a second would only
    // find the track changed under it when it comes to write
    const subject = `track:${videoId}:${trackId}`;
    const live = await findLiveJob(this.db, 'follow', subject);
    if (live)
      throw new Conflict(
        `Track ${trackId} is already being followed (job ${live.id}, started by ${live.startedBy ?? 'someone'}); cancel it or wait for it to end.`,
      );
    const jobId = await startJob(this.db, {
      kind: 'follow',
      videoId,
      subject,
      startedBy: who.id,
      stage: 'starting the pose model',
      link: `/videos/${videoId}/annotate`,
      result: { track_id: trackId, from_frame: r.fromFrame, direction: r.direction, max_frames: r.maxFrames },
    });
    const stop = new AbortController();
    const done = this.run(jobId, videoId, trackId, plan, who, stop.signal).finally(() => this.running.delete(jobId));
    this.running.set(jobId, { stop, done });
    return { job_id: jobId };
  }

  private async run(
    jobId: number,
    videoId: number,
    trackId: number,
    plan: FollowPlan,
    who: Identity,
    shutdown: AbortSignal,
  ): Promise<void> {
    await runJob(followJob, {
      db: this.db,
      deps: this,
      progressId: jobId,
      data: { videoId, trackId, plan, who },
      stop: shutdown,
    });
  }

  /** The work of one follow: the walk, then the boxes in one transaction (its point of no return). */
  async follow(ctx: JobContext<FollowWork>, f: FollowRun): Promise<JobEnd> {
    const { videoId, trackId, plan, who } = f;
    const walk = await this.pool.use((pose) =>
      walkFrames(this.ffmpegPath, pose, plan, {
        signal: ctx.signal,
        onFrame: (done, total) => ctx.report(total ? (100 * done) / total : 100, 'following'),
      }),
    );
    await ctx.pointOfNoReturn();
    const n = walk.frames.length;
    const span = n
      ? `frames ${Math.min(...walk.frames.map((fr) => fr.frame))}–${Math.max(...walk.frames.map((fr) => fr.frame))}`
      : 'no frame';
    const written = n
      ? await writeFollowedFrames(this.db, {
          videoId,
          trackId,
          version: plan.version,
          frames: walk.frames,
          by: who.id,
          line: `track ${trackId}: followed ${plan.forward ? 'forward' : 'backward'} from frame ${plan.from} by the pose model, ${span} (${walk.stopped})`,
        })
      : null;
    return {
      result: { frames: n, stopped: walk.stopped, ...(written ?? {}) },
      message: n ? `${n} frame(s) followed; stopped: ${walk.stopped}` : `Nothing followed: ${walk.stopped}`,
    };
  }

  /** Stops every running walk (server shutdown) and waits for their rows to end. */
  async close(): Promise<void> {
    for (const r of this.running.values()) r.stop.abort();
    await Promise.all([...this.running.values()].map((r) => r.done.catch(() => {})));
  }
}
