// SQL of the annotation package export: a source's videos and one video's detections, both read in
// keyset pages so an export of any size holds one page at a time.
import { and, asc, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db, SqlRunner } from '../db/connect';
import { videos } from '../db/schema';
import type { VideoRow } from './videos';
import { PROCESSED_STATUSES } from '../../domain/processed-videos';

/** Videos of a source with one of the statuses, after id `afterId`, by id. */
export const sourceVideosPage = (
  db: Db,
  root: string,
  statuses: string[],
  afterId: number,
  limit: number,
): Promise<VideoRow[]> =>
  db
    .select()
    .from(videos)
    .where(and(eq(videos.sourceRoot, root), inArray(videos.processingStatus, statuses), gt(videos.id, afterId)))
    .orderBy(asc(videos.id))
    .limit(limit);

/** Processed videos (domain/processed-videos.ts) per source root; roots without one are left out. */
export async function countProcessedBySource(db: Db, root?: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ root: videos.sourceRoot, n: sql<number>`count(*)::int` })
    .from(videos)
    .where(
      and(
        inArray(videos.processingStatus, [...PROCESSED_STATUSES]),
        isNotNull(videos.aiProcessedAt),
        root === undefined ? undefined : eq(videos.sourceRoot, root),
      ),
    )
    .groupBy(videos.sourceRoot);
  return new Map(rows.map((r) => [r.root, Number(r.n)]));
}

export interface DetectionExportRow {
  track_id: number;
  frame: number;
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  confidence: number;
  keypoints: number[] | null;
  source: string;
  updated_by_id: string | null;
  updated_at: Date | string | null;
  keypoint_visibility: number[] | null;
}

// One track at a time, in frame order: `track_id = $2 and frame > $3 order by frame` is an ordered range of
// the primary key (video_id, track_id, frame) that stops at the limit. (Paging the whole video with a row
// comparison `(track_id, frame) > (…)` is planned as a bitmap scan plus a sort of every remaining row,
// which makes paging quadratic.)
const TRACK_PAGE_SQL = `
select track_id, frame, x1, y1, x2, y2, confidence, keypoints, source, updated_by_id, updated_at, keypoint_visibility
from detections where video_id = $1 and track_id = $2 and frame > $3 order by frame limit $4`;

/** Up to `limit` detections of one track after `afterFrame`, by frame. */
export async function trackDetectionsPage(
  sqlRunner: SqlRunner,
  videoId: number,
  trackId: number,
  afterFrame: number,
  limit: number,
): Promise<DetectionExportRow[]> {
  return (await sqlRunner.query<DetectionExportRow>(TRACK_PAGE_SQL, [videoId, trackId, afterFrame, limit])).rows;
}
