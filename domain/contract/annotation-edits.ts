// The editor's write calls on /api/v1/annotations/{id}: action segments, one detection's box and joints,
// merging, deleting and restoring tracks (the undo of either). Writes name the version they were based on
// (428 without one where a stored row exists, 409 when it is stale).
import { z } from 'zod';
import { ACTION_CLASSES } from '../constants';
import { actionSegment, detection } from './annotations';
import { count, INT4_MAX, int4 } from './common';
import { idText, intText } from './params';
import { refineBoxParts } from './box-rules';

const int = intText(0, INT4_MAX);
const trackId = int4();
const seconds = z.number().finite().min(0).max(1e7);
const confidence = z.number().min(0).max(1);
const version = int4(1);
/** A version in a query (DELETE …?version=): optional, so a missing one is the service's 428 with a detail. */
export const versionQuery = z.object({ version: intText(1, INT4_MAX).optional() });

export const annotationParams = z.object({ id: idText });
export const actionParams = z.object({ id: idText, actionId: idText });
export const trackParams = z.object({ id: idText, trackId: int });
export const detectionParams = z.object({ id: idText, trackId: int, frame: int });

export const newActionBody = z
  .object({
    track_id: trackId,
    action_class: z.enum(ACTION_CLASSES),
    start_time: seconds,
    end_time: seconds,
    confidence: confidence.default(0.7),
    human_verified: z.boolean().optional(),
    /** Undo of a delete: the segment comes back under its old id. */
    restore_id: int4(1).optional(),
  })
  .strict();

export const actionPatchBody = z
  .object({
    track_id: trackId.optional(),
    action_class: z.enum(ACTION_CLASSES).optional(),
    start_time: seconds.optional(),
    end_time: seconds.optional(),
    confidence: confidence.optional(),
    human_verified: z.boolean().optional(),
    version: version.optional(),
  })
  .strict()
  .superRefine((b, ctx) => {
    if (!Object.keys(b).some((k) => k !== 'version'))
      ctx.addIssue({
        code: 'custom',
        message: 'Send at least one of track_id, action_class, start_time, end_time, confidence, human_verified',
      });
  });

export const deletedAction = z.object({ deleted: z.literal(true), action: actionSegment });

/** Keypoints may sit slightly outside the frame (a limb leaving the picture), so allow a margin. */
const kpCoord = z.number().finite().min(-1).max(2);
const fraction = z.number().finite().min(0).max(1);
const keypointIn = z.union([
  z.tuple([kpCoord, kpCoord]),
  z.tuple([kpCoord, kpCoord, z.number().finite().min(0).max(1)]),
]);

/** PATCH …/detections/{frame}: a box (whole, corners in order), keypoints and/or joint visibility (17 × 2 visible, 1 occluded, 0 absent; null clears it). */
export const detectionPatchBody = z
  .object({
    x1: fraction.optional(),
    y1: fraction.optional(),
    x2: fraction.optional(),
    y2: fraction.optional(),
    keypoints: z.array(keypointIn).length(17).optional(),
    keypoint_visibility: z.array(z.number().int().min(0).max(2)).length(17).nullable().optional(),
    confidence: z.number().min(0).max(1).optional(),
    /** Gives the box back where it came from (an undo): `ai` restores the AI's own box and joints kept in
     *  the row (or stores the sent box as the AI's where no row is left), `interpolated` stores the sent
     *  box as derived. Left out: the change is a person's (`human`, a keyframe). */
    source: z.enum(['ai', 'interpolated']).optional(),
    // optional here so that a missing one is the service's 428 (with a detail), not a validation 400
    version: version.optional(),
  })
  .strict()
  .superRefine((b, ctx) =>
    refineBoxParts(
      b,
      ctx,
      b.keypoints || b.keypoint_visibility !== undefined || b.source
        ? null
        : 'Send a box {x1, y1, x2, y2}, {keypoints} or {keypoint_visibility}',
    ),
  );

/** A stored detection as the write calls answer it: the read form plus its track, who changed it and when. */
export const savedDetection = detection
  .extend({
    track_id: trackId,
    version: int4(),
    keypoint_visibility: z.array(z.number().int().min(0).max(2)).nullable(),
    updated_by_id: z.string().nullable(),
    updated_at: z.string().nullable(),
  })
  .meta({ id: 'SavedDetection' });

/** Boxes a call stored besides the one it names (filled, refilled, restored), each with its new version:
 *  the editor's next save of such a frame is based on it. */
export const detectionVersions = z.array(z.object({ track_id: trackId, frame: int4(), version: int4() }));

/** PATCH and DELETE of one detection: the row (as saved, or as it was) and the track's new version. */
export const detectionWritten = savedDetection.extend({ track_version: int4() });
/** `detection_versions`: on a drawn track, the frames refilled around a removed keyframe. */
export const detectionDeleted = z.object({
  deleted: z.literal(true),
  detection: detectionWritten,
  detection_versions: detectionVersions,
});

export const mergeBody = z.object({ base_track_id: trackId, merge_track_id: trackId }).strict();
/** An undo token is the id of its snapshot row (an `integer` column). */
export const restoreBody = z.object({ undo_token: int4(1) }).strict();

/** Track id (as text) → the track's new version. */
export const trackVersions = z.record(z.string(), int4());

export const mergeResult = z.object({
  base_track_id: trackId,
  merge_track_id: trackId,
  replaced_frames: count,
  moved_frames: count,
  moved_segments: count,
  /** The moved segments as saved (new versions). */
  segments: z.array(actionSegment),
  undo_token: int4(1),
  /** The new versions of both tracks. */
  track_versions: trackVersions,
});
export const deleteTrackResult = z.object({
  track_id: trackId,
  deleted_detections: count,
  deleted_segments: count,
  undo_token: int4(1),
  track_version: int4(),
});
export const restoreResult = z.object({
  kind: z.string(),
  track_ids: z.array(trackId),
  restored_detections: count,
  segments: z.array(actionSegment),
  /** Restored boxes whose version is above the one they had before the edit: the next save of each sends this. */
  detection_versions: detectionVersions,
  /** The new version of every track the restore touched. */
  track_versions: trackVersions,
});

export type NewActionBody = z.input<typeof newActionBody>;
export type ActionPatchBody = z.input<typeof actionPatchBody>;
export type DeletedAction = z.infer<typeof deletedAction>;
export type DetectionPatchBody = z.input<typeof detectionPatchBody>;
export type SavedDetection = z.infer<typeof savedDetection>;
export type DetectionWritten = z.infer<typeof detectionWritten>;
export type DetectionDeleted = z.infer<typeof detectionDeleted>;
export type MergeResult = z.infer<typeof mergeResult>;
export type DeleteTrackResult = z.infer<typeof deleteTrackResult>;
export type RestoreResult = z.infer<typeof restoreResult>;
export type DetectionVersions = z.infer<typeof detectionVersions>;
