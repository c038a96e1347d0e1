// SQL of the annotation reads: detections (whole set, per-track frame ranges, a frame window), action
// segments and relationships of one video.
import { asc, eq } from 'drizzle-orm';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { pgClientOf, pgliteClientOf, withPgConnection, type Database, type Db, type SqlRunner } from '../db/connect';
import { actionSegments, detections, relationships } from '../db/schema';
import type { DetectionRow } from '../../domain/detection-window';
import { decodeWindowCopy, SOURCE_BYTE_SQL, WINDOW_COPY_COLUMNS } from './detection-copy';

export type SegmentRow = typeof actionSegments.$inferSelect;
export type RelationshipRow = typeof relationships.$inferSelect;

// Distinct tracks by a skip scan over the (video_id, track_id, frame) primary key, then first/last frame
// per track from the same index: milliseconds even for a million detections (no full scan).
const TRACK_RANGES_SQL = `
with recursive t(track_id) as (
  (select track_id from detections where video_id = $1 order by track_id limit 1)
  union all
  select (select d.track_id from detections d where d.video_id = $1 and d.track_id > t.track_id order by d.track_id limit 1)
  from t where t.track_id is not null
)
select t.track_id,
  (select frame from detections d where d.video_id = $1 and d.track_id = t.track_id order by frame asc limit 1) as first,
  (select frame from detections d where d.video_id = $1 and d.track_id = t.track_id order by frame desc limit 1) as last
from t where t.track_id is not null order by t.track_id`;

const WINDOW_SQL = `
select track_id, frame, x1, y1, x2, y2, confidence, keypoints, source = 'human' as human, ${SOURCE_BYTE_SQL} as source, version, keypoint_visibility
from detections where video_id = $1 and frame >= $2 and frame < $3 order by frame, track_id limit $4`;

/** Every track of a video with its first and last frame. */
export async function listTrackRanges(
  sql: SqlRunner,
  videoId: number,
): Promise<Array<{ track_id: number; first_frame: number; last_frame: number }>> {
  const { rows } = await sql.query<{ track_id: number; first: number; last: number }>(TRACK_RANGES_SQL, [videoId]);
  return rows.map((r) => ({ track_id: Number(r.track_id), first_frame: Number(r.first), last_frame: Number(r.last) }));
}

/**
 * Detections of frames [from, to), by frame then track, at most `limit` rows (all without). On PGlite as a binary COPY
 * out to a blob: handing each row through its text protocol costs about 20 µs (a 2,400-row window with
 * keypoints ≈ 70 ms); the binary copy of the same rows takes about a third of that. (COPY takes no
 * parameters: the values are checked integers.)
 */
export async function listDetectionWindow(
  { db, sql }: Pick<Database, 'db' | 'sql'>,
  videoId: number,
  from: number,
  to: number,
  limit?: number,
): Promise<DetectionRow[]> {
  const checked = [videoId, from, to, limit ?? 0].every(Number.isSafeInteger);
  const pglite = pgliteClientOf(db);
  if (pglite && checked) {
    const res = (await pglite.query(windowCopySql(videoId, from, to, limit, "'/dev/blob'"))) as { blob?: Blob };
    if (!res.blob) throw new Error('COPY to /dev/blob returned no blob');
    return decodeWindowCopy(new Uint8Array(await res.blob.arrayBuffer()));
  }
  const pool = pgClientOf(db);
  if (pool && checked) return decodeWindowCopy(await copyOut(pool, windowCopySql(videoId, from, to, limit, 'stdout')));
  return (await sql.query<DetectionRow>(WINDOW_SQL, [videoId, from, to, limit ?? null])).rows;
}

const windowCopySql = (videoId: number, from: number, to: number, limit: number | undefined, target: string) =>
  `copy (select ${WINDOW_COPY_COLUMNS} from detections where video_id = ${videoId} and frame >= ${from} and frame < ${to}
      order by frame, track_id limit ${limit ?? 'all'}) to ${target} with (format binary)`;

/**
 * PostgreSQL: the same binary COPY, streamed from the server. node-postgres parses every keypoint array
 * from text (about 60 ms of the server's CPU for a 2,400-row window); the binary rows decode in a few.
 */
function copyOut(handle: pg.Pool | pg.PoolClient, statement: string): Promise<Uint8Array> {
  return withPgConnection(handle, async (client) => {
    const chunks: Buffer[] = [];
    for await (const chunk of client.query(copyTo(statement))) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  });
}

/** How many detections frames [from, to) of a video hold. */
export async function countWindowRows(sql: SqlRunner, videoId: number, from: number, to: number): Promise<number> {
  const { rows } = await sql.query<{ n: number }>(
    'select count(*)::int as n from detections where video_id = $1 and frame >= $2 and frame < $3',
    [videoId, from, to],
  );
  return Number(rows[0]?.n ?? 0);
}

/** Every detection of a video, by track then frame. */
export const listDetections = (db: Db, videoId: number) =>
  db
    .select()
    .from(detections)
    .where(eq(detections.videoId, videoId))
    .orderBy(asc(detections.trackId), asc(detections.frame));

/** Action segments of a video, by start time. */
export const listSegments = (db: Db, videoId: number): Promise<SegmentRow[]> =>
  db
    .select()
    .from(actionSegments)
    .where(eq(actionSegments.videoId, videoId))
    .orderBy(asc(actionSegments.startTime), asc(actionSegments.id));

export const listRelationships = (db: Db, videoId: number): Promise<RelationshipRow[]> =>
  db.select().from(relationships).where(eq(relationships.videoId, videoId));
