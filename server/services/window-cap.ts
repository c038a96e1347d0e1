// The size cap of one detection-window answer. A window of 2,000 frames over a crowd could be 200,000 rows
// (50 MB) in one answer; instead the server answers whole frames from `from` up to the cap and says where
// it stopped (the window's `to`, and X-Window-To), and the editor asks for the rest from there. One frame
// always fits: the cap is never below the per-frame track limit that every import enforces.
// A part reads about the cap, not the whole range asked for: the rows of its first frames say how dense the
// range is, and the part reaches only as far as the cap should last (the database's planner has no row
// statistics on the embedded database, so a LIMIT alone would still read the whole range).
import type { Database } from '../db/connect';
import { windowByteLength, type DetectionRow } from '../../domain/detection-window';
import { MAX_TRACKS_PER_FRAME } from '../../domain/formats/import-limits';
import { countWindowRows, listDetectionWindow } from '../repositories/annotations';

/** Frames counted to learn how dense a window is. */
const PROBE_FRAMES = 16;

/** The rows a window of at most `maxBytes` holds, and never fewer than one full frame. */
export function windowRowCap(maxBytes: number): number {
  const perRow = windowByteLength(1) - windowByteLength(0);
  return Math.max(MAX_TRACKS_PER_FRAME, Math.floor((maxBytes - windowByteLength(0)) / perRow));
}

/**
 * The answer to a window ending at `to` from its rows read by frame, at most `cap + 1` of them: all of them
 * when they fit, else the whole frames before the first one that does not, with `to` moved to that frame.
 * A first frame holding more than the cap (only data stored past the per-frame limit) is answered alone,
 * cut to the cap.
 */
export function cutWindow(rows: DetectionRow[], to: number, cap: number) {
  if (rows.length <= cap) return { rows, to };
  const stop = rows[cap].frame;
  if (rows[0].frame === stop) return { rows: rows.slice(0, cap), to: stop + 1 };
  let keep = cap;
  while (rows[keep - 1].frame === stop) keep--;
  return { rows: rows.slice(0, keep), to: stop };
}

/** The rows of [from, to) up to `cap` (whole frames), and where they end. */
export async function readCappedWindow(
  database: Pick<Database, 'db' | 'sql'>,
  videoId: number,
  from: number,
  to: number,
  cap: number,
): Promise<{ rows: DetectionRow[]; to: number }> {
  let end = to;
  const probeTo = Math.min(to, from + PROBE_FRAMES);
  if (probeTo < to) {
    const perFrame = (await countWindowRows(database.sql, videoId, from, probeTo)) / (probeTo - from);
    // a quarter more than the density promises, so a part is rarely smaller than it could be
    if (perFrame > 0) end = Math.min(to, Math.max(probeTo, from + Math.floor((1.25 * cap) / perFrame)));
  }
  return cutWindow(await listDetectionWindow(database, videoId, from, end, cap + 1), end, cap);
}
