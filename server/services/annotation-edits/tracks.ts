// Track merge and delete (spec part 1 §4, §7.3), each in one transaction. Both keep the rows as they were
// in annotation_undo and answer an undo_token; POST .../tracks/restore {undo_token} puts them back once.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/connect';
import { actionSegments, annotationUndo, detections } from '../../db/schema';
import { Invalid, NotFound } from '../../domain-errors';
import { segmentDto } from '../annotation-set';
import type { ActionSegment, Identity } from '../../../domain/types';
import { requireTrack, requireVideo } from './common';

type DetectionRow = typeof detections.$inferSelect;
type SegmentRow = typeof actionSegments.$inferSelect;
/** A detection row kept compact in the undo snapshot. */
type StoredDetection = [track: number, frame: number, x1: number, y1: number, x2: number, y2: number, conf: number,
  keypoints: number[] | null, source: string, by: string | null, at: string | null];
type StoredSegment = Omit<SegmentRow, 'createdAt' | 'updatedAt'> & { createdAt: string | null; updatedAt: string | null };

const toStoredDetection = (d: DetectionRow): StoredDetection =>
  [d.trackId, d.frame, d.x1, d.y1, d.x2, d.y2, d.confidence, d.keypoints, d.source, d.updatedById, d.updatedAt?.toISOString() ?? null];
const toStoredSegment = (s: SegmentRow): StoredSegment =>
  ({ ...s, createdAt: s.createdAt?.toISOString() ?? null, updatedAt: s.updatedAt?.toISOString() ?? null });

/** Undo lives as long as an editing session; older snapshots are dropped when new ones are made. */
const UNDO_KEEP = sql`interval '24 hours'`;

async function snapshot(tx: Tx, videoId: number, kind: string, trackIds: number[], segmentTrackIds: number[], who: Identity): Promise<number> {
  await tx.delete(annotationUndo).where(sql`${annotationUndo.createdAt} < now() - ${UNDO_KEEP}`);
  const dets = await tx.select().from(detections).where(and(eq(detections.videoId, videoId), inArray(detections.trackId, trackIds)));
  const segs = await tx.select().from(actionSegments)
    .where(and(eq(actionSegments.videoId, videoId), inArray(actionSegments.trackId, segmentTrackIds)));
  const [row] = await tx.insert(annotationUndo).values({
    videoId, kind, trackIds, detections: dets.map(toStoredDetection), segments: segs.map(toStoredSegment), createdById: who.id,
  }).returning({ id: annotationUndo.id });
  return row.id;
}

export interface MergeResult {
  base_track_id: number; merge_track_id: number; replaced_frames: number; moved_frames: number; moved_segments: number;
  /** The moved segments as saved (new versions). */
  segments: ActionSegment[]; undo_token: number;
}

/** The merge track's frames replace the base track's overlapping frames; its segments move to the base. */
export async function mergeTracks(db: Db, videoId: number, baseId: number, mergeId: number, who: Identity): Promise<MergeResult> {
  if (baseId === mergeId) throw new Invalid('Please choose two different tracks.');
  await requireVideo(db, videoId);
  return db.transaction(async (tx) => {
    await requireTrack(tx, videoId, baseId);
    await requireTrack(tx, videoId, mergeId);
    const token = await snapshot(tx, videoId, 'track.merge', [baseId, mergeId], [mergeId], who);
    const overlap = sql`(select frame from ${detections} where ${detections.videoId} = ${videoId} and ${detections.trackId} = ${mergeId})`;
    const replaced = await tx.delete(detections)
      .where(and(eq(detections.videoId, videoId), eq(detections.trackId, baseId), sql`${detections.frame} in ${overlap}`))
      .returning({ frame: detections.frame });
    const moved = await tx.update(detections).set({ trackId: baseId })
      .where(and(eq(detections.videoId, videoId), eq(detections.trackId, mergeId))).returning({ frame: detections.frame });
    const segs = await tx.update(actionSegments)
      .set({ trackId: baseId, version: sql`${actionSegments.version} + 1`, updatedById: who.id, updatedAt: new Date() })
      .where(and(eq(actionSegments.videoId, videoId), eq(actionSegments.trackId, mergeId))).returning();
    return {
      base_track_id: baseId, merge_track_id: mergeId, replaced_frames: replaced.length, moved_frames: moved.length,
      moved_segments: segs.length, segments: segs.map(segmentDto), undo_token: token,
    };
  });
}

export interface DeleteTrackResult { track_id: number; deleted_detections: number; deleted_segments: number; undo_token: number }

export async function deleteTrack(db: Db, videoId: number, trackId: number, who: Identity): Promise<DeleteTrackResult> {
  await requireVideo(db, videoId);
  return db.transaction(async (tx) => {
    await requireTrack(tx, videoId, trackId);
    const token = await snapshot(tx, videoId, 'track.delete', [trackId], [trackId], who);
    const d = await tx.delete(detections).where(and(eq(detections.videoId, videoId), eq(detections.trackId, trackId))).returning({ f: detections.frame });
    const s = await tx.delete(actionSegments).where(and(eq(actionSegments.videoId, videoId), eq(actionSegments.trackId, trackId))).returning({ id: actionSegments.id });
    return { track_id: trackId, deleted_detections: d.length, deleted_segments: s.length, undo_token: token };
  });
}

export interface RestoreResult { kind: string; track_ids: number[]; restored_detections: number; segments: ActionSegment[] }

/** Puts the tracks of an undo snapshot back exactly as they were (one use per token). */
export async function restoreTracks(db: Db, videoId: number, token: number): Promise<RestoreResult> {
  await requireVideo(db, videoId);
  return db.transaction(async (tx) => {
    const [undo] = await tx.delete(annotationUndo)
      .where(and(eq(annotationUndo.id, token), eq(annotationUndo.videoId, videoId))).returning();
    if (!undo) throw new NotFound(`Undo token ${token} is unknown for video ${videoId} or was already used`);
    const dets = undo.detections as StoredDetection[];
    const segs = undo.segments as StoredSegment[];
    await tx.delete(detections).where(and(eq(detections.videoId, videoId), inArray(detections.trackId, undo.trackIds)));
    for (let i = 0; i < dets.length; i += 1000) {
      await tx.insert(detections).values(dets.slice(i, i + 1000).map(([trackId, frame, x1, y1, x2, y2, confidence, keypoints, source, by, at]) => ({
        videoId, trackId, frame, x1, y1, x2, y2, confidence, keypoints, source, updatedById: by, updatedAt: at ? new Date(at) : null,
      })));
    }
    const restored: ActionSegment[] = [];
    for (const s of segs) {
      // Versions only grow, so a client holding the pre-restore version gets a 409 instead of overwriting.
      const [cur] = await tx.delete(actionSegments).where(eq(actionSegments.id, s.id)).returning({ version: actionSegments.version });
      const [row] = await tx.insert(actionSegments).values({
        ...s, version: Math.max(cur?.version ?? 0, s.version) + 1,
        createdAt: s.createdAt ? new Date(s.createdAt) : null, updatedAt: s.updatedAt ? new Date(s.updatedAt) : null,
      }).returning();
      restored.push(segmentDto(row));
    }
    return { kind: undo.kind, track_ids: undo.trackIds, restored_detections: dets.length, segments: restored };
  });
}
