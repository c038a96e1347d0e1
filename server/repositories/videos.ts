// SQL over the videos table.
import { and, eq, ne } from 'drizzle-orm';
import type { Db, Tx } from '../db/connect';
import { videos } from '../db/schema';
import type { VideoRow } from '../services/video-dto';

/** The video row unless it is missing or deleted (a deleted video is gone for every reader and writer). */
export async function findLiveVideo(db: Db | Tx, id: number): Promise<VideoRow | null> {
  const [row] = await db.select().from(videos).where(and(eq(videos.id, id), ne(videos.processingStatus, 'deleted'))).limit(1);
  return row ?? null;
}
