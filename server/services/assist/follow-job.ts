// "Follow this person": POST /annotations/{id}/tracks/{trackId}/follow starts a long job (kind `follow`,
// one job_progress row) that walks the video from a box of the track, frame by frame, forward or backward,
// and runs the tracking engine's step (crop-follow.ts) on a crop around the previous frame's keypoints. It
// stops when the engine says the person is lost, before the track's next keyframe, at the video's end or
// after max_frames, and where the followed box runs into another person's box (as the editor draws that
// person: the shared rule over their stored boxes). It runs in this process (like scans and purges) on the
// editor's warm pose worker; the boxes are written in one transaction at the end (follow-write.ts), so a
// cancel, a failure or a server stop leaves the track exactly as it was, and a restart ends a row left
// running `failed` (the job runner's sweep). Meanwhile the frames it made are readable as they come
// (follow-live.ts), so the editor shows them live and learns how the follow ended.
import type { Db } from '../../db/connect';
import { Conflict, Unprocessable } from '../../domain-errors';
import { findLiveJob } from '../../repositories/job-progress';
import { listKeyframes, listOtherTracksFrames, listTrackFrames } from '../../repositories/track-rows';
import type { Tx } from '../../db/connect';
import { drawOptionsOf } from '../annotation-edits/track-versions';
import { requireLiveVideo } from '../videos';
import { trackBoxAt, type CompactDetection } from '../../../domain/overlay/detection';
import { LiveFollows } from './follow-live';
import { readJob, startJob } from '../job-progress';
import { runJob } from '../job-runner';
import { followJob, type FollowRun, type FollowWork } from './follow-kind';
import type { JobContext, JobEnd } from '../job-definition';
import { requireTrack } from '../annotation-edits/common';
import { checkFrame, checkTrackVersions } from '../annotation-edits/track-versions';
import type { Identity } from '../../../domain/types';
import type { AssistPool } from './assist-pool';
import { seekVideoOf } from './pose-assist';
import { walkFrames, type FollowPlan } from './follow-walk';
import { FOLLOW_LOW_POSE_SCORE, ranInto } from '../../../domain/ops/follow-rules';
import type { DetectionRow } from '../../repositories/detections';
import { writeFollowedFrames } from './follow-write';

export interface FollowRequest {
  fromFrame: number;
  direction: 'forward' | 'backward';
  maxFrames: number;
  version: number | undefined;
}

export class FollowJobs implements FollowWork {
  private readonly running = new Map<number, { stop: AbortController; done: Promise<void> }>();
  /** What each follow made so far, and how it ended (GET …/follow/{jobId}). */
  readonly live = new LiveFollows();

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
        others: await othersOf(tx, videoId, trackId, start, limit),
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
    this.live.begin(jobId, videoId, trackId);
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
    const end = await runJob(followJob, {
      db: this.db,
      deps: this,
      progressId: jobId,
      data: { videoId, trackId, plan, who, jobId },
      stop: shutdown,
    });
    // the editor says how it ended in the row's own words (how far and why it stopped, or who cancelled)
    const message = (await readJob(this.db, jobId).catch(() => null))?.message ?? end.outcome;
    this.live.end(jobId, end.state === 'done' ? 'done' : end.state === 'cancelled' ? 'cancelled' : 'failed', message);
  }

  /** The work of one follow: the walk, then the boxes in one transaction (its point of no return). */
  async follow(ctx: JobContext<FollowWork>, f: FollowRun): Promise<JobEnd> {
    const { videoId, trackId, plan, who, jobId } = f;
    const walk = await this.pool.use((pose) =>
      walkFrames(this.ffmpegPath, pose, plan, {
        signal: ctx.signal,
        onFrame: (done, total, made) => {
          this.live.frame(jobId, made);
          ctx.report(total ? (100 * done) / total : 100, 'following');
        },
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
    this.live.walked(jobId, walk, written);
    const why = walk.into ? `ran into T${walk.into.trackId}'s box at frame ${walk.into.frame}` : walk.stopped;
    const low = walk.frames.filter((fr) => fr.score < FOLLOW_LOW_POSE_SCORE).length;
    const { detection_versions: _versions, ...kept } = written ?? { detection_versions: [] };
    return {
      result: { frames: n, stopped: walk.stopped, into_track: walk.into?.trackId ?? null, low_frames: low, ...kept },
      message: `${n ? `${n} frame(s) followed` : 'Nothing followed'}; stopped: ${why}${low ? `; ${low} with a low pose score (in the problem list)` : ''}`,
    };
  }

  /** Stops every running walk (server shutdown) and waits for their rows to end. */
  async close(): Promise<void> {
    for (const r of this.running.values()) r.stop.abort();
    await Promise.all([...this.running.values()].map((r) => r.done.catch(() => {})));
  }
}

/**
 * The other tracks' boxes drawn on each frame of a walk's span, as the editor draws them (trackBoxAt). A
 * track whose box already lies on the start box (a second track on the same person) is not one the follow
 * can run into, and is left out.
 */
async function othersOf(
  tx: Tx,
  videoId: number,
  trackId: number,
  start: DetectionRow,
  last: number,
): Promise<FollowPlan['others']> {
  const opts = await drawOptionsOf(tx, await requireLiveVideo(tx, videoId));
  const lo = Math.min(start.frame, last) - opts.stride,
    hi = Math.max(start.frame, last) + opts.stride;
  const rows = await listOtherTracksFrames(tx, videoId, trackId, Math.max(0, lo), hi);
  const byTrack = new Map<number, Map<number, CompactDetection>>();
  for (const r of rows) {
    let frames = byTrack.get(r.trackId);
    if (!frames) byTrack.set(r.trackId, (frames = new Map()));
    const source = r.source as CompactDetection['source'];
    frames.set(r.frame, { x1: r.x1, y1: r.y1, x2: r.x2, y2: r.y2, confidence: 1, keypoints: null, source });
  }
  for (const [id, frames] of byTrack) {
    const there = trackBoxAt((f) => frames.get(f), start.frame, opts);
    if (there && ranInto(start, [{ trackId: id, box: there.det }]) !== null) byTrack.delete(id);
  }
  return (frame) => {
    const out: ReturnType<FollowPlan['others']> = [];
    for (const [id, frames] of byTrack) {
      const b = trackBoxAt((f) => frames.get(f), frame, opts);
      if (b) out.push({ trackId: id, box: b.det });
    }
    return out;
  };
}
