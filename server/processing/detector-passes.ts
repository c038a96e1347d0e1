// How crop tracking's detector passes read the frame. By default two landscape frames share one pass,
// stacked top to bottom (topdown.ts detectPeopleStacked): half the detector's cost. When the people are small
// in the detector's input, a pass instead reads the frame as two overlapping squares of its short side, or,
// when they are smaller still, as four squares at its corners (detector-tiles.ts), each filling the detector's
// input, so people reach it up to twice as large (four squares, two a pass in turn: 1.78× on a 4:3 frame read whole): a crowd
// standing shoulder to shoulder, or people 40–90 px tall on a street camera. Which reading is decided once per video, from the
// people the first passes find (PROBE_PASSES, read as without squares): a decision that depends only on the
// video, never on when a worker answers, so the same video gives the same result.
import { gridTiles, mergeTileRows, tileRgb, tilesFor, type FrameReading } from './detector-tiles';
import type { PosePool } from './pose-pool';
import type { AnalysisGeometry } from './pose-protocol';
import { DETECTOR_SIZE } from './topdown';

/** Passes read as without squares before deciding how the rest read the frame (even: stacked passes pair among them). */
export const PROBE_PASSES = 6;
/** Squares are read when the people of the first passes are, at the median, shorter than this in the detector's input (px). */
export const TILE_BELOW_PX = 100;
/**
 * …but not when they are tinier than this: people so small are at the edge of what the detector finds at
 * any scale, and a square's closer view adds boxes on clutter (the car park's 6–38 px people, medians 20
 * and 25 px here, lose recall and precision with squares; the small people of the mosaic and the street
 * composite, 54–56 px, gain both).
 */
export const TILE_ABOVE_PX = 32;
/**
 * Below this median (px) four corner squares are read instead of two, one diagonal pair a pass
 * (detector-tiles.ts tilesFor), at the detector cost of two squares: on the mosaic of real people 64–98 px
 * tall on a 768×576 canvas (median 56 px to the detector) they take IDF1 0.851 → 0.884 and what is left to
 * correct from 1.02 to 0.87 of drawing from scratch (recall 0.814 → 0.804; the street composite 0.95 →
 * 0.80). All four squares at every pass read recall 0.842, but at 1.5× the CPU: the street composite ran at
 * 0.61× real time, one pair a pass at 0.89×. People 64–100 px keep two squares: they are found there, and
 * no clip of ours shows whether a closer view at half the rate would find them better.
 */
export const GRID_BELOW_PX = 64;
/** …and only when a reading shows people at least this much larger than the cheaper one it replaces. */
const TILE_MIN_GAIN = 1.3;
/** Boxes of the first passes scored at least this count as people for the decision. */
const PROBE_MIN_SCORE = 0.3;

/** The scale at which the detector reads a frame of content w × h: whole, stacked two to a pass, a square of its short side, or a corner square. */
export function detectorScale(w: number, h: number, how: 'whole' | 'stacked' | 'square' | 'grid'): number {
  if (how === 'square') return DETECTOR_SIZE / Math.min(w, h);
  if (how === 'grid') return DETECTOR_SIZE / gridTiles(w, h)[0].size;
  return Math.min(DETECTOR_SIZE / w, (how === 'stacked' ? DETECTOR_SIZE / 2 : DETECTOR_SIZE) / h);
}

/**
 * How the passes after the first should read the frame, given the detector rows ([x1, y1, x2, y2, score] in
 * frame pixels) of the first passes: from the median person's height in the detector's input, as passes would
 * otherwise read the frame (whole, or stacked two to a pass), against TILE_ABOVE_PX, GRID_BELOW_PX and
 * TILE_BELOW_PX. A reading is chosen only where it shows people TILE_MIN_GAIN larger than the one it replaces.
 */
export function readingFor(rows: Float32Array[], w: number, h: number, stacked: boolean): FrameReading {
  const whole = detectorScale(w, h, stacked ? 'stacked' : 'whole');
  const heights: number[] = [];
  for (const r of rows)
    for (let k = 0; k + 5 <= r.length; k += 5)
      if (r[k + 4] >= PROBE_MIN_SCORE) heights.push((r[k + 3] - r[k + 1]) * whole);
  if (!heights.length) return 'whole';
  heights.sort((a, b) => a - b);
  const median = heights[Math.floor(heights.length / 2)];
  if (median < TILE_ABOVE_PX || median >= TILE_BELOW_PX) return 'whole';
  const squares = detectorScale(w, h, 'square') >= TILE_MIN_GAIN * whole;
  const otherwise = squares ? detectorScale(w, h, 'square') : whole;
  if (median < GRID_BELOW_PX && detectorScale(w, h, 'grid') >= TILE_MIN_GAIN * otherwise) return 'grid';
  return squares ? 'squares' : 'whole';
}

/** A frame waiting for a second one to share its stacked pass with. */
interface Lone {
  frame: number;
  rgb: Uint8Array;
  /** One of the first passes, read before the decision. */
  probing: boolean;
  resolve: (rows: Float32Array) => void;
  reject: (e: Error) => void;
}

export class DetectorPasses {
  private asked = 0;
  private readonly probes: Array<Promise<Float32Array>> = [];
  private reading: Promise<FrameReading> | null = null;
  private lone: Lone | null = null;
  /** Passes read as squares so far (in frame order: they are read once the decision is known, in the order asked). */
  private squarePasses = 0;
  /** How the passes after the first read the frame (null until decided). */
  decided: FrameReading | null = null;

  constructor(
    private readonly pool: PosePool,
    private readonly g: AnalysisGeometry,
    private readonly stack: boolean,
  ) {}

  /** The detector's rows for this frame's pass, asked for now (frames in order). */
  request(frame: number, rgb: Uint8Array): Promise<Float32Array> {
    const { inputW: W, inputH: H, scaledH } = this.g;
    const probing = this.asked++ < PROBE_PASSES;
    if (!probing)
      this.reading ??= Promise.all(this.probes).then((rows) => {
        this.decided = readingFor(rows, this.g.scaledW, scaledH, this.stack);
        return this.decided;
      });
    let rows: Promise<Float32Array>;
    if (!this.stack)
      rows = this.read(
        probing,
        (r) => this.square(rgb, r),
        () => this.pool.detect(rgb.slice(), W, H),
      );
    else {
      // frames are paired now, in order, whatever the decision (PROBE_PASSES is even: the probe pairs among itself)
      const content = rgb.slice(0, W * scaledH * 3);
      const first = this.lone;
      if (!first)
        rows = new Promise((resolve, reject) => {
          this.lone = { frame, rgb: content, probing, resolve, reject };
        });
      else {
        this.lone = null;
        // a first pass left alone by a flush pairs with the next: read now, as the first passes are
        const both = this.read(
          first.probing,
          (r) => Promise.all([this.square(first.rgb, r), this.square(content, r)]),
          () => this.pool.detectStacked([first.rgb, content], W, scaledH),
        );
        both.then(([a]) => first.resolve(a), first.reject);
        rows = both.then(([, b]) => b);
      }
    }
    if (probing) this.probes.push(rows);
    return rows;
  }

  /** The frame now needed has no partner yet: its pass runs alone. */
  flushAlone(frame: number): void {
    if (this.lone?.frame !== frame) return;
    const only = this.lone;
    this.lone = null;
    this.read(
      only.probing,
      (r) => this.square(only.rgb, r),
      () => this.pool.detectStacked([only.rgb], this.g.inputW, this.g.scaledH).then(([a]) => a),
    ).then(only.resolve, only.reject);
  }

  /**
   * A pass read now as without squares (one of the first passes, `now`), or, once the decision is known,
   * as its squares or as without them.
   */
  private read<T>(now: boolean, squares: (r: 'squares' | 'grid') => Promise<T>, plain: () => Promise<T>): Promise<T> {
    return now || !this.reading ? plain() : this.reading.then((r) => (r === 'whole' ? plain() : squares(r)));
  }

  /** One pass read as the squares of the frame's content, on both workers at once. */
  private square(rgb: Uint8Array, reading: 'squares' | 'grid'): Promise<Float32Array> {
    const { inputW: W, scaledW, scaledH } = this.g;
    const tiles = tilesFor(reading, scaledW, scaledH, this.squarePasses++);
    return Promise.all(tiles.map((t) => this.pool.detect(tileRgb(rgb, W, t), t.size, t.size))).then((rows) =>
      mergeTileRows(rows, tiles, scaledW, scaledH),
    );
  }
}

/** The processing log's line on how the detector read a video's small people, the reason such a video takes longer. */
export function readingLog(reading: FrameReading | null | undefined): string[] {
  if (reading === 'squares')
    return [
      'small people: after its first passes the detector read each frame as two squares, so they reached it larger',
    ];
  if (reading === 'grid')
    return [
      'small people: after its first passes the detector read each frame as four overlapping squares, two of them at each pass in turn, so they reached it larger',
    ];
  return [];
}
