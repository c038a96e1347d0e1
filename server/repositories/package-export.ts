// SQL of the annotation package export: a source's videos and one video's detections, both read in
// keyset pages so an export of any size holds one page at a time.
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db, SqlRunner } from '../db/connect';
import { videos } from '../db/schema';
import type { VideoRow } from './videos';

/** Videos of a source with one of the statuses, after id `afterId`, by id. */
export const sourceVideosPage = (db: Db, root: string, statuses: string[], afterId: number, limit: number): Promise<VideoRow[]> =>
  db.select().from(videos)
    .where(and(eq(videos.sourceRoot, root), inArray(videos.processingStatus, statuses), gt(videos.id, afterId)))
    .orderBy(asc(videos.id)).limit(limit);

export async function countSourceVideosWithStatus(db: Db, root: string, status: string): Promise<number> {
  const [r] = await db.select({ n: sql<number>`count(*)::int` }).from(videos).where(and(eq(videos.sourceRoot, root), eq(videos.processingStatus, status)));
  return Number(r?.n ?? 0);
}

export interface DetectionExportRow {
  track_id: number; frame: number; x1: number; y1: number; x2: number; y2: number; confidence: number;
  keypoints: number[] | null; source: string; updated_by_id: string | null; updated_at: Date | string | null;
}

// (track_id, frame) is the primary key's order after video_id: each page is an index range scan.
const PAGE_SQL = `
select track_id, frame, x1, y1, x2, y2, confidence, keypoints, source, updated_by_id, updated_at
from detections where video_id = $1 and (track_id, frame) > ($2, $3) order by track_id, frame limit $4`;

/** Detections after (track, frame), by track then frame. */
export async function detectionsPage(sqlRunner: SqlRunner, videoId: number, afterTrack: number, afterFrame: number, limit: number): Promise<DetectionExportRow[]> {
  return (await sqlRunner.query<DetectionExportRow>(PAGE_SQL, [videoId, afterTrack, afterFrame, limit])).rows;
}
