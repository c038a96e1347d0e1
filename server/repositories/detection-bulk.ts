// Bulk detection writes (processing results, package and format imports, undo restores, the seeding
// script), never row by row, as binary COPY (text parsing of a million rows × 51 keypoint floats would
// cost several times more than the insert itself):
// - PGlite: COPY FROM a blob, large batches.
// - PostgreSQL: COPY FROM STDIN streamed through pg-copy-streams; with `skipConflicts` into a temporary
//   table first, then INSERT … ON CONFLICT DO NOTHING (COPY has no ON CONFLICT, and other processes may
//   write the same video). Small writes (under COPY_MIN_ROWS) stay one INSERT … SELECT FROM unnest(…).
// Both take row locks only: readers of other videos, and of this one, are never blocked.
// Rows go to the table under the `detections` view, `detection_rows`, in the video's current generation
// (read once, its video row key-share locked as the foreign key would) or where an import staging puts them.
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { pgClientOf, pgliteClientOf, withPgConnection, type Db, type PgliteBlobQuery, type Tx } from '../db/connect';
import { COPY_COLUMNS, COPY_HEADER_BYTES, encodeCopyBinary, type RowPlace } from './detection-copy';
import type { NewDetection } from './new-detection';

/** Rows per statement: large enough that statement overhead vanishes, small enough to keep each literal a few MB. */
const INSERT_BATCH_ROWS = 5000;
/** Rows per COPY blob on PGlite (about 25 MB with keypoints). */
const COPY_BATCH_ROWS = 50_000;
/**
 * Rows per chunk of a PostgreSQL COPY stream (about 2.5 MB): small enough that the next chunk is encoded
 * while the server stores the last one, large enough that the per-chunk cost vanishes.
 */
const STREAM_CHUNK_ROWS = 5000;
/** Below this many rows, one INSERT statement on PostgreSQL costs less than a COPY's round trips. */
const COPY_MIN_ROWS = 2000;

/** A double-quoted element of a PostgreSQL array literal, or NULL. */
const quoted = (s: string | null | undefined) => (s == null ? 'NULL' : `"${s.replace(/[\\"]/g, '\\$&')}"`);
const numbers = (xs: number[]) => `{${xs.join(',')}}`;
const texts = (xs: Array<string | null | undefined>) => `{${xs.map(quoted).join(',')}}`;

function batchSql(videoId: number, rows: NewDetection[], skipConflicts: boolean, place: RowPlace | null) {
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
  // without a place the trigger of detection_rows gives each row its video's current generation
  return sql`with ins as (
    insert into detection_rows (video_id, track_id, frame, x1, y1, x2, y2, confidence, keypoints, source, updated_by_id, updated_at, version, keypoint_visibility, gen, staging_id)
    select ${videoId}::int, t, f, a, b, c, d, conf, case when kl is not null then kp[ks + 1 : ks + kl] end, s, by, at::timestamptz, ver, vis::smallint[],
      ${place?.gen ?? null}::int, ${place?.stagingId ?? null}::int
    from unnest(${numbers(col('trackId'))}::int[], ${numbers(col('frame'))}::int[], ${numbers(col('x1'))}::real[],
      ${numbers(col('y1'))}::real[], ${numbers(col('x2'))}::real[], ${numbers(col('y2'))}::real[], ${numbers(col('confidence'))}::real[],
      ${numbers(starts)}::int[], ${texts(lengths.map((n) => (n === null ? null : String(n))))}::int[], ${texts(col('source'))}::text[],
      ${texts(col('updatedById'))}::text[], ${texts(rows.map((r) => r.updatedAt?.toISOString()))}::text[],
      ${numbers(rows.map((r) => r.version ?? 1))}::int[],
      ${texts(rows.map((r) => (r.keypointVisibility ? numbers(r.keypointVisibility) : null)))}::text[])
      as u(t, f, a, b, c, d, conf, ks, kl, s, by, at, ver, vis),
      (select ${numbers(flat)}::real[] as kp) as k
    ${skipConflicts ? sql`on conflict do nothing` : sql``}
    returning 1)
  select count(*)::int as n from ins`;
}

/**
 * The video's live generation, its row key-share locked until the transaction ends (an import that
 * publishes takes it FOR UPDATE, so it is waited for and its generation read).
 */
async function currentGen(run: (text: string, params: unknown[]) => Promise<{ rows: unknown[] }>, videoId: number) {
  const found = await run('select detection_gen as gen from videos where id = $1 for key share', [videoId]);
  const row = found.rows[0] as { gen: number } | undefined;
  if (!row) throw new Error(`video ${videoId} does not exist`);
  return row.gen;
}

/**
 * Inserts `rows` of one video in large batches; returns how many were stored. With `skipConflicts`, a row
 * whose (track, frame) is already stored gives way to it instead of failing the transaction. Without
 * `place` the rows are live at once, in the video's current generation.
 */
export async function insertDetections(
  db: Db | Tx,
  videoId: number,
  rows: NewDetection[],
  opts: { skipConflicts?: boolean; place?: RowPlace } = {},
): Promise<number> {
  const pglite = pgliteClientOf(db);
  if (pglite) return copyDetections(db, pglite, videoId, rows, opts.skipConflicts ?? false, opts.place ?? null);
  const client = pgClientOf(db);
  if (client && rows.length >= COPY_MIN_ROWS)
    return copyDetectionsPg(client, videoId, rows, opts.skipConflicts ?? false, opts.place ?? null);
  let stored = 0;
  for (let i = 0; i < rows.length; i += INSERT_BATCH_ROWS) {
    const batch = rows.slice(i, i + INSERT_BATCH_ROWS);
    const res = await db.execute(batchSql(videoId, batch, opts.skipConflicts ?? false, opts.place ?? null));
    stored += Number((res as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0);
  }
  return stored;
}

/**
 * COPY has no ON CONFLICT, so rows whose key is taken are left out beforehand. That is exact on PGlite: it
 * has one connection, so nothing else writes between the read and the COPY.
 */
async function copyDetections(
  db: Db | Tx,
  client: PgliteBlobQuery,
  videoId: number,
  rows: NewDetection[],
  skipConflicts: boolean,
  place: RowPlace | null,
): Promise<number> {
  let fresh = rows;
  if (skipConflicts) {
    // (the rows of the generation written to, hidden ones too: their keys are taken as well)
    const gen = place ? sql`${place.gen}::int` : sql`(select detection_gen from videos where id = ${videoId})`;
    const taken = await db.execute(
      sql`select track_id, frame from detection_rows where video_id = ${videoId} and gen = ${gen}`,
    );
    const keys = new Set(
      (taken as unknown as { rows: Array<{ track_id: number; frame: number }> }).rows.map(
        (r) => `${r.track_id}:${r.frame}`,
      ),
    );
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
  // (reading the generation checks that the video exists, and locks it, in every case)
  const inTransaction = 'rollback' in db;
  const run = async (text: string, params: unknown[]) => (await client.query(text, params)) as { rows: unknown[] };
  const gen = await currentGen(run, videoId);
  const at = place ?? { gen, stagingId: null };
  if (inTransaction) await db.execute(sql`set local session_replication_role = replica`);
  for (let i = 0; i < fresh.length; i += COPY_BATCH_ROWS) {
    const blob = new Blob([encodeCopyBinary(videoId, fresh.slice(i, i + COPY_BATCH_ROWS), at)]);
    await client.query(`copy detection_rows (${COPY_COLUMNS}) from '/dev/blob' with (format binary)`, [], { blob });
  }
  // (after a failed COPY the transaction is rolled back, which ends the setting too)
  if (inTransaction) await db.execute(sql`set local session_replication_role = origin`);
  return fresh.length;
}

/**
 * The same per-row foreign-key saving as on PGlite, for a COPY inside a transaction: the video row is
 * checked and key-share locked once, then the per-row trigger is off until the COPY ends. Only a
 * superuser may change session_replication_role; any other role keeps the per-row checks.
 */
async function skipKeyChecks(client: pg.PoolClient): Promise<boolean> {
  const su = await client.query<{ on: boolean }>("select current_setting('is_superuser') = 'on' as on");
  if (!su.rows[0]?.on) return false;
  // (the video row was key-share locked when its generation was read)
  await client.query('set local session_replication_role = replica');
  return true;
}

/** Streams the binary COPY payloads of `rows` into `table` on one connection. */
async function copyStream(
  client: pg.PoolClient,
  table: string,
  videoId: number,
  rows: NewDetection[],
  place: RowPlace,
): Promise<void> {
  async function* payloads() {
    for (let i = 0; i < rows.length; i += STREAM_CHUNK_ROWS) {
      const bytes = encodeCopyBinary(videoId, rows.slice(i, i + STREAM_CHUNK_ROWS), place);
      // one COPY stream carries one header and one trailer: inner batches drop theirs
      const start = i === 0 ? 0 : COPY_HEADER_BYTES;
      const end = i + STREAM_CHUNK_ROWS >= rows.length ? bytes.length : bytes.length - 2;
      yield Buffer.from(bytes.buffer, bytes.byteOffset + start, end - start);
    }
  }
  await pipeline(
    Readable.from(payloads()),
    client.query(copyFrom(`copy ${table} (${COPY_COLUMNS}) from stdin with (format binary)`)),
  );
}

/**
 * PostgreSQL: COPY on the transaction's connection (or one taken from the pool, then in a transaction of
 * its own, so that the generation read stays the one written to). With `skipConflicts` the rows go to a
 * temporary table and then in with ON CONFLICT DO NOTHING, so a row another process stored meanwhile
 * gives way instead of failing the transaction.
 */
function copyDetectionsPg(
  handle: pg.Pool | pg.PoolClient,
  videoId: number,
  rows: NewDetection[],
  skipConflicts: boolean,
  place: RowPlace | null,
): Promise<number> {
  return withPgConnection(handle, async (client, pooled) => {
    try {
      if (pooled) await client.query('begin');
      const gen = await currentGen((t, p) => client.query(t, p), videoId);
      const at = place ?? { gen, stagingId: null };
      let stored = rows.length;
      if (!skipConflicts) {
        const unchecked = !pooled && (await skipKeyChecks(client));
        await copyStream(client, 'detection_rows', videoId, rows, at);
        if (unchecked) await client.query('set local session_replication_role = origin');
      } else {
        await client.query(
          'create temporary table detections_incoming (like detection_rows including defaults) on commit drop',
        );
        await copyStream(client, 'detections_incoming', videoId, rows, at);
        const res = await client.query(
          `insert into detection_rows (${COPY_COLUMNS}) select ${COPY_COLUMNS} from detections_incoming on conflict do nothing`,
        );
        // dropped now, so a later write in the same transaction can make it again
        await client.query('drop table detections_incoming');
        stored = res.rowCount ?? 0;
      }
      if (pooled) await client.query('commit');
      return stored;
    } catch (e) {
      if (pooled) await client.query('rollback').catch(() => undefined);
      throw e;
    }
  });
}
