// SQL of the per-video annotation version: every write of a video's detections, segments or tracks
// bumps it inside its own transaction, and cached or revalidated detection windows are keyed by it.
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/connect';
import { videos } from '../db/schema';

export async function bumpAnnotationVersion(db: Db | Tx, videoId: number): Promise<void> {
  await db
    .update(videos)
    .set({ annotationVersion: sql`${videos.annotationVersion} + 1` })
    .where(eq(videos.id, videoId));
}

/** Key-share locks the video row until the transaction ends (waits for an import publishing it). */
export async function lockVideoKey(tx: Tx, videoId: number): Promise<void> {
  await tx.select({ id: videos.id }).from(videos).where(eq(videos.id, videoId)).for('key share');
}
