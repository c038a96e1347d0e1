// Builds the annotation set of spec part 1 §3 for one video (export, GET /annotations/{id}).
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { actionSegments, detections, relationships } from '../db/schema';
import type { ActionSegment, AnnotationSet, Keypoint, PersonTrack } from '../../domain/types';
import type { ActionClass } from '../../domain/constants';
import { iso, type VideoRow } from './video-dto';

export function keypointsFromFlat(flat: number[] | null): Keypoint[] {
  if (!flat) return [];
  const out: Keypoint[] = [];
  for (let i = 0; i + 2 < flat.length; i += 3) out.push([flat[i], flat[i + 1], flat[i + 2]]);
  return out;
}

export function segmentDto(s: typeof actionSegments.$inferSelect): ActionSegment {
  return {
    id: s.id, track_id: s.trackId, action_class: s.actionClass as ActionClass, start_time: s.startTime, end_time: s.endTime,
    confidence: s.confidence, human_verified: s.humanVerified, version: s.version,
    created_by_id: s.createdById, created_at: iso(s.createdAt), updated_by_id: s.updatedById, updated_at: iso(s.updatedAt),
  };
}

/** The set of a video the caller has already looked up (and found live). */
export async function buildAnnotationSet(db: Db, v: VideoRow): Promise<AnnotationSet> {
  const videoId = v.id;
  const dets = await db.select().from(detections).where(eq(detections.videoId, videoId)).orderBy(asc(detections.trackId), asc(detections.frame));
  const tracks = new Map<number, PersonTrack>();
  for (const d of dets) {
    let t = tracks.get(d.trackId);
    if (!t) tracks.set(d.trackId, (t = { track_id: d.trackId, detections: [] }));
    t.detections.push({
      frame: d.frame,
      bbox: { x1: d.x1, y1: d.y1, x2: d.x2, y2: d.y2, confidence: d.confidence },
      keypoints: keypointsFromFlat(d.keypoints),
      source: d.source as 'ai' | 'human',
    });
  }
  const segs = await db.select().from(actionSegments).where(eq(actionSegments.videoId, videoId)).orderBy(asc(actionSegments.startTime), asc(actionSegments.id));
  const rels = await db.select().from(relationships).where(eq(relationships.videoId, videoId));
  return {
    person_tracks: [...tracks.values()],
    action_segments: segs.map(segmentDto),
    relationships: rels.map((r) => ({ id: r.id, subject_track_id: r.subjectTrackId, object_track_id: r.objectTrackId, kind: r.kind, start_time: r.startTime, end_time: r.endTime })),
    video_info: { id: v.id, filename: v.filename, width: v.width, height: v.height, fps: v.fps, duration: v.duration, total_frames: v.totalFrames, frame_stride: v.frameStride },
  };
}
