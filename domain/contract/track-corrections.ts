// The correction calls on /api/v1/annotations/{id}/tracks: a drawn track and its keyframes, range calls
// (delete, split, swap, move, interpolate, propagate: each answers an undo_token for POST …/tracks/restore),
// the pose assist for a drawn box and 'Follow this person'. Boxes travel in fractions of the frame.
import { z } from 'zod';
import { detectionVersions, savedDetection, trackVersions } from './annotation-edits';
import { keypoint } from './annotations';
import { count, INT4_MAX, int4 } from './common';
import { intText } from './params';
import { refineBoxOrder, refineBoxParts } from './box-rules';

export const frameNumber = int4();
/** A version sent in a body: optional here, so a missing one is the service's 428 with a detail, not a 400. */
export const bodyVersion = int4(1).optional();
export const fraction = z.number().finite().min(0).max(1);
/** Keypoints may sit slightly outside the frame (a limb leaving the picture), so allow a margin. */
const kpCoord = z.number().finite().min(-1).max(2);
export const keypoints = z.array(z.tuple([kpCoord, kpCoord, z.number().finite().min(0).max(1)])).length(17);
/** COCO v per joint: 0 absent, 1 occluded, 2 visible; null clears a stored one. */
export const keypointVisibility = z.array(z.number().int().min(0).max(2)).length(17).nullable();
/** A box in fractions of the frame; each body that carries one also checks x1 < x2 and y1 < y2 (box-rules.ts). */
export const frameBox = z.object({ x1: fraction, y1: fraction, x2: fraction, y2: fraction }).strict();

export const newTrackBody = z
  .object({
    frame: frameNumber,
    box: frameBox,
    keypoints: keypoints.optional(),
    keypoint_visibility: keypointVisibility.optional(),
  })
  .strict()
  .superRefine((b, ctx) => refineBoxOrder(b.box, ctx));
/** PUT …/detections/{frame}: a keyframe; an outside one (`outside: true`) may go without a box. */
export const keyframeBody = z
  .object({
    x1: fraction.optional(),
    y1: fraction.optional(),
    x2: fraction.optional(),
    y2: fraction.optional(),
    keypoints: keypoints.optional(),
    keypoint_visibility: keypointVisibility.optional(),
    outside: z.boolean().optional(),
    version: bodyVersion,
  })
  .strict()
  .superRefine((b, ctx) =>
    refineBoxParts(
      b,
      ctx,
      b.outside ? null : 'Send the box {x1, y1, x2, y2} (only an outside keyframe may go without)',
    ),
  );

const trackId = int4();
const undoToken = int4(1);
const version = int4();

export const newTrackResult = z.object({
  track_id: trackId,
  track_version: version,
  detection: savedDetection,
});
/** `undo_token`: when the keyframe is of a drawn track (its in-between frames were refilled, listed in
 *  `detection_versions`). */
export const keyframeResult = z.object({
  detection: savedDetection,
  track_version: version,
  filled_frames: count,
  detection_versions: detectionVersions,
  undo_token: undoToken.optional(),
});

export const rangeDeleteQuery = z
  .object({
    from: intText(0, INT4_MAX),
    to: intText(0, INT4_MAX),
    version: intText(1, INT4_MAX).optional(),
  })
  .strict();
export const splitBody = z.object({ frame: frameNumber, version: bodyVersion }).strict();
export const swapBody = z
  .object({
    track_a: frameNumber,
    track_b: frameNumber,
    from_frame: frameNumber,
    versions: z.record(z.string().regex(/^(0|[1-9][0-9]{0,9})$/), int4(1)).default({}),
  })
  .strict();
export const moveBody = z
  .object({
    from_frame: frameNumber,
    to_frame: frameNumber,
    target_track_id: frameNumber.optional(),
    version: bodyVersion,
    target_version: bodyVersion,
  })
  .strict();
export const interpolateBody = z
  .object({ from_frame: frameNumber, to_frame: frameNumber, version: bodyVersion })
  .strict();
export const propagateBody = z
  .object({ from_frame: frameNumber, to_frame: frameNumber.optional(), version: bodyVersion })
  .strict();

/** `detection_versions` (range delete, interpolate, propagate): the boxes the call stored, with their versions. */
export const rangeDeleteResult = z.object({
  deleted: count,
  track_version: version,
  detection_versions: detectionVersions,
  undo_token: undoToken,
});
export const splitResult = z.object({
  new_track_id: trackId,
  track_version: version,
  new_track_version: version,
  undo_token: undoToken,
});
export const swapResult = z.object({ track_versions: trackVersions, undo_token: undoToken });
export const moveResult = z.object({
  target_track_id: trackId,
  track_version: version,
  target_track_version: version,
  undo_token: undoToken,
});
export const interpolateResult = z.object({
  filled_frames: count,
  track_version: version,
  detection_versions: detectionVersions,
  undo_token: undoToken,
});
/** `to_frame`: the last frame it could change (the one sent; else before the next keyframe, or after at
 *  most `propagate_max_seconds` of video). */
export const propagateResult = z.object({
  changed_frames: count,
  to_frame: int4(),
  track_version: version,
  detection_versions: detectionVersions,
  undo_token: undoToken,
});

export const poseAssistBody = z
  .object({ frame: frameNumber, box: frameBox })
  .strict()
  .superRefine((b, ctx) => refineBoxOrder(b.box, ctx));
export const poseAssistResult = z.object({ keypoints: z.array(keypoint), score: z.number(), model: z.string() });
export const followBody = z
  .object({
    from_frame: frameNumber,
    direction: z.enum(['forward', 'backward']),
    max_frames: z.number().int().min(1).max(1800),
    version: bodyVersion,
  })
  .strict();
export const followResult = z.object({ job_id: int4(1) });
export const followProgressParams = z.object({
  id: intText(1, INT4_MAX),
  trackId: intText(0, INT4_MAX),
  jobId: intText(1, INT4_MAX),
});
export const followProgressQuery = z.object({ after: intText(0, INT4_MAX).optional() }).strict();
/**
 * GET …/tracks/{trackId}/follow/{jobId}?after=n: the frames a follow made after its n-th (as they come),
 * and once it ended how: `stopped` (lost, keyframe, max_frames, end of video, ran into another person),
 * `into_track` (whose box it ran into), `low_frames` (a low pose score: in the problem list), and when
 * done the track version and each box's version it wrote.
 */
export const followProgress = z.object({
  state: z.enum(['running', 'done', 'failed', 'cancelled']),
  frames: z.array(
    z.object({
      frame: frameNumber,
      box: z.object({ x1: fraction, y1: fraction, x2: fraction, y2: fraction }),
      keypoints,
      confidence: fraction,
    }),
  ),
  next: count,
  stopped: z.string().nullable(),
  into_track: trackId.nullable(),
  message: z.string().nullable(),
  low_frames: z.array(frameNumber),
  track_version: version.nullable(),
  detection_versions: detectionVersions,
});

export type FrameBox = z.infer<typeof frameBox>;
/** 0 = absent, 1 = occluded, 2 = visible (COCO v), one per joint. */
export type KeypointVisibility = number[];
export type NewTrackBody = z.input<typeof newTrackBody>;
export type KeyframeBody = z.input<typeof keyframeBody>;
export type NewTrackResult = z.infer<typeof newTrackResult>;
export type KeyframeResult = z.infer<typeof keyframeResult>;
export type RangeDeleteResult = z.infer<typeof rangeDeleteResult>;
export type SplitResult = z.infer<typeof splitResult>;
export type SwapResult = z.infer<typeof swapResult>;
export type MoveResult = z.infer<typeof moveResult>;
export type InterpolateResult = z.infer<typeof interpolateResult>;
export type PropagateResult = z.infer<typeof propagateResult>;
export type PoseAssistResult = z.infer<typeof poseAssistResult>;
export type FollowBody = z.input<typeof followBody>;
export type FollowResult = z.infer<typeof followResult>;
export type FollowProgress = z.infer<typeof followProgress>;
