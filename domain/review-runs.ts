// The runs of the review navigation summary, computed in one pass over a video's detections in frame
// order: per track its presence runs and low-confidence runs, and per pair of tracks the runs of frames
// where their boxes overlap heavily. A new run starts where the step from the previous frame (of the same
// track, of the same track's low-confidence detections, of the same pair's overlaps) is larger than the
// stride. Pure: the server feeds it detections chunk by chunk and yields between chunks.
//
// Boxes and confidences are stored as 4-byte floats and the answer used to be computed in SQL, where
// arithmetic on them stays in single precision; every step here is rounded to single precision the same
// way (Math.fround), so a box on the IoU border falls on the same side as it did there.
//
// The overlap test must stay bounded whatever is stored (data written before the import limits, or a crowd
// of identical boxes): comparing every pair of one frame is quadratic, and recording every overlapping pair
// made the summary of 5,000 stacked boxes grow to gigabytes. So each frame's boxes are swept in order of
// their left edge (only boxes whose x-ranges meet are compared), and the comparisons and overlaps per frame
// and the overlap runs in all are capped; the summary says in which frames the test stopped early.
import type { OverlapCap, ReviewSummary, TrackReviewSummary } from './review-navigation';
import { runContinues } from './overlay/detection';

/** A row with this confidence is an outside keyframe: no box, the person left (the runs end before it). */
export const OUTSIDE_ROW_CONFIDENCE = -1;

/** Detections in columns (one detection per track and frame); outside keyframes have OUTSIDE_ROW_CONFIDENCE. */
export interface ReviewDetections {
  length: number;
  track: Int32Array;
  frame: Int32Array;
  confidence: Float32Array;
  /** x1, y1, x2, y2 of each detection, 4 values per row. */
  box: Float32Array;
}

export interface ReviewRuns {
  tracks: Omit<TrackReviewSummary, 'verified'>[];
  overlaps: ReviewSummary['overlaps'];
  overlapsCapped: OverlapCap | null;
}

/**
 * Box pairs one frame's overlap test compares at most. The sweep compares only boxes whose x-ranges meet:
 * a frame of a few hundred people needs a few thousand comparisons, so this is reached only by piles of
 * boxes on top of each other (about 450 identical boxes).
 */
export const OVERLAP_CHECKS_PER_FRAME = 100_000;
/** Heavy overlaps recorded per frame at most; real crowds have a handful (each is a likely ID swap to review). */
export const OVERLAPS_PER_FRAME = 500;
/** Overlap runs in one summary at most (about 1 MB of JSON). */
export const OVERLAP_RUNS_MAX = 50_000;

export interface OverlapLimits {
  checksPerFrame: number;
  overlapsPerFrame: number;
  runsMax: number;
}
export const OVERLAP_LIMITS: OverlapLimits = {
  checksPerFrame: OVERLAP_CHECKS_PER_FRAME,
  overlapsPerFrame: OVERLAPS_PER_FRAME,
  runsMax: OVERLAP_RUNS_MAX,
};

const f = Math.fround;

/** Whether boxes i and j of `box` overlap by IoU above `minIou` (single-precision arithmetic throughout). */
export function overlapsHeavily(box: Float32Array, i: number, j: number, minIou: number): boolean {
  const ax1 = box[4 * i],
    ay1 = box[4 * i + 1],
    ax2 = box[4 * i + 2],
    ay2 = box[4 * i + 3];
  const bx1 = box[4 * j],
    by1 = box[4 * j + 1],
    bx2 = box[4 * j + 2],
    by2 = box[4 * j + 3];
  if (!(ax1 < bx2 && bx1 < ax2 && ay1 < by2 && by1 < ay2)) return false;
  const inter = f(f(Math.min(ax2, bx2) - Math.max(ax1, bx1)) * f(Math.min(ay2, by2) - Math.max(ay1, by1)));
  const union = f(f(f(f(ax2 - ax1) * f(ay2 - ay1)) + f(f(bx2 - bx1) * f(by2 - by1))) - inter);
  return inter > f(f(minIou) * union);
}

/**
 * Extends flat runs [first, last, …] by frame `frame` (ascending): a new run where the frames between are
 * not filled in (domain/overlay/detection.ts's rule), or after the track left (`broken`).
 */
function extend(runs: number[], frame: number, stride: number, broken = false): void {
  const n = runs.length;
  if (n && !broken && runContinues(runs[n - 1], frame, stride)) runs[n - 1] = frame;
  else runs.push(frame, frame);
}

/** Whether `frame` would start a new run rather than extend the last one. */
const startsRun = (runs: number[], frame: number, stride: number) =>
  !runs.length || !runContinues(runs[runs.length - 1], frame, stride);

/** Row indices of `d` in ascending frame order (a counting sort: frames of a chunk span a small range). */
function byFrame(d: ReviewDetections): Int32Array {
  let lo = Infinity,
    hi = -Infinity;
  for (let i = 0; i < d.length; i++) {
    lo = Math.min(lo, d.frame[i]);
    hi = Math.max(hi, d.frame[i]);
  }
  if (!d.length) return new Int32Array(0);
  const next = new Int32Array(hi - lo + 2); // next[k]: where the following row of frame lo + k goes
  for (let i = 0; i < d.length; i++) next[d.frame[i] - lo + 1]++;
  for (let k = 1; k < next.length; k++) next[k] += next[k - 1];
  const order = new Int32Array(d.length);
  for (let i = 0; i < d.length; i++) order[next[d.frame[i] - lo]++] = i;
  return order;
}

/** Accumulates the runs over chunks of detections handed over in frame order. */
export class ReviewRunsBuilder {
  private readonly tracks = new Map<number, Omit<TrackReviewSummary, 'verified'>>();
  private readonly pairs = new Map<string, [number, number, number[]]>();
  /** Tracks whose last row was an outside keyframe: their next box starts new runs. */
  private readonly left = new Set<number>();
  private readonly lowBelow: number;
  private runCount = 0;
  private cap: OverlapCap | null = null;

  constructor(
    private readonly stride: number,
    lowConfidence: number,
    private readonly minIou: number,
    private readonly limits: OverlapLimits = OVERLAP_LIMITS,
  ) {
    this.lowBelow = f(lowConfidence);
  }

  /**
   * Adds a chunk of detections: chunks come in ascending, disjoint frame ranges, rows within a chunk in
   * any order (a counting sort by frame puts them in order here, cheaper than an ORDER BY in the database).
   */
  add(d: ReviewDetections): void {
    const { stride } = this;
    const order = byFrame(d);
    for (let start = 0; start < order.length;) {
      const frame = d.frame[order[start]];
      let end = start + 1;
      while (end < order.length && d.frame[order[end]] === frame) end++;
      let boxes = 0;
      for (let p = start; p < end; p++) {
        const i = order[p];
        const id = d.track[i];
        let t = this.tracks.get(id);
        if (d.confidence[i] < 0) {
          if (t) this.leave(t, frame);
          continue;
        }
        order[start + boxes++] = i; // the frame's boxes first, for the overlap test
        if (!t) this.tracks.set(id, (t = { track_id: id, runs: [], low: [] }));
        const broken = this.left.delete(id);
        extend(t.runs, frame, stride, broken);
        if (d.confidence[i] < this.lowBelow) extend(t.low, frame, stride, broken);
      }
      if (boxes > 1) this.overlapsOfFrame(d, order.subarray(start, start + boxes), frame);
      start = end;
    }
  }

  /**
   * An outside keyframe at `frame`: the box before it is held up to the frame before (when the two are close
   * enough to be filled in), and the track's next box starts new runs.
   */
  private leave(t: Omit<TrackReviewSummary, 'verified'>, frame: number): void {
    const r = t.runs;
    const last = r[r.length - 1];
    if (r.length && !this.left.has(t.track_id) && runContinues(last, frame, this.stride)) {
      r[r.length - 1] = frame - 1;
      if (t.low.length && t.low[t.low.length - 1] === last) t.low[t.low.length - 1] = frame - 1;
    }
    this.left.add(t.track_id);
  }

  /** The heavy overlaps among one frame's rows: a sweep over the boxes by left edge, within the limits. */
  private overlapsOfFrame(d: ReviewDetections, rows: Int32Array, frame: number): void {
    const { box } = d;
    const byLeft = Int32Array.from(rows).sort((i, j) => box[4 * i] - box[4 * j]);
    let checks = 0,
      found = 0;
    for (let p = 0; p < byLeft.length; p++) {
      const i = byLeft[p];
      const right = box[4 * i + 2];
      // boxes further on start at or right of box i's left edge: once one starts at its right edge, none meet it
      for (let q = p + 1; q < byLeft.length && box[4 * byLeft[q]] < right; q++) {
        if (++checks > this.limits.checksPerFrame) return this.capped(frame);
        const j = byLeft[q];
        if (!overlapsHeavily(box, i, j, this.minIou)) continue;
        if (++found > this.limits.overlapsPerFrame) return this.capped(frame);
        const a = Math.min(d.track[i], d.track[j]),
          b = Math.max(d.track[i], d.track[j]);
        const key = `${a}:${b}`;
        let pair = this.pairs.get(key);
        if (!pair && this.runCount >= this.limits.runsMax) return this.capped(frame);
        if (!pair) this.pairs.set(key, (pair = [a, b, []]));
        if (startsRun(pair[2], frame, this.stride)) {
          if (this.runCount >= this.limits.runsMax) return this.capped(frame);
          this.runCount++;
        }
        extend(pair[2], frame, this.stride);
      }
    }
  }

  private capped(frame: number): void {
    if (this.cap) this.cap.frames++;
    else this.cap = { frames: 1, first_frame: frame };
  }

  /** Tracks by id; overlaps by first frame, then pair. */
  finish(): ReviewRuns {
    const overlaps: ReviewSummary['overlaps'] = [];
    for (const [a, b, runs] of this.pairs.values())
      for (let i = 0; i < runs.length; i += 2) overlaps.push([a, b, runs[i], runs[i + 1]]);
    overlaps.sort((x, y) => x[2] - y[2] || x[0] - y[0] || x[1] - y[1]);
    return {
      tracks: [...this.tracks.values()].sort((x, y) => x.track_id - y.track_id),
      overlaps,
      overlapsCapped: this.cap,
    };
  }
}
