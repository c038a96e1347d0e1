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
