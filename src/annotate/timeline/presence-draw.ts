// Track presence on the timeline: a faint band where a track has detections (gaps stay empty) and hatching
// where its boxes are below the low-confidence mark, from the review summary's runs. Runs closer than a
// pixel are drawn as one rectangle, so a 1M-detection video costs at most one rectangle per pixel per row.
import type { TrackPresence } from '../review/review-nav';

export interface PresenceDrawn {
  bands: number;
  low: number;
}

const BAND = 'rgba(100, 116, 139, 0.2)';
const HATCH = 'rgba(217, 119, 6, 0.75)';
const patterns = new WeakMap<CanvasRenderingContext2D, CanvasPattern | string>();

/** Diagonal amber stripes, made once per canvas (a plain translucent fill where patterns are not drawn). */
function hatch(ctx: CanvasRenderingContext2D): CanvasPattern | string {
  let p = patterns.get(ctx);
  if (p) return p;
  const tile = document.createElement('canvas');
  tile.width = 6;
  tile.height = 6;
  const t = tile.getContext('2d');
  if (t) {
    t.strokeStyle = HATCH;
    t.lineWidth = 1.5;
    t.beginPath();
    t.moveTo(-1, 7);
    t.lineTo(7, -1);
    t.stroke();
  }
  p = (t && ctx.createPattern(tile, 'repeat')) || 'rgba(217, 119, 6, 0.35)';
  patterns.set(ctx, p);
  return p;
}

/** Adds flat frame runs [first, last, …] of one row to `path` as pixel rectangles; returns how many. */
function addRuns(path: Path2D, runs: readonly number[], pxPerFrame: number, y: number, h: number): number {
  let n = 0;
  let x1 = -1;
  let x2 = -1;
  for (let i = 0; i + 1 < runs.length; i += 2) {
    const a = runs[i] * pxPerFrame;
    const b = Math.max(a + 1, (runs[i + 1] + 1) * pxPerFrame);
    if (x2 >= 0 && a <= x2 + 1) {
      x2 = Math.max(x2, b);
      continue;
    }
    if (x2 >= 0) {
      path.rect(x1, y, x2 - x1, h);
      n++;
    }
    x1 = a;
    x2 = b;
  }
  if (x2 >= 0) {
    path.rect(x1, y, x2 - x1, h);
    n++;
  }
  return n;
}

/**
 * Draws the presence of the rows `first..last` (track ids by row, y of a row, row height); hidden tracks
 * are skipped. One fill for every band and one for every hatch.
 */
export function drawPresence(
  ctx: CanvasRenderingContext2D,
  presence: ReadonlyMap<number, TrackPresence>,
  rows: {
    trackIds: readonly number[];
    first: number;
    last: number;
    rowY: (row: number) => number;
    rowH: number;
    hidden: readonly number[];
  },
  pxPerFrame: number,
): PresenceDrawn {
  const bands = new Path2D();
  const low = new Path2D();
  const drawn: PresenceDrawn = { bands: 0, low: 0 };
  for (let row = rows.first; row <= rows.last; row++) {
    const p = presence.get(rows.trackIds[row]);
    if (!p || rows.hidden.includes(rows.trackIds[row])) continue;
    const y = rows.rowY(row) + 1;
    drawn.bands += addRuns(bands, p.runs, pxPerFrame, y, rows.rowH - 2);
    drawn.low += addRuns(low, p.low, pxPerFrame, y, rows.rowH - 2);
  }
  ctx.fillStyle = BAND;
  ctx.fill(bands);
  if (drawn.low) {
    ctx.fillStyle = hatch(ctx);
    ctx.fill(low);
  }
  return drawn;
}
