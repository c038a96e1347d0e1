// SQL of single-detection writes (each checks the version it was based on in the same statement) and of
// track existence.
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/connect';
import { actionSegments, detections } from '../db/schema';

export type DetectionRow = typeof detections.$inferSelect;
export interface DetectionKey {
  videoId: number;
  trackId: number;
  frame: number;
}

const at = (k: DetectionKey) =>
  and(eq(detections.videoId, k.videoId), eq(detections.trackId, k.trackId), eq(detections.frame, k.frame));

/** A track exists when it has detections or an action segment refers to it. */
export async function trackExists(db: Db | Tx, videoId: number, trackId: number): Promise<boolean> {
  const [d] = await db
    .select({ one: sql<number>`1` })
    .from(detections)
    .where(and(eq(detections.videoId, videoId), eq(detections.trackId, trackId)))
    .limit(1);
  if (d) return true;
  const [s] = await db
    .select({ one: sql<number>`1` })
    .from(actionSegments)
    .where(and(eq(actionSegments.videoId, videoId), eq(actionSegments.trackId, trackId)))
    .limit(1);
  return Boolean(s);
}

export async function findDetection(db: Db, k: DetectionKey): Promise<DetectionRow | null> {
  const [row] = await db.select().from(detections).where(at(k)).limit(1);
  return row ?? null;
}

type DetectionValues = Omit<typeof detections.$inferInsert, 'videoId' | 'trackId' | 'frame' | 'version'>;

/**
 * Saves `values` over the stored row of `k` and bumps its version, only while the stored version is still
 * `version`: the check and the write are one statement, so of concurrent saves based on one version exactly
 * one matches (the others wait for its row lock, then see the new version). Null when it did not match.
 */
export async function updateDetectionAtVersion(
  db: Db,
  k: DetectionKey,
  version: number,
  values: DetectionValues,
): Promise<DetectionRow | null> {
  const [row] = await db
    .update(detections)
    .set({ ...values, version: sql`${detections.version} + 1` })
    .where(and(at(k), eq(detections.version, version)))
    .returning();
  return row ?? null;
}

/** Stores a new row at `k` (version 1); null when a row is already there (someone stored one first). */
export async function insertDetectionIfAbsent(
  db: Db,
  k: DetectionKey,
  values: DetectionValues,
): Promise<DetectionRow | null> {
  const [row] = await db
    .insert(detections)
    .values({ ...k, ...values })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/** Deletes the row of `k` while its version is still `version`; null when it did not match. */
export async function deleteDetectionAtVersion(db: Db, k: DetectionKey, version: number): Promise<DetectionRow | null> {
  const [row] = await db
    .delete(detections)
    .where(and(at(k), eq(detections.version, version)))
    .returning();
  return row ?? null;
}
