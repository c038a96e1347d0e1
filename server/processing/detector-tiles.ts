// A frame read as two overlapping squares of its short side, or as four smaller squares at its corners, each
// filling the detector's input: people reach the detector larger than when the whole frame is squeezed into
// it. Boxes from each square are moved back into the frame; a box cut by a square's inner edge is dropped
// (another square holds that person whole, the squares overlapping by more than a person's width), and the
// rest are merged as the detector merges its own (topdown.ts keepDistinct). When to read squares:
// detector-passes.ts.
import { keepDistinct, type DetectedPerson } from './topdown';

/** A square of the frame, in frame pixels. */
export interface Tile {
  x: number;
  y: number;
  size: number;
}

/** How a detector pass reads the frame: as it always did (whole, or two frames stacked), two squares, or four. */
export type FrameReading = 'whole' | 'squares' | 'grid';

/** A box this close (px) to a square's inner edge is taken as cut by it. */
const CUT_MARGIN = 2;

/** The two squares of the frame's short side at its two ends (one square when the frame is square). */
export function squareTiles(width: number, height: number): Tile[] {
  const size = Math.min(width, height);
  if (width === height) return [{ x: 0, y: 0, size }];
  return width > height
    ? [
        { x: 0, y: 0, size },
        { x: width - size, y: 0, size },
      ]
    : [
        { x: 0, y: 0, size },
        { x: 0, y: height - size, size },
      ];
}

/**
 * Four squares at the frame's corners, two along each side: each is 3/4 of the short side (and at least 0.55 of
 * the long side, so the two along it overlap by a tenth of it or more). On a 4:3 frame they read people 4/3 as
 * large as the two squares do; a pass reads two of them (tilesFor), so they cost what two squares cost.
 */
export function gridTiles(width: number, height: number): Tile[] {
  const short = Math.min(width, height);
  const size = Math.min(short, Math.max(Math.round(0.75 * short), Math.ceil(0.55 * Math.max(width, height))));
  const xs = [0, width - size],
    ys = [0, height - size];
  return ys.flatMap((y) => xs.map((x) => ({ x, y, size })));
}

/**
 * The squares the `pass`-th pass (from 0) reads for a reading other than whole: both squares on every pass;
 * of the four corner squares, one diagonal pair (top left, bottom right) on even passes and the other on odd
 * ones. Each corner is then read close up at half the pass rate (2.5 times a second), and the frame's middle,
 * which both pairs cover, at every pass; a person between two passes that read their corner is followed on
 * crops as anyone the detector misses is. Reading all four every pass cost 4 detector runs a pass, which on a
 * street camera's frame was 70 % of the work (bench/processing.ts).
 */
export function tilesFor(reading: 'squares' | 'grid', width: number, height: number, pass = 0): Tile[] {
  if (reading === 'squares') return squareTiles(width, height);
  const [topLeft, topRight, bottomLeft, bottomRight] = gridTiles(width, height);
  return pass % 2 ? [topRight, bottomLeft] : [topLeft, bottomRight];
}

/** The RGB pixels of one square of an RGB frame `width` pixels wide. */
export function tileRgb(rgb: Uint8Array, width: number, t: Tile): Uint8Array {
  const out = new Uint8Array(t.size * t.size * 3);
  for (let r = 0; r < t.size; r++) {
    const from = ((t.y + r) * width + t.x) * 3;
    out.set(rgb.subarray(from, from + t.size * 3), r * t.size * 3);
  }
  return out;
}

/**
 * Boxes found in each square (rows of x1, y1, x2, y2, score in the square's pixels) → one frame's boxes in
 * frame pixels, as the detector's rows: cut boxes dropped, the rest merged strongest first.
 */
export function mergeTileRows(rows: Float32Array[], tiles: Tile[], width: number, height: number): Float32Array {
  const all: DetectedPerson[] = [];
  tiles.forEach((t, i) => {
    const r = rows[i];
    for (let k = 0; k + 5 <= r.length; k += 5) {
      const b = { x1: r[k] + t.x, y1: r[k + 1] + t.y, x2: r[k + 2] + t.x, y2: r[k + 3] + t.y, score: r[k + 4] };
      const cutLeft = t.x > 0 && b.x1 <= t.x + CUT_MARGIN;
      const cutRight = t.x + t.size < width && b.x2 >= t.x + t.size - CUT_MARGIN;
      const cutTop = t.y > 0 && b.y1 <= t.y + CUT_MARGIN;
      const cutBottom = t.y + t.size < height && b.y2 >= t.y + t.size - CUT_MARGIN;
      if (!(cutLeft || cutRight || cutTop || cutBottom)) all.push(b);
    }
  });
  return Float32Array.from(keepDistinct(all).flatMap((p) => [p.x1, p.y1, p.x2, p.y2, p.score]));
}
