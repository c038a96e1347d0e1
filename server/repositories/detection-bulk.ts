// Bulk detection writes (processing results, undo restores, the seeding script), never row by row:
// - PGlite: binary COPY FROM a blob, large batches. Text parsing of keypoint floats in WebAssembly would
//   cost several times more than the insert itself.
// - PostgreSQL: one INSERT … SELECT FROM unnest(…) per batch, each column travelling as one array literal,
//   so thousands of rows cost one statement and a dozen parameters. (COPY through `pg` needs
//   pg-copy-streams, which is not a dependency.)
// Both take row locks only: readers of other videos, and of this one, are never blocked.
import { sql } from 'drizzle-orm';
import { pgliteClientOf, type Db, type PgliteBlobQuery, type Tx } from '../db/connect';
import { COPY_COLUMNS, encodeCopyBinary } from './detection-copy';

export interface NewDetection {
  trackId: number; frame: number; x1: number; y1: number; x2: number; y2: number; confidence: number;
  /** 17 × [x, y, score] flattened; NaN is kept as NaN. */
  keypoints: number[] | null;
  source: string;
  updatedById?: string | null;
  updatedAt?: Date | null;
}

/** Rows per statement: large enough that statement overhead vanishes, small enough to keep each literal a few MB. */
const INSERT_BATCH_ROWS = 5000;
/** Rows per COPY blob (about 25 MB with keypoints). */
const COPY_BATCH_ROWS = 50_000;

/** A double-quoted element of a PostgreSQL array literal, or NULL. */
const quoted = (s: string | null | undefined) => (s == null ? 'NULL' : `"${s.replace(/[\\"]/g, '\\$&')}"`);
const numbers = (xs: number[]) => `{${xs.join(',')}}`;
const texts = (xs: Array<string | null | undefined>) => `{${xs.map(quoted).join(',')}}`;

function batchSql(videoId: number, rows: NewDetection[], skipConflicts: boolean) {
  const col = <K extends keyof NewDetection>(k: K) => rows.map((r) => r[k]);
  // Keypoints of the whole batch travel as one flat real[] (parsed once) and each row takes its slice by
  // start and length: parsing one small real[] per row costs several times more on PGlite.
  const flat: number[] = [];
  const starts: number[] = [];
  const lengths: Array<number | null> = [];
  for (const r of rows) {
    starts.push(flat.length);
    lengths.push(r.keypoints ? r.keypoints.length : null);
    if (r.keypoints) for (const v of r.keypoints) flat.push(v);
  }
  return sql`with ins as (
    insert into detections (video_id, track_id, frame, x1, y1, x2, y2, confidence, keypoints, source, updated_by_id, updated_at)
    select ${videoId}::int, t, f, a, b, c, d, conf, case when kl is not null then kp[ks + 1 : ks + kl] end, s, by, at::timestamptz
    from unnest(${numbers(col('trackId'))}::int[], ${numbers(col('frame'))}::int[], ${numbers(col('x1'))}::real[],
      ${numbers(col('y1'))}::real[], ${numbers(col('x2'))}::real[], ${numbers(col('y2'))}::real[], ${numbers(col('confidence'))}::real[],
      ${numbers(starts)}::int[], ${texts(lengths.map((n) => (n === null ? null : String(n))))}::int[], ${texts(col('source'))}::text[],
      ${texts(col('updatedById'))}::text[], ${texts(rows.map((r) => r.updatedAt?.toISOString()))}::text[])
      as u(t, f, a, b, c, d, conf, ks, kl, s, by, at),
      (select ${numbers(flat)}::real[] as kp) as k
    ${skipConflicts ? sql`on conflict do nothing` : sql``}
    returning 1)
  select count(*)::int as n from ins`;
}

/**
 * Inserts `rows` of one video in large batches; returns how many were stored. With `skipConflicts`, a row
 * whose (track, frame) is already stored gives way to it instead of failing the transaction.
 */
export async function insertDetections(db: Db | Tx, videoId: number, rows: NewDetection[], opts: { skipConflicts?: boolean } = {}): Promise<number> {
  const pglite = pgliteClientOf(db);
  if (pglite) return copyDetections(db, pglite, videoId, rows, opts.skipConflicts ?? false);
  let stored = 0;
  for (let i = 0; i < rows.length; i += INSERT_BATCH_ROWS) {
    const res = await db.execute(batchSql(videoId, rows.slice(i, i + INSERT_BATCH_ROWS), opts.skipConflicts ?? false));
    stored += Number((res as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0);
  }
  return stored;
}

/**
 * COPY has no ON CONFLICT, so rows whose key is taken are left out beforehand. That is exact on PGlite: it
 * has one connection, so nothing else writes between the read and the COPY.
 */
async function copyDetections(db: Db | Tx, client: PgliteBlobQuery, videoId: number, rows: NewDetection[], skipConflicts: boolean): Promise<number> {
  let fresh = rows;
  if (skipConflicts) {
    const taken = await db.execute(sql`select track_id, frame from detections where video_id = ${videoId}`);
    const keys = new Set((taken as unknown as { rows: Array<{ track_id: number; frame: number }> }).rows.map((r) => `${r.track_id}:${r.frame}`));
    const seen = new Set<string>();
    fresh = rows.filter((r) => {
      const k = `${r.trackId}:${r.frame}`;
      if (keys.has(k) || seen.has(k)) return false;
      seen.add(k);
      return true;
    });
  }
  if (!fresh.length) return 0;
  // The foreign key to videos costs a lookup per row, nearly half of a COPY on PGlite. Inside a transaction
  // the video row is checked and locked once instead (the lock the per-row check would take), and the
  // per-row trigger is skipped for these COPYs only: `set local` ends with the transaction, and `origin`
  // restores the checks for whatever the transaction writes next. Outside a transaction the checks stay.
  const inTransaction = 'rollback' in db;
  if (inTransaction) {
    const found = await db.execute(sql`select 1 from videos where id = ${videoId} for key share`);
    if (!(found as unknown as { rows: unknown[] }).rows.length) throw new Error(`video ${videoId} does not exist`);
    await db.execute(sql`set local session_replication_role = replica`);
  }
  for (let i = 0; i < fresh.length; i += COPY_BATCH_ROWS) {
    const blob = new Blob([encodeCopyBinary(videoId, fresh.slice(i, i + COPY_BATCH_ROWS))]);
    await client.query(`copy detections (${COPY_COLUMNS}) from '/dev/blob' with (format binary)`, [], { blob });
  }
  // (after a failed COPY the transaction is rolled back, which ends the setting too)
  if (inTransaction) await db.execute(sql`set local session_replication_role = origin`);
  return fresh.length;
}
