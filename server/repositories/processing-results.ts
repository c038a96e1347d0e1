// SQL of the processing job: the video it runs on, the heartbeat, and the one transaction that swaps the
// AI rows of a video for a new result while keeping what people edited by hand.
import { and, eq, max, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/connect';
import { actionSegments, annotationUndo, detectionRows, detections, trackVerifications, videos } from '../db/schema';
import type { VideoRow } from './videos';

/** The video row whatever its status (the job itself decides what a status means). */
export async function findVideo(db: Db, id: number): Promise<VideoRow | null> {
  const [row] = await db.select().from(videos).where(eq(videos.id, id)).limit(1);
  return row ?? null;
}

/** Keeps status_updated_at fresh while the video is still processing. */
export async function touchProcessingHeartbeat(db: Db, videoId: number): Promise<void> {
  await db
    .update(videos)
    .set({ statusUpdatedAt: new Date() })
    .where(and(eq(videos.id, videoId), eq(videos.processingStatus, 'processing')));
}

export interface KeptCounts {
  keptDetections: number;
  keptSegments: number;
  highestKeptTrack: number;
}

/**
 * Deletes the AI detections and unverified segments of a video and its undo snapshots (they refer to the
 * rows just replaced), and counts what stays: the human-edited detections and human-verified segments.
 */
export async function clearAiRows(tx: Tx, videoId: number): Promise<KeptCounts> {
  // only the AI's own boxes go: keyframes, outside keyframes and the boxes filled from them stay
  await tx.delete(detections).where(and(eq(detections.videoId, videoId), eq(detections.source, 'ai')));
  await tx
    .delete(actionSegments)
    .where(and(eq(actionSegments.videoId, videoId), eq(actionSegments.humanVerified, false)));
  await tx.delete(annotationUndo).where(eq(annotationUndo.videoId, videoId));
  // the new result numbers its tracks anew: a mark would name another person
  await tx.delete(trackVerifications).where(eq(trackVerifications.videoId, videoId));
  const [d] = await tx
    .select({ top: max(detections.trackId), n: sql<number>`count(*)::int` })
    .from(detections)
    .where(eq(detections.videoId, videoId));
  const [s] = await tx
    .select({ top: max(actionSegments.trackId), n: sql<number>`count(*)::int` })
    .from(actionSegments)
    .where(eq(actionSegments.videoId, videoId));
  return { keptDetections: Number(d.n), keptSegments: Number(s.n), highestKeptTrack: Math.max(d.top ?? 0, s.top ?? 0) };
}

/**
 * The highest version of any detection row of the video (0 when it has none), hidden ones too: a row
 * replaced by an import still being published, or one an import is writing, may be what a client last saw.
 */
export async function highestDetectionVersion(tx: Db | Tx, videoId: number): Promise<number> {
  const [row] = await tx
    .select({ top: max(detectionRows.version) })
    .from(detectionRows)
    .where(eq(detectionRows.videoId, videoId));
  return row?.top ?? 0;
}

export async function insertSegments(tx: Tx, rows: Array<typeof actionSegments.$inferInsert>): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) await tx.insert(actionSegments).values(rows.slice(i, i + 1000));
}
