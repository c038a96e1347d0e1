// SQL of single-detection writes and of track existence.
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/connect';
import { actionSegments, detections } from '../db/schema';

export type DetectionRow = typeof detections.$inferSelect;
export interface DetectionKey { videoId: number; trackId: number; frame: number }

const at = (k: DetectionKey) => and(eq(detections.videoId, k.videoId), eq(detections.trackId, k.trackId), eq(detections.frame, k.frame));

/** A track exists when it has detections or an action segment refers to it. */
export async function trackExists(db: Db | Tx, videoId: number, trackId: number): Promise<boolean> {
  const [d] = await db.select({ one: sql<number>`1` }).from(detections)
    .where(and(eq(detections.videoId, videoId), eq(detections.trackId, trackId))).limit(1);
  if (d) return true;
  const [s] = await db.select({ one: sql<number>`1` }).from(actionSegments)
    .where(and(eq(actionSegments.videoId, videoId), eq(actionSegments.trackId, trackId))).limit(1);
  return Boolean(s);
}

export async function findDetection(db: Db, k: DetectionKey): Promise<DetectionRow | null> {
  const [row] = await db.select().from(detections).where(at(k)).limit(1);
  return row ?? null;
}

type DetectionValues = Omit<typeof detections.$inferInsert, 'videoId' | 'trackId' | 'frame'>;

/** Updates the stored row of `k`, or inserts one when there is none. */
export async function saveDetection(db: Db, k: DetectionKey, exists: boolean, values: DetectionValues): Promise<DetectionRow> {
  const [row] = exists
    ? await db.update(detections).set(values).where(at(k)).returning()
    : await db.insert(detections).values({ ...k, ...values }).returning();
  return row;
}

export async function deleteDetectionAt(db: Db, k: DetectionKey): Promise<DetectionRow | null> {
  const [row] = await db.delete(detections).where(at(k)).returning();
  return row ?? null;
}
