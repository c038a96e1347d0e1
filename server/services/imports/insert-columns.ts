// How an import writes one video's boxes without holding the database and without anyone seeing half of
// them (migration 0023): the rows go into detection_rows under a staging that hides them, in batches of
// 2,000 with a turn of the event loop between, and are published by one small transaction (an O(1) switch).
// - PGlite runs one transaction at a time for everyone: each batch is a transaction of its own, so other
//   requests are served between batches. As nothing else runs inside a PGlite transaction, the version
//   re-checked when publishing is exact: an edit made meanwhile bumped it, and the import gives way.
// - PostgreSQL serves others meanwhile anyway: the whole write stays one transaction, whose row locks
//   serialise it with concurrent edits of the video as before; a crash rolls it back.
// A write that stops (an error, a refusal at publish) abandons its staging; a crash leaves it staging, and
// start-up recovery abandons it. Abandoned rows and replaced generations are deleted afterwards in short
// batches (clearDetectionGarbage).
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Database, Tx } from '../../db/connect';
import { insertDetections } from '../../repositories/detection-bulk';
import {
  abandonAllStagings,
  abandonStaging,
  deleteGarbageBatch,
  publishStaging,
  type GarbageCursor,
  type Staging,
} from '../../repositories/detection-staging';
import { rowsOf, type DetectionColumns } from './detection-columns';

/**
 * Rows per write: about 1 MB of binary COPY with keypoints. On PGlite a batch's transaction (its COPY and
 * its commit) runs without a turn of the event loop, so its size bounds how long another request waits:
 * about 0.25 s for 2,000 rows on 2 busy cores, where 5,000 rows took up to 0.7 s.
 */
const BATCH_ROWS = 2000;
/** Garbage rows deleted per transaction (a delete writes about as much as an insert). */
const GARBAGE_BATCH_ROWS = 2000;

/** Runs `fn` in a transaction: its own (PGlite), or the write's one transaction (PostgreSQL). */
export type Step = <R>(fn: (tx: Tx) => Promise<R>) => Promise<R>;

/** A test's view of the pause between two committed batches of a staged write (unset in the server). */
export const stagingProbe: { afterBatch?: (stored: number) => Promise<void> } = {};

/** What an import does around its rows: open a staging (or decide not to), then publish or give way. */
export interface StagedWrite<R> {
  /** Checks and opens the staging, or answers without writing. */
  open(tx: Tx): Promise<{ staging: Staging } | { result: R }>;
  /** Stores the rows (through `write`) and the rest of what is staged: the number of rows stored. */
  write(step: Step, staging: Staging): Promise<number>;
  /** Re-checks and writes the rest in the publishing transaction; `publish: false` abandons the staging. */
  publish(tx: Tx, staging: Staging, stored: number): Promise<{ publish: boolean; result: R }>;
}

export async function writeStaged<R>(database: Database, w: StagedWrite<R>): Promise<R> {
  let opened: Staging | null = null;
  const steps = <T>(body: (step: Step) => Promise<T>): Promise<T> =>
    database.kind === 'postgres'
      ? database.db.transaction((tx) => body((fn) => fn(tx)))
      : body((fn) => database.db.transaction(fn));
  try {
    return await steps(async (step) => {
      const o = await step((tx) => w.open(tx));
      if (!('staging' in o)) return o.result;
      const staging = (opened = o.staging);
      const stored = await w.write(step, staging);
      return step(async (tx) => {
        const p = await w.publish(tx, staging, stored);
        if (p.publish) await publishStaging(tx, staging);
        else await abandonStaging(tx, staging.stagingId);
        return p.result;
      });
    });
  } catch (e) {
    // on PGlite the batches written so far are committed and stay hidden; on PostgreSQL all rolled back
    if (opened && database.kind === 'pglite') await abandonStaging(database.db, (opened as Staging).stagingId);
    throw e;
  } finally {
    // a cleaner that fails (the database closing at a stop) leaves its garbage hidden for the next import
    // or start-up to delete: the import's own outcome stands
    if (opened) await clearDetectionGarbage(database).catch(() => undefined);
  }
}

/** Stores every row of `columns` for the staging's video, hidden by it; returns how many were stored. */
export async function insertColumns(
  step: Step,
  staging: Staging,
  columns: DetectionColumns,
  fixed: Parameters<typeof rowsOf>[3],
  trackId?: (id: number) => number,
): Promise<number> {
  let stored = 0;
  for (let from = 0; from < columns.count; from += BATCH_ROWS) {
    const rows = rowsOf(columns, from, Math.min(columns.count, from + BATCH_ROWS), fixed, trackId);
    stored += await step((tx) => insertDetections(tx, staging.videoId, rows, { place: staging }));
    await stagingProbe.afterBatch?.(stored);
    await nextTurn();
  }
  return stored;
}

/** Deletes every garbage row left by abandoned or replacing stagings, a short transaction per batch. */
export async function clearDetectionGarbage(database: Database): Promise<void> {
  let at: GarbageCursor | null = null;
  while ((at = await database.db.transaction((tx) => deleteGarbageBatch(tx, GARBAGE_BATCH_ROWS, at)))) await nextTurn();
}

/**
 * Start-up. With one process (the embedded database) a staging still open belongs to an import that died:
 * it is abandoned and its rows deleted (the live rows were never touched). On PostgreSQL no staging is
 * ever committed open (its write is one transaction). Either way the garbage a stop left is deleted.
 */
export async function recoverStagings(database: Database, singleProcess: boolean): Promise<number> {
  const abandoned = singleProcess ? await abandonAllStagings(database.db) : 0;
  await clearDetectionGarbage(database);
  return abandoned;
}
