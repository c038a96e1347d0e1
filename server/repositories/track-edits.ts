// SQL of whole-track edits (merge, delete) and of their undo snapshots in annotation_undo. Every function
// here runs inside the caller's transaction.
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Tx } from '../db/connect';
import { actionSegments, annotationUndo, detections } from '../db/schema';
import type { SegmentRow } from './annotations';
import type { DetectionRow } from './detections';
import { insertDetections } from './detection-bulk';

/** A detection row kept compact in the undo snapshot. */
type StoredDetection = [
  track: number,
  frame: number,
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  conf: number,
  keypoints: number[] | null,
  source: string,
  by: string | null,
  at: string | null,
  version?: number,
  aiBox?: number[] | null,
  visibility?: number[] | null,
];
type StoredSegment = Omit<SegmentRow, 'createdAt' | 'updatedAt'> & {
  createdAt: string | null;
  updatedAt: string | null;
};

const toStoredDetection = (d: DetectionRow): StoredDetection => [
  d.trackId,
  d.frame,
  d.x1,
  d.y1,
  d.x2,
  d.y2,
  d.confidence,
  d.keypoints,
  d.source,
  d.updatedById,
  d.updatedAt?.toISOString() ?? null,
  d.version,
  d.aiBox,
  d.keypointVisibility,
];
const toStoredSegment = (s: SegmentRow): StoredSegment => ({
  ...s,
  createdAt: s.createdAt?.toISOString() ?? null,
  updatedAt: s.updatedAt?.toISOString() ?? null,
});

/** Undo lives as long as an editing session; older snapshots are dropped when new ones are made. */
const UNDO_KEEP = sql`interval '24 hours'`;

const ofTracks = (videoId: number, trackIds: number[]) =>
  and(eq(detections.videoId, videoId), inArray(detections.trackId, trackIds));
const segmentsOf = (videoId: number, trackIds: number[]) =>
  and(eq(actionSegments.videoId, videoId), inArray(actionSegments.trackId, trackIds));

/**
 * Keeps the detections of `trackIds` and the segments of `segmentTrackIds` as they are now; returns the undo
 * token. `exactSegments`: the restore also removes segments of those tracks made after the snapshot.
 */
export async function snapshotTracks(
  tx: Tx,
  videoId: number,
  kind: string,
  trackIds: number[],
  segmentTrackIds: number[],
  by: string,
  exactSegments = false,
): Promise<number> {
  await tx.delete(annotationUndo).where(sql`${annotationUndo.createdAt} < now() - ${UNDO_KEEP}`);
  const dets = await tx.select().from(detections).where(ofTracks(videoId, trackIds));
  const segs = await tx.select().from(actionSegments).where(segmentsOf(videoId, segmentTrackIds));
  const [row] = await tx
    .insert(annotationUndo)
    .values({
      videoId,
      kind,
      trackIds,
      detections: dets.map(toStoredDetection),
      segments: segs.map(toStoredSegment),
      createdById: by,
      segmentTrackIds: exactSegments ? segmentTrackIds : null,
    })
    .returning({ id: annotationUndo.id });
  return row.id;
}

/** The merge track's frames replace the base track's overlapping frames; its segments move to the base (new versions). */
export async function mergeTrackRows(tx: Tx, videoId: number, baseId: number, mergeId: number, by: string) {
  const overlap = sql`(select frame from ${detections} where ${detections.videoId} = ${videoId} and ${detections.trackId} = ${mergeId})`;
  // A moved row takes the place of the base row at its frame: its version rises above that row's, so a save
  // based on the replaced box is refused (the editor's merge gives its document the same versions).
  const replacedVersion = sql`(select b.version from detections b where b.video_id = ${videoId} and b.track_id = ${baseId} and b.frame = detections.frame)`;
  await tx
    .update(detections)
    .set({ version: sql`greatest(${detections.version}, coalesce(${replacedVersion}, 0) + 1)` })
    .where(and(eq(detections.videoId, videoId), eq(detections.trackId, mergeId), sql`${replacedVersion} is not null`));
  const replaced = await tx
    .delete(detections)
    .where(and(eq(detections.videoId, videoId), eq(detections.trackId, baseId), sql`${detections.frame} in ${overlap}`))
    .returning({ frame: detections.frame });
  const moved = await tx
    .update(detections)
    .set({ trackId: baseId })
    .where(and(eq(detections.videoId, videoId), eq(detections.trackId, mergeId)))
    .returning({ frame: detections.frame });
  const segments = await tx
    .update(actionSegments)
    .set({ trackId: baseId, version: sql`${actionSegments.version} + 1`, updatedById: by, updatedAt: new Date() })
    .where(and(eq(actionSegments.videoId, videoId), eq(actionSegments.trackId, mergeId)))
    .returning();
  return { replaced: replaced.length, moved: moved.length, segments };
}

export async function deleteTrackRows(tx: Tx, videoId: number, trackId: number) {
  const d = await tx
    .delete(detections)
    .where(ofTracks(videoId, [trackId]))
    .returning({ f: detections.frame });
  const s = await tx
    .delete(actionSegments)
    .where(segmentsOf(videoId, [trackId]))
    .returning({ id: actionSegments.id });
  return { detections: d.length, segments: s.length };
}

/**
 * Puts the rows of undo snapshot `token` back exactly as they were and removes the snapshot (one use).
 * Null when the token is unknown for the video or was used.
 */
export async function restoreSnapshot(tx: Tx, videoId: number, token: number) {
  const [undo] = await tx
    .delete(annotationUndo)
    .where(and(eq(annotationUndo.id, token), eq(annotationUndo.videoId, videoId)))
    .returning();
  if (!undo) return null;
  const dets = undo.detections as StoredDetection[];
  const current = await tx
    .delete(detections)
    .where(ofTracks(videoId, undo.trackIds))
    .returning({ trackId: detections.trackId, frame: detections.frame, version: detections.version });
  const currentVersion = new Map(current.map((c) => [`${c.trackId}/${c.frame}`, c.version]));
  // A row comes back at its version when its place is empty (a save based on it is based on exactly this
  // box); where another row stands now (a merge's), above both, so a save based on that one is refused.
  // the rows that come back above the version they had before the edit: the client holds the old one
  const raised: Array<{ trackId: number; frame: number; version: number }> = [];
  await insertDetections(
    tx,
    videoId,
    dets.map(
      ([
        trackId,
        frame,
        x1,
        y1,
        x2,
        y2,
        confidence,
        keypoints,
        source,
        by,
        at,
        version = 1,
        ,
        keypointVisibility = null,
      ]) => {
        const now = currentVersion.get(`${trackId}/${frame}`);
        if (now !== undefined) raised.push({ trackId, frame, version: Math.max(now, version) + 1 });
        return {
          trackId,
          frame,
          x1,
          y1,
          x2,
          y2,
          confidence,
          keypoints,
          keypointVisibility,
          source,
          updatedById: by,
          updatedAt: at ? new Date(at) : null,
          version: now === undefined ? version : Math.max(now, version) + 1,
        };
      },
    ),
  );
  // the kept AI boxes (few: only boxes a person corrected) go back after the bulk insert
  for (const [trackId, frame, , , , , , , , , , , aiBox] of dets) {
    if (aiBox)
      await tx
        .update(detections)
        .set({ aiBox })
        .where(and(eq(detections.videoId, videoId), eq(detections.trackId, trackId), eq(detections.frame, frame)));
  }
  const stored = undo.segments as StoredSegment[];
  if (undo.segmentTrackIds?.length) {
    const kept = stored.map((s) => s.id);
    await tx
      .delete(actionSegments)
      .where(
        and(segmentsOf(videoId, undo.segmentTrackIds), ...(kept.length ? [notInArray(actionSegments.id, kept)] : [])),
      );
  }
  const segments: SegmentRow[] = [];
  for (const s of stored) {
    // Versions only grow, so a client holding the pre-restore version gets a 409 instead of overwriting.
    const [cur] = await tx
      .delete(actionSegments)
      .where(eq(actionSegments.id, s.id))
      .returning({ version: actionSegments.version });
    const [row] = await tx
      .insert(actionSegments)
      .values({
        ...s,
        version: Math.max(cur?.version ?? 0, s.version) + 1,
        createdAt: s.createdAt ? new Date(s.createdAt) : null,
        updatedAt: s.updatedAt ? new Date(s.updatedAt) : null,
      })
      .returning();
    segments.push(row);
  }
  return { kind: undo.kind, trackIds: undo.trackIds, restoredDetections: dets.length, raised, segments };
}
