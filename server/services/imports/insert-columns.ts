// Storing imported columns (detection-columns.ts) through the bulk writer in batches, with a turn of the
// event loop between batches: a 200,000-row video is 40 writes of 5,000 rows, never one object per row for
// all of them at once, and other requests are served in between.
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Db, Tx } from '../../db/connect';
import { insertDetections } from '../../repositories/detection-bulk';
import { rowsOf, type DetectionColumns } from './detection-columns';

/** Rows per write: about 2.5 MB of binary COPY with keypoints. */
const BATCH_ROWS = 5000;

/** Stores every row of `columns` for `videoId`; returns how many were stored. */
export async function insertColumns(
  tx: Db | Tx,
  videoId: number,
  columns: DetectionColumns,
  fixed: Parameters<typeof rowsOf>[3],
  trackId?: (id: number) => number,
): Promise<number> {
  let stored = 0;
  for (let from = 0; from < columns.count; from += BATCH_ROWS) {
    const rows = rowsOf(columns, from, Math.min(columns.count, from + BATCH_ROWS), fixed, trackId);
    stored += await insertDetections(tx, videoId, rows);
    await nextTurn();
  }
  return stored;
}
