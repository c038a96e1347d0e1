// The annotation set of one video (export, GET /annotations/{id}) and the editor's compact reads: a
// summary (tracks with frame ranges, segments) and binary detection windows, each with a validator
// built from the video's annotation version.
import { createHash } from 'node:crypto';
import type { Database, Db } from '../db/connect';
import { Invalid } from '../domain-errors';
import {
  listDetections,
  listRelationships,
  listSegments,
  listTrackRanges,
  type RelationshipRow,
  type SegmentRow,
} from '../repositories/annotations';
import type { ActionSegment, AnnotationSet, DetectionSource, Keypoint, PersonTrack } from '../../domain/types';
import type { ActionClass } from '../../domain/constants';
import { encodeDetectionWindow } from '../../domain/detection-window';
import { iso, type VideoRow } from './video-dto';
import { listTrackVersions } from '../repositories/track-versions';
import { WindowCache, type EncodedWindow } from './window-cache';
import { readCappedWindow } from './window-cap';

/** The widest detection window one request may ask for. */
export const MAX_WINDOW_FRAMES = 2000;

export function keypointsFromFlat(flat: number[] | null): Keypoint[] {
  if (!flat) return [];
  const out: Keypoint[] = [];
  for (let i = 0; i + 2 < flat.length; i += 3) out.push([flat[i], flat[i + 1], flat[i + 2]]);
  return out;
}

/** The read form of a stored source: an outside keyframe is a human keyframe with `outside: true`. */
export function sourceOf(stored: string): { source: DetectionSource; outside: boolean } {
  if (stored === 'outside') return { source: 'human', outside: true };
  return { source: stored === 'human' || stored === 'interpolated' ? stored : 'ai', outside: false };
}

export function segmentDto(s: SegmentRow): ActionSegment {
  return {
    id: s.id,
    track_id: s.trackId,
    action_class: s.actionClass as ActionClass,
    start_time: s.startTime,
    end_time: s.endTime,
    confidence: s.confidence,
    human_verified: s.humanVerified,
    version: s.version,
    created_by_id: s.createdById,
    created_at: iso(s.createdAt),
    updated_by_id: s.updatedById,
    updated_at: iso(s.updatedAt),
  };
}

const relationshipDto = (r: RelationshipRow) => ({
  id: r.id,
  subject_track_id: r.subjectTrackId,
  object_track_id: r.objectTrackId,
  kind: r.kind,
  start_time: r.startTime,
  end_time: r.endTime,
});

const videoInfo = (v: VideoRow) => ({
  id: v.id,
  filename: v.filename,
  width: v.width,
  height: v.height,
  fps: v.fps,
  duration: v.duration,
  total_frames: v.totalFrames,
  frame_stride: v.frameStride,
});

/** The set of a video the caller has already looked up (and found live). */
export async function buildAnnotationSet(db: Db, v: VideoRow): Promise<AnnotationSet> {
  const tracks = new Map<number, PersonTrack>();
  const versions = await listTrackVersions(db, v.id);
  for (const d of await listDetections(db, v.id)) {
    let t = tracks.get(d.trackId);
    if (!t)
      tracks.set(
        d.trackId,
        (t = { track_id: d.trackId, version: versions.get(d.trackId)?.version ?? 1, detections: [] }),
      );
    t.detections.push({
      frame: d.frame,
      bbox: { x1: d.x1, y1: d.y1, x2: d.x2, y2: d.y2, confidence: d.confidence },
      keypoints: keypointsFromFlat(d.keypoints),
      keypoint_visibility: d.keypointVisibility,
      ...sourceOf(d.source),
      version: d.version,
    });
  }
  return {
    person_tracks: [...tracks.values()],
    action_segments: (await listSegments(db, v.id)).map(segmentDto),
    relationships: (await listRelationships(db, v.id)).map(relationshipDto),
    video_info: videoInfo(v),
  };
}

/**
 * The validator of a video's summary: its annotation version (every write of tracks or segments bumps it)
 * and a digest of the video facts it shows, which change without an annotation write (a rescan).
 */
function summaryTag(v: VideoRow): string {
  const facts = createHash('sha1')
    .update(JSON.stringify(videoInfo(v)))
    .digest('base64url')
    .slice(0, 12);
  return `"s${v.id}-v${v.annotationVersion}-${facts}"`;
}

/** The validator of the summary of `video` (looked up before the summary, so the tag is never newer than the data). */
export const annotationSummaryTag = (video: VideoRow): string => summaryTag(video);

/** Each track with its version and whether a person drew it (its frames between keyframes are filled by the server). */
async function withTrackVersions<T extends { track_id: number }>(db: Db, videoId: number, tracks: T[]) {
  const versions = await listTrackVersions(db, videoId);
  return tracks.map((t) => ({
    ...t,
    version: versions.get(t.track_id)?.version ?? 1,
    human_made: versions.get(t.track_id)?.humanMade ?? false,
  }));
}

/** The editor's first read: tracks with their frame ranges instead of every detection. */
export async function buildAnnotationSummary({ db, sql }: Database, v: VideoRow) {
  return {
    video_info: videoInfo(v),
    tracks: await withTrackVersions(db, v.id, await listTrackRanges(sql, v.id)),
    action_segments: (await listSegments(db, v.id)).map(segmentDto),
    relationships: (await listRelationships(db, v.id)).map(relationshipDto),
    max_window_frames: MAX_WINDOW_FRAMES,
  };
}

export interface DetectionWindowRead {
  /** Strong validator: video, window and annotation version. */
  etag: string;
  /** The encoded window, from the cache or encoded now. */
  read(): Promise<EncodedWindow>;
}

/**
 * Detections of frames [from, to) of `v` (the live video, looked up for this request) in the binary window
 * format, at most `maxRows` of them (window-cap.ts: whole frames, the window's `to` says where it stopped).
 * Its version was read before the rows, so a concurrent save can only make the rows newer than the tag,
 * never older: no stale window is cached.
 */
export function openDetectionWindow(
  database: Database,
  cache: WindowCache,
  v: VideoRow,
  from: number,
  to: number,
  maxRows: number,
): DetectionWindowRead {
  if (to <= from) throw new Invalid('to must be greater than from');
  if (to - from > MAX_WINDOW_FRAMES) throw new Invalid(`A window spans at most ${MAX_WINDOW_FRAMES} frames`);
  return {
    etag: `"w${v.id}-${from}-${to}-v${v.annotationVersion}"`,
    read: () =>
      cache.get(WindowCache.key(v.id, v.annotationVersion, from, to), async () => {
        const cut = await readCappedWindow(database, v.id, from, to, maxRows);
        const body = encodeDetectionWindow(from, cut.to, cut.rows);
        return { body: Buffer.from(body.buffer, body.byteOffset, body.byteLength), count: cut.rows.length, to: cut.to };
      }),
  };
}
