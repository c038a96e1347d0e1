// SQL of uploads: the video row of a freshly uploaded file (with a log line saying who sent it).
import { eq } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { processingLog, videos } from '../db/schema';
import type { ScannedVideo } from './ingest';
import type { VideoRow } from './videos';

export async function videoPathTaken(db: Db, file: string): Promise<boolean> {
  return (await db.select({ id: videos.id }).from(videos).where(eq(videos.path, file)).limit(1)).length > 0;
}

/** Adds the row (status pending) and its first log line in one transaction. */
export async function insertUploadedVideo(db: Db, values: ScannedVideo, logLine: string): Promise<VideoRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(videos)
      .values({ ...values, processingStatus: 'pending' })
      .returning();
    await tx.insert(processingLog).values({ videoId: row.id, line: logLine });
    return row;
  });
}
