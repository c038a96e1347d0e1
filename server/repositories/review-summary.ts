// Reads of the review navigation summary of one video: the columns its runs are computed from
// (domain/review-runs.ts), a range of frames at a time. Only those columns leave the database.
import type { Database, SqlRunner } from '../db/connect';
import { pgliteClientOf } from '../db/connect';
import type { ReviewDetections } from '../../domain/review-runs';
import { decodeReviewCopy, REVIEW_COPY_COLUMNS } from './detection-copy';

/** The last frame with a detection (the summary reads the video in frame chunks up to it). */
export async function lastDetectionFrame(sql: SqlRunner, videoId: number): Promise<number | null> {
  const { rows } = await sql.query<{ f: number | null }>('select max(frame) as f from detections where video_id = $1', [
    videoId,
  ]);
  return rows[0]?.f == null ? null : Number(rows[0].f);
}

const REVIEW_SQL = `select ${REVIEW_COPY_COLUMNS} from detections where video_id = $1 and frame >= $2 and frame < $3`;

/**
 * Track, frame, confidence and box of the detections of frames [from, to), in no particular order (the
 * builder sorts them by frame: cheaper than a sort in the database, which doubled the read). On PGlite
 * as a binary COPY out to a blob (a fixed 58 bytes a row, no text to parse); on PostgreSQL as text rows
 * (a float4 prints as its shortest exact form, so parsing it back gives the same single-precision value).
 * COPY takes no parameters: the values are checked integers.
 */
export async function listReviewDetections(
  { db, sql }: Pick<Database, 'db' | 'sql'>,
  videoId: number,
  from: number,
  to: number,
): Promise<ReviewDetections> {
  const pglite = pgliteClientOf(db);
  if (pglite && [videoId, from, to].every(Number.isSafeInteger)) {
    const res =
      (await pglite.query(`copy (select ${REVIEW_COPY_COLUMNS} from detections where video_id = ${videoId} and frame >= ${from} and frame < ${to})
      to '/dev/blob' with (format binary)`)) as { blob?: Blob };
    if (!res.blob) throw new Error('COPY to /dev/blob returned no blob');
    return decodeReviewCopy(new Uint8Array(await res.blob.arrayBuffer()));
  }
  type Row = { track_id: number; frame: number; confidence: number; x1: number; y1: number; x2: number; y2: number };
  const { rows } = await sql.query<Row>(REVIEW_SQL, [videoId, from, to]);
  const n = rows.length;
  const d: ReviewDetections = {
    length: n,
    track: new Int32Array(n),
    frame: new Int32Array(n),
    confidence: new Float32Array(n),
    box: new Float32Array(4 * n),
  };
  rows.forEach((r, i) => {
    d.track[i] = Number(r.track_id);
    d.frame[i] = Number(r.frame);
    d.confidence[i] = Number(r.confidence);
    d.box[4 * i] = Number(r.x1);
    d.box[4 * i + 1] = Number(r.y1);
    d.box[4 * i + 2] = Number(r.x2);
    d.box[4 * i + 3] = Number(r.y2);
  });
  return d;
}
