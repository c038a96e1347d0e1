// How crop tracking's detector passes read the frame. By default two landscape frames share one pass,
// stacked top to bottom (topdown.ts detectPeopleStacked): half the detector's cost. When the people are small
// in the detector's input, a pass instead reads the frame as two overlapping squares of its short side
// (detector-tiles.ts), each filling the detector's input, so people reach it up to twice as large: a crowd
// standing shoulder to shoulder, or people 40–90 px tall on a street camera. Which of the two is decided
// once per video, from the people the first passes find (PROBE_PASSES, read as without squares): a decision
// that depends only on the video, never on when a worker answers, so the same video gives the same result.
import { mergeTileRows, squareTiles, tileRgb } from './detector-tiles';
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
/** …and only when a square reads them at least this much larger than the whole frame does. */
const TILE_MIN_GAIN = 1.3;
/** Boxes of the first passes scored at least this count as people for the decision. */
const PROBE_MIN_SCORE = 0.3;

/** The scale at which the detector reads a frame of content w × h: whole, stacked two to a pass, or a square of its short side. */
export function detectorScale(w: number, h: number, how: 'whole' | 'stacked' | 'square'): number {
  if (how === 'square') return DETECTOR_SIZE / Math.min(w, h);
  return Math.min(DETECTOR_SIZE / w, (how === 'stacked' ? DETECTOR_SIZE / 2 : DETECTOR_SIZE) / h);
}

/**
 * Whether passes should read squares, given the detector rows ([x1, y1, x2, y2, score] in frame pixels) of
 * the first passes: the median person's height in the detector's input, as passes would otherwise read
 * the frame (whole, or stacked two to a pass), against TILE_BELOW_PX.
 */
export function squaresPay(rows: Float32Array[], w: number, h: number, stacked: boolean): boolean {
  const whole = detectorScale(w, h, stacked ? 'stacked' : 'whole');
  if (detectorScale(w, h, 'square') < TILE_MIN_GAIN * whole) return false;
  const heights: number[] = [];
  for (const r of rows)
    for (let k = 0; k + 5 <= r.length; k += 5)
      if (r[k + 4] >= PROBE_MIN_SCORE) heights.push((r[k + 3] - r[k + 1]) * whole);
  if (!heights.length) return false;
  heights.sort((a, b) => a - b);
  const median = heights[Math.floor(heights.length / 2)];
  return median >= TILE_ABOVE_PX && median < TILE_BELOW_PX;
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
  private squares: Promise<boolean> | null = null;
  private lone: Lone | null = null;
  /** Whether the passes after the first read squares (null until decided). */
  decided: boolean | null = null;

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
      this.squares ??= Promise.all(this.probes).then((rows) => {
        this.decided = squaresPay(rows, this.g.scaledW, scaledH, this.stack);
        return this.decided;
      });
    let rows: Promise<Float32Array>;
    if (!this.stack)
      rows = this.read(
        probing,
        () => this.square(rgb),
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
          () => Promise.all([this.square(first.rgb), this.square(content)]),
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
      () => this.square(only.rgb),
      () => this.pool.detectStacked([only.rgb], this.g.inputW, this.g.scaledH).then(([a]) => a),
    ).then(only.resolve, only.reject);
  }

  /**
   * A pass read now as without squares (one of the first passes, `now`), or, once the decision is known,
   * as two squares or as without them.
   */
  private read<T>(now: boolean, squares: () => Promise<T>, plain: () => Promise<T>): Promise<T> {
    return now || !this.squares ? plain() : this.squares.then((yes) => (yes ? squares() : plain()));
  }

  /** One pass read as two squares of the frame's content, on both workers at once. */
  private square(rgb: Uint8Array): Promise<Float32Array> {
    const { inputW: W, scaledW, scaledH } = this.g;
    const tiles = squareTiles(scaledW, scaledH);
    return Promise.all(tiles.map((t) => this.pool.detect(tileRgb(rgb, W, t), t.size, t.size))).then((rows) =>
      mergeTileRows(rows, tiles, scaledW, scaledH),
    );
  }
}
