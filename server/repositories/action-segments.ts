// SQL of action segment writes. Updates carry the version the caller read, so a concurrent save between
// read and write makes the update match nothing instead of overwriting.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { actionSegments } from '../db/schema';
import type { SegmentRow } from './annotations';

export async function segmentIdTaken(db: Db, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: actionSegments.id })
    .from(actionSegments)
    .where(eq(actionSegments.id, id))
    .limit(1);
  return Boolean(row);
}

export async function insertSegment(db: Db, values: typeof actionSegments.$inferInsert): Promise<SegmentRow> {
  const [row] = await db.insert(actionSegments).values(values).returning();
  return row;
}

export async function findSegment(db: Db, videoId: number, id: number): Promise<SegmentRow | null> {
  const [row] = await db
    .select()
    .from(actionSegments)
    .where(and(eq(actionSegments.id, id), eq(actionSegments.videoId, videoId)))
    .limit(1);
  return row ?? null;
}

/** Saves `change` and bumps the version when the stored version is still `version`; null otherwise. */
export async function updateSegmentAtVersion(
  db: Db,
  id: number,
  version: number,
  change: Pick<
    SegmentRow,
    'trackId' | 'actionClass' | 'startTime' | 'endTime' | 'confidence' | 'humanVerified' | 'updatedById'
  >,
): Promise<SegmentRow | null> {
  const [row] = await db
    .update(actionSegments)
    .set({ ...change, version: sql`${actionSegments.version} + 1`, updatedAt: new Date() })
    .where(and(eq(actionSegments.id, id), eq(actionSegments.version, version)))
    .returning();
  return row ?? null;
}

/** Deletes the action while its stored version is still `version`; false when it did not match. */
export async function deleteSegmentAtVersion(db: Db, id: number, version: number): Promise<boolean> {
  const rows = await db
    .delete(actionSegments)
    .where(and(eq(actionSegments.id, id), eq(actionSegments.version, version)))
    .returning({ id: actionSegments.id });
  return rows.length > 0;
}
