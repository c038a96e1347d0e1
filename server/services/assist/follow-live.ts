// What a running or recently ended "Follow this person" has made, kept in this process so the editor shows
// its boxes as they come (GET …/follow/{jobId}?after=n answers the frames after the n-th) and learns how it
// ended: why it stopped, whose box it ran into, the frames with a low pose score, and the track and box
// versions it wrote. An entry is kept for KEEP_MS after the job ends; the job row keeps the summary.
import { NotFound } from '../../domain-errors';
import type { FollowProgress } from '../../../domain/contract/track-corrections';
import type { DetectionVersions } from '../../../domain/contract/annotation-edits';
import { FOLLOW_LOW_POSE_SCORE, followConfidence } from '../../../domain/ops/follow-rules';
import type { FollowedFrame } from './follow-write';
import type { WalkResult } from './follow-walk';

/** How long an ended follow's frames stay readable (the editor polls a few times a second). */
export const KEEP_MS = 10 * 60_000;

interface LiveFollow {
  videoId: number;
  trackId: number;
  frames: FollowedFrame[];
  state: FollowProgress['state'];
  walk: WalkResult | null;
  message: string | null;
  trackVersion: number | null;
  versions: DetectionVersions;
  endedAt: number | null;
}

export class LiveFollows {
  private readonly jobs = new Map<number, LiveFollow>();

  begin(jobId: number, videoId: number, trackId: number): void {
    this.sweep();
    this.jobs.set(jobId, {
      videoId,
      trackId,
      frames: [],
      state: 'running',
      walk: null,
      message: null,
      trackVersion: null,
      versions: [],
      endedAt: null,
    });
  }

  frame(jobId: number, f: FollowedFrame): void {
    this.jobs.get(jobId)?.frames.push(f);
  }

  walked(
    jobId: number,
    walk: WalkResult,
    written: { track_version: number; detection_versions: DetectionVersions } | null,
  ) {
    const j = this.jobs.get(jobId);
    if (!j) return;
    j.walk = walk;
    j.trackVersion = written?.track_version ?? null;
    j.versions = written?.detection_versions ?? [];
  }

  end(jobId: number, state: Exclude<FollowProgress['state'], 'running'>, message: string | null): void {
    const j = this.jobs.get(jobId);
    if (!j) return;
    j.state = state;
    j.message = message;
    j.endedAt = Date.now();
  }

  /** The frames after the `after`-th and the state; 404 for a follow of another track or one long ended. */
  progress(videoId: number, trackId: number, jobId: number, after: number): FollowProgress {
    const j = this.jobs.get(jobId);
    if (!j || j.videoId !== videoId || j.trackId !== trackId)
      throw new NotFound(`No follow ${jobId} of track ${trackId} is running or ended lately: reload to see its boxes`);
    const walk = j.state === 'running' ? null : j.walk;
    return {
      state: j.state,
      frames: j.frames.slice(after).map((f) => ({
        frame: f.frame,
        box: f.box,
        keypoints: f.keypoints,
        confidence: followConfidence(f.score),
      })),
      next: j.frames.length,
      stopped: walk?.stopped ?? null,
      into_track: walk?.into?.trackId ?? null,
      message: j.message,
      low_frames: walk ? walk.frames.filter((f) => f.score < FOLLOW_LOW_POSE_SCORE).map((f) => f.frame) : [],
      track_version: j.trackVersion,
      detection_versions: j.state === 'done' ? j.versions : [],
    };
  }

  private sweep(): void {
    const now = Date.now();
    for (const [id, j] of this.jobs) if (j.endedAt !== null && now - j.endedAt > KEEP_MS) this.jobs.delete(id);
  }
}
