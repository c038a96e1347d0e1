// How crop tracking's detector passes read the frame. By default two landscape frames share one pass,
// stacked top to bottom (topdown.ts detectPeopleStacked): half the detector's cost. When the people are small
// in the detector's input, a pass instead reads the frame as two overlapping squares of its short side, or,
// when they are smaller still, as four squares at its corners (detector-tiles.ts), each filling the detector's
// input, so people reach it up to twice as large (four squares, two a pass in turn: 1.78× on a 4:3 frame read whole): a crowd
// standing shoulder to shoulder, or people 40–90 px tall on a street camera. Which reading is decided once per video, before
// the first pass, from the people found on the first pass frames (PROBE_PASSES, read as without squares): a
// decision that depends only on the video, never on when a worker answers, so the same video gives the same result.
import { gridTiles, mergeTileRows, tileRgb, tilesFor, type FrameReading } from './detector-tiles';
import type { DecodedFrame } from './frames';
import type { PosePool } from './pose-pool';
import type { AnalysisGeometry } from './pose-protocol';
import { DETECTOR_SIZE } from './topdown';

/** Pass frames read as without squares to decide how every pass reads the frame. */
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
  /** Its place among the frames that arrived (frameArrived). */
  arrival: number;
  rgb: Uint8Array;
  resolve: (rows: Float32Array) => void;
  reject: (e: Error) => void;
}

export class DetectorPasses {
  private lone: Lone | null = null;
  /** Frames that have arrived so far (frameArrived). */
  private arrivals = 0;
  /** Passes read as squares so far (in the order asked, so the same video gives the same squares). */
  private squarePasses = 0;
  /** The first passes' rows, kept for their frames when the decision is to read the frame as they did. */
  private readonly probed = new Map<number, Float32Array>();
  /** How every pass reads the frame (null until decided: then as without squares). */
  decided: FrameReading | null = null;

  constructor(
    private readonly pool: PosePool,
    private readonly g: AnalysisGeometry,
    private readonly stack: boolean,
    /** Frames from one detector pass to the next at most (the cadence): a frame alone waits this long for a partner. */
    private readonly partnerWithin = 1,
  ) {}

  /**
   * Decides how every pass reads the frame, from the people found on the video's first pass frames (at most
   * PROBE_PASSES, decoded apart from the frames being followed) read as without squares, before the first
   * pass: a pass on those frames is then read as all the others are, so people too small for the plain
   * reading are found from the video's first frame on, not only after the decision.
   */
  async decide(first: AsyncIterable<DecodedFrame>): Promise<FrameReading> {
    const { inputW: W, inputH: H, scaledH } = this.g;
    // stacked, the first frame is read alone (the video's first pass starts at once) and the rest two to a
    // pass; one frame more completes the last pair
    const wanted = this.stack ? PROBE_PASSES + 1 : PROBE_PASSES;
    const frames: DecodedFrame[] = [];
    for await (const f of first) {
      frames.push({ frame: f.frame, rgb: this.stack ? f.rgb.slice(0, W * scaledH * 3) : f.rgb });
      if (frames.length >= wanted) break;
    }
    const groups: DecodedFrame[][] = [];
    for (let i = 0; i < frames.length; i += groups[groups.length - 1].length)
      groups.push(frames.slice(i, i + (this.stack && i > 0 ? 2 : 1)));
    // all at once, on both workers: the first pass waits for them
    const reads = await Promise.all(
      groups.map((these) =>
        this.stack
          ? this.pool.detectStacked(
              these.map((f) => f.rgb),
              W,
              scaledH,
            )
          : this.pool.detect(these[0].rgb.slice(), W, H).then((r) => [r]),
      ),
    );
    const rows: Float32Array[] = [];
    groups.forEach((these, g) =>
      these.forEach((f, k) => {
        this.probed.set(f.frame, reads[g][k]);
        rows.push(reads[g][k]);
      }),
    );
    this.decided = readingFor(rows.slice(0, PROBE_PASSES), this.g.scaledW, scaledH, this.stack);
    return this.decided;
  }

  /** The detector's rows for this frame's pass, asked for now (frames in order). */
  request(frame: number, rgb: Uint8Array): Promise<Float32Array> {
    const { inputW: W, inputH: H, scaledH } = this.g;
    const reading = this.decided ?? 'whole';
    const known = this.probed.get(frame);
    if (reading === 'whole' && known) return Promise.resolve(known);
    // a frame the decision read keeps what that reading found too: the squares' closer view finds small
    // people it missed, and it scores some people the squares score low
    if (reading !== 'whole') return this.square(rgb, reading, known);
    if (!this.stack) return this.pool.detect(rgb.slice(), W, H);
    // frames are paired in the order asked
    const content = rgb.slice(0, W * scaledH * 3);
    const first = this.lone;
    if (!first)
      return new Promise((resolve, reject) => {
        this.lone = { arrival: this.arrivals, rgb: content, resolve, reject };
      });
    this.lone = null;
    const both = this.pool.detectStacked([first.rgb, content], W, scaledH);
    both.then(([a]) => first.resolve(a), first.reject);
    return both.then(([, b]) => b);
  }

  /**
   * A frame arrived, after its pass (when it has one) was asked for. A frame alone whose partner can no longer
   * come (the cadence would have asked for the next pass by now) is read alone. Pairing goes by the frames
   * that arrived, never by when a worker or the decoder answers, so a video's frames pair the same way, and
   * it gives the same result, every time.
   */
  frameArrived(): void {
    this.arrivals++;
    if (this.lone && this.arrivals > this.lone.arrival + this.partnerWithin) this.readAlone();
  }

  /** No frame will arrive any more (the video ended, or its decoding stopped): a frame alone is read alone. */
  ended(): void {
    if (this.lone) this.readAlone();
  }

  private readAlone(): void {
    const only = this.lone!;
    this.lone = null;
    this.pool
      .detectStacked([only.rgb], this.g.inputW, this.g.scaledH)
      .then(([a]) => a)
      .then(only.resolve, only.reject);
  }

  /**
   * One pass read as the squares of the frame's content, on both workers at once; `whole`: rows the frame's
   * plain reading found, merged with the squares' as a square holding the whole frame.
   */
  private square(rgb: Uint8Array, reading: 'squares' | 'grid', whole?: Float32Array): Promise<Float32Array> {
    const { inputW: W, scaledW, scaledH } = this.g;
    const tiles = tilesFor(reading, scaledW, scaledH, this.squarePasses++);
    return Promise.all(tiles.map((t) => this.pool.detect(tileRgb(rgb, W, t), t.size, t.size))).then((rows) =>
      whole
        ? mergeTileRows(
            [...rows, whole],
            [...tiles, { x: 0, y: 0, size: Math.max(scaledW, scaledH) }],
            scaledW,
            scaledH,
          )
        : mergeTileRows(rows, tiles, scaledW, scaledH),
    );
  }
}

/** The processing log's line on how the detector read a video's small people, the reason such a video takes longer. */
export function readingLog(reading: FrameReading | null | undefined): string[] {
  if (reading === 'squares')
    return [
      'small people: the detector read each frame as two squares, so they reached it larger (decided on its first pass frames)',
    ];
  if (reading === 'grid')
    return [
      'small people: the detector read each frame as four overlapping squares, two of them at each pass in turn, so they reached it larger (decided on its first pass frames)',
    ];
  return [];
}
