// /api/v1/annotations/{id}: the annotation set of a video (read and export), the editor's compact summary
// (the detection window itself is binary: domain/detection-window.ts), the review summary and a track's
// verified mark, and the import of an interchange file.
import { z } from 'zod';
import { ACTION_CLASSES } from '../constants';
import { FORMAT_NAMES } from '../formats/model';
import { count, INT4_MAX, int4, isoTime, rowId } from './common';
import { intText, userIdSchema } from './params';

const trackId = int4();
const frame = int4();

/** 17 COCO keypoints as [x, y] or [x, y, score], fractions of the frame size. */
export const keypoint = z.union([z.tuple([z.number(), z.number()]), z.tuple([z.number(), z.number(), z.number()])]);
export const bbox = z.object({
  x1: z.number(),
  y1: z.number(),
  x2: z.number(),
  y2: z.number(),
  confidence: z.number(),
});
export const detectionSource = z.enum(['ai', 'human', 'interpolated']);

/**
 * `version`: in reads of stored detections; a change names it back (optimistic concurrency). `source`: ai,
 * human (a keyframe) or interpolated (filled between keyframes); `outside`: an outside keyframe (the track
 * has no box from this frame to its next keyframe; the box is the previous keyframe's, not drawn).
 * `keypoint_visibility`: per keypoint 2 visible, 1 occluded, 0 absent (COCO's v) as a person set it; null
 * when none is stored (the score decides).
 */
export const detection = z
  .object({
    frame,
    bbox,
    keypoints: z.array(keypoint),
    keypoint_visibility: z.array(z.number().int().min(0).max(2)).nullable().optional(),
    source: detectionSource.optional(),
    outside: z.boolean().optional(),
    version: int4().optional(),
  })
  .meta({ id: 'Detection' });

/** `version`: the track version, bumped by every change of the track's boxes (range calls send it back). */
export const personTrack = z
  .object({ track_id: trackId, detections: z.array(detection), version: int4().optional() })
  .meta({ id: 'PersonTrack' });

export const actionSegment = z
  .object({
    id: rowId,
    track_id: trackId,
    action_class: z.enum(ACTION_CLASSES),
    start_time: z.number(),
    end_time: z.number(),
    confidence: z.number(),
    human_verified: z.boolean(),
    version: int4().optional(),
    created_by_id: z.string().nullable().optional(),
    created_at: isoTime.nullable().optional(),
    updated_by_id: z.string().nullable().optional(),
    updated_at: isoTime.nullable().optional(),
  })
  .meta({ id: 'ActionSegment' });

export const relationship = z
  .object({
    id: rowId,
    subject_track_id: trackId,
    object_track_id: trackId,
    kind: z.string(),
    start_time: z.number(),
    end_time: z.number(),
  })
  .meta({ id: 'Relationship' });

export const videoInfo = z
  .object({
    id: rowId,
    filename: z.string(),
    width: z.number(),
    height: z.number(),
    fps: z.number(),
    duration: z.number(),
    total_frames: z.number(),
    /** Frames analysed by the AI: every n-th frame (1 = all). Detections in between may be interpolated. */
    frame_stride: int4(1).optional(),
  })
  .meta({ id: 'VideoInfo' });

export const annotationSet = z
  .object({
    person_tracks: z.array(personTrack),
    action_segments: z.array(actionSegment),
    relationships: z.array(relationship),
    video_info: videoInfo,
  })
  .meta({ id: 'AnnotationSet' });

/** GET /annotations/{id}/export (no format): the set, the video's status and who exported it when. */
export const annotationExport = annotationSet
  .extend({
    status: z.string(),
    exported_at: isoTime,
    exported_by: z.object({ id: z.string(), name: z.string().nullable() }).nullable(),
  })
  .meta({ id: 'AnnotationExport' });

export const exportQuery = z.object({
  user_id: userIdSchema.optional(),
  user_name: z.string().max(200).optional(),
  format: z.enum(FORMAT_NAMES).optional(),
});

/** The editor's first read: tracks with their frame ranges (the boxes come in binary windows). */
export const annotationSummary = z
  .object({
    video_info: videoInfo,
    tracks: z.array(
      z.object({
        track_id: trackId,
        first_frame: frame,
        last_frame: frame,
        version: int4(),
        /** A person drew it: its frames between keyframes are filled by the server. */
        human_made: z.boolean(),
      }),
    ),
    action_segments: z.array(actionSegment),
    relationships: z.array(relationship),
    max_window_frames: int4(1),
  })
  .meta({ id: 'AnnotationSummary' });

export const detectionWindowQuery = z.object({
  from: intText(0, INT4_MAX),
  to: intText(1, INT4_MAX),
});

export const trackVerifiedMark = z
  .object({
    by_id: z.string(),
    by_name: z.string().nullable(),
    at: isoTime,
    /** Set when the track was edited after the mark (the mark stays; re-verifying clears it). */
    edited_at: isoTime.nullable(),
    edited_by_id: z.string().nullable(),
  })
  .meta({ id: 'TrackVerifiedMark' });

export const trackReviewSummary = z.object({
  track_id: trackId,
  /** Frame runs where the track has detections, flat [first, last, first, last, …] (inclusive, ascending). */
  runs: z.array(frame),
  /** Runs of detections below the low-confidence threshold, same form. */
  low: z.array(frame),
  verified: trackVerifiedMark.nullable(),
});

/** How many frames' overlap test stopped early, and the first of them. */
export const overlapCap = z.object({ frames: count, first_frame: frame });

export const reviewSummary = z
  .object({
    video_id: rowId,
    annotation_version: int4(),
    /** Analysed every n-th frame: a step of up to this many frames is not a gap. */
    frame_stride: int4(1),
    low_confidence_threshold: z.number(),
    overlap_iou: z.number(),
    tracks: z.array(trackReviewSummary),
    /** Frame runs where two tracks' boxes overlap above overlap_iou: [trackA, trackB, first, last] each. */
    overlaps: z.array(z.tuple([trackId, trackId, frame, frame])),
    /** Set when some frames held too many boxes to compare every pair; null when every frame was checked. */
    overlaps_capped: overlapCap.nullable(),
  })
  .meta({ id: 'ReviewSummary' });

export const trackVerifiedBody = z.object({ verified: z.boolean() }).strict();
export const trackVerifiedResult = z.object({ track_id: trackId, verified: trackVerifiedMark.nullable() });

/** The multipart fields of POST /annotations/{id}/import besides `file`. */
export const importFields = z.object({
  format: z.enum(FORMAT_NAMES, { error: `format must be one of ${FORMAT_NAMES.join(', ')}` }),
  dry_run: z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
  confirm: z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
});

/** What an import adds (a dry run: would add); `needs_confirm` when the video is reviewed or labelled. */
export const importResult = z
  .object({
    format: z.enum(FORMAT_NAMES),
    dry_run: z.boolean(),
    tracks_imported: count,
    detections_imported: count,
    segments_imported: count,
    /** Stored rows the import replaces: always 0, an import only adds. */
    replaced: count,
    needs_confirm: z.boolean(),
    /** The file's track ids and the ids they were stored under. */
    track_ids: z.array(z.object({ file_id: trackId, track_id: trackId })),
    warnings: z.array(z.string()),
  })
  .meta({ id: 'AnnotationImportResult' });

export type Keypoint = z.infer<typeof keypoint>;
export type BBox = z.infer<typeof bbox>;
export type DetectionSource = z.infer<typeof detectionSource>;
export type Detection = z.infer<typeof detection>;
export type PersonTrack = z.infer<typeof personTrack>;
export type ActionSegment = z.infer<typeof actionSegment>;
export type Relationship = z.infer<typeof relationship>;
export type VideoInfo = z.infer<typeof videoInfo>;
export type AnnotationSet = z.infer<typeof annotationSet>;
export type AnnotationExport = z.infer<typeof annotationExport>;
export type AnnotationSummary = z.infer<typeof annotationSummary>;
export type TrackVerifiedMark = z.infer<typeof trackVerifiedMark>;
export type TrackReviewSummary = z.infer<typeof trackReviewSummary>;
export type OverlapCap = z.infer<typeof overlapCap>;
export type ReviewSummary = z.infer<typeof reviewSummary>;
export type TrackVerifiedResult = z.infer<typeof trackVerifiedResult>;
export type ImportResult = z.infer<typeof importResult>;
