// Typed calls of the correction tools: drawing a new track or a keyframe, range deletes,
// split / swap / move of frame ranges, interpolate and propagate between keyframes, the pose assist for a
// drawn box and 'Follow this person' (a long job). Range calls send the versions of the tracks they touch
// (428 without, 409 when stale) and answer an undo token for POST …/tracks/restore.
import type {
  FollowBody,
  FollowProgress,
  FollowResult,
  FrameBox,
  InterpolateResult,
  KeyframeBody,
  KeyframeResult,
  MoveResult,
  NewTrackBody,
  NewTrackResult,
  PoseAssistResult,
  PropagateResult,
  RangeDeleteResult,
  SplitResult,
  SwapResult,
} from '../../domain/contract/track-corrections';
import { request } from './request';

export type {
  FollowBody,
  FollowProgress,
  FollowResult,
  FrameBox,
  InterpolateResult,
  KeyframeBody,
  KeyframeResult,
  MoveResult,
  NewTrackBody,
  NewTrackResult,
  PoseAssistResult,
  PropagateResult,
  RangeDeleteResult,
  SplitResult,
  SwapResult,
};

const base = (videoId: number) => `/api/v1/annotations/${videoId}`;
const tracks = (videoId: number, trackId: number) => `${base(videoId)}/tracks/${trackId}`;

/** 1. A new human-made track with one keyframe. */
export const createTrack = (videoId: number, body: NewTrackBody) =>
  request<NewTrackResult>(`${base(videoId)}/tracks`, { method: 'POST', json: body });

/** 2. Creates or replaces a keyframe (an `outside` one ends a drawn track there). */
export const putKeyframe = (videoId: number, trackId: number, frame: number, body: KeyframeBody) =>
  request<KeyframeResult>(`${tracks(videoId, trackId)}/detections/${frame}`, { method: 'PUT', json: body });

/** 3. Removes the track's boxes with from ≤ frame ≤ to (`version`: the track's). */
export const deleteFrameRange = (
  videoId: number,
  trackId: number,
  from: number,
  to: number,
  version: number | undefined,
) =>
  request<RangeDeleteResult>(
    `${tracks(videoId, trackId)}/detections?from=${from}&to=${to}${version === undefined ? '' : `&version=${version}`}`,
    { method: 'DELETE' },
  );

/** 4. Boxes at frame ≥ `frame` (and the actions after it) become a new track. */
export const splitTrack = (videoId: number, trackId: number, frame: number, version: number | undefined) =>
  request<SplitResult>(`${tracks(videoId, trackId)}/split`, { method: 'POST', json: { frame, version } });

/** 5. From `fromFrame` on, two tracks exchange their boxes and actions. */
export const swapTracks = (
  videoId: number,
  trackA: number,
  trackB: number,
  fromFrame: number,
  versions: Record<string, number>,
) =>
  request<SwapResult>(`${base(videoId)}/tracks/swap`, {
    method: 'POST',
    json: { track_a: trackA, track_b: trackB, from_frame: fromFrame, versions },
  });

/** 6. A frame range of one track goes to another track (a new one when `target` is null). */
export const moveFrameRange = (
  videoId: number,
  trackId: number,
  body: { from_frame: number; to_frame: number; target_track_id?: number; version?: number; target_version?: number },
) => request<MoveResult>(`${tracks(videoId, trackId)}/move`, { method: 'POST', json: body });

/** 7. Linear interpolation strictly between two keyframes. */
export const interpolateTrack = (
  videoId: number,
  trackId: number,
  fromFrame: number,
  toFrame: number,
  version: number | undefined,
) =>
  request<InterpolateResult>(`${tracks(videoId, trackId)}/interpolate`, {
    method: 'POST',
    json: { from_frame: fromFrame, to_frame: toFrame, version },
  });

/** 8. Carries the correction at `fromFrame` to the following AI frames. */
export const propagateTrack = (
  videoId: number,
  trackId: number,
  fromFrame: number,
  toFrame: number | undefined,
  version: number | undefined,
) =>
  request<PropagateResult>(`${tracks(videoId, trackId)}/propagate`, {
    method: 'POST',
    json: { from_frame: fromFrame, ...(toFrame === undefined ? {} : { to_frame: toFrame }), version },
  });

/** 9. The pose model on a box of a frame: 17 keypoints in frame fractions. */
export const assistPose = (videoId: number, frame: number, box: FrameBox) =>
  request<PoseAssistResult>(`${base(videoId)}/assist/pose`, { method: 'POST', json: { frame, box } });

/** 10. 'Follow this person': a long job extending the track frame by frame. */
export const followTrack = (videoId: number, trackId: number, body: FollowBody) =>
  request<FollowResult>(`${tracks(videoId, trackId)}/follow`, { method: 'POST', json: body });

/** 11. What a follow made after its `after`-th frame, and how it ended. */
export const followProgress = (videoId: number, trackId: number, jobId: number, after: number) =>
  request<FollowProgress>(`${tracks(videoId, trackId)}/follow/${jobId}?after=${after}`);
