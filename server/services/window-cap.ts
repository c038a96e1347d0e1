// The size cap of one detection-window answer. A window of 2,000 frames over a crowd could be 200,000 rows
// (50 MB) in one answer; instead the server answers whole frames from `from` up to the cap and says where
// it stopped (the window's `to`, and X-Window-To), and the editor asks for the rest from there. One frame
// always fits: the cap is never below the per-frame track limit that every import enforces.
import { windowByteLength, type DetectionRow } from '../../domain/detection-window';
import { MAX_TRACKS_PER_FRAME } from '../../domain/formats/import-limits';

/** The rows a window of at most `maxBytes` holds, and never fewer than one full frame. */
export function windowRowCap(maxBytes: number): number {
  const perRow = windowByteLength(1) - windowByteLength(0);
  return Math.max(MAX_TRACKS_PER_FRAME, Math.floor((maxBytes - windowByteLength(0)) / perRow));
}

/**
 * The answer to a window ending at `to` from rows read by frame, at most `cap + 1` of them: all of them when they fit,
 * else the whole frames before the first one that does not fit, with `to` moved to that frame. A first
 * frame holding more than the cap (only data stored past the per-frame limit) is answered alone, cut to it.
 */
export function cutWindow(rows: DetectionRow[], to: number, cap: number) {
  if (rows.length <= cap) return { rows, to };
  const stop = rows[cap].frame;
  if (rows[0].frame === stop) return { rows: rows.slice(0, cap), to: stop + 1 };
  let keep = cap;
  while (rows[keep - 1].frame === stop) keep--;
  return { rows: rows.slice(0, keep), to: stop };
}
