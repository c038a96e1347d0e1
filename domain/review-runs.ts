// The runs of the review navigation summary, computed in one pass over a video's detections in frame
// order: per track its presence runs and low-confidence runs, and per pair of tracks the runs of frames
// where their boxes overlap heavily. A new run starts where the step from the previous frame (of the same
// track, of the same track's low-confidence detections, of the same pair's overlaps) is larger than the
// stride. Pure: the server feeds it detections chunk by chunk and yields between chunks.
//
// Boxes and confidences are stored as 4-byte floats and the answer used to be computed in SQL, where
// arithmetic on them stays in single precision; every step here is rounded to single precision the same
// way (Math.fround), so a box on the IoU border falls on the same side as it did there.
import type { ReviewSummary, TrackReviewSummary } from './review-navigation';

/** Detections in columns (one detection per track and frame). */
export interface ReviewDetections {
  length: number;
  track: Int32Array;
  frame: Int32Array;
  confidence: Float32Array;
  /** x1, y1, x2, y2 of each detection, 4 values per row. */
  box: Float32Array;
}

export interface ReviewRuns { tracks: Omit<TrackReviewSummary, 'verified'>[]; overlaps: ReviewSummary['overlaps'] }

const f = Math.fround;

/** Whether boxes i and j of `box` overlap by IoU above `minIou` (single-precision arithmetic throughout). */
export function overlapsHeavily(box: Float32Array, i: number, j: number, minIou: number): boolean {
  const ax1 = box[4 * i], ay1 = box[4 * i + 1], ax2 = box[4 * i + 2], ay2 = box[4 * i + 3];
  const bx1 = box[4 * j], by1 = box[4 * j + 1], bx2 = box[4 * j + 2], by2 = box[4 * j + 3];
  if (!(ax1 < bx2 && bx1 < ax2 && ay1 < by2 && by1 < ay2)) return false;
  const inter = f(f(Math.min(ax2, bx2) - Math.max(ax1, bx1)) * f(Math.min(ay2, by2) - Math.max(ay1, by1)));
  const union = f(f(f(f(ax2 - ax1) * f(ay2 - ay1)) + f(f(bx2 - bx1) * f(by2 - by1))) - inter);
  return inter > f(f(minIou) * union);
}

/** Extends flat runs [first, last, …] by frame `frame` (ascending): a new run past `stride` from the last. */
function extend(runs: number[], frame: number, stride: number): void {
  const n = runs.length;
  if (n && frame - runs[n - 1] <= stride) runs[n - 1] = frame;
  else runs.push(frame, frame);
}

/** Row indices of `d` in ascending frame order (a counting sort: frames of a chunk span a small range). */
function byFrame(d: ReviewDetections): Int32Array {
  let lo = Infinity, hi = -Infinity;
  for (let i = 0; i < d.length; i++) { lo = Math.min(lo, d.frame[i]); hi = Math.max(hi, d.frame[i]); }
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
  private readonly lowBelow: number;

  constructor(private readonly stride: number, lowConfidence: number, private readonly minIou: number) {
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
      for (let p = start; p < end; p++) {
        const i = order[p];
        const id = d.track[i];
        let t = this.tracks.get(id);
        if (!t) this.tracks.set(id, (t = { track_id: id, runs: [], low: [] }));
        extend(t.runs, frame, stride);
        if (d.confidence[i] < this.lowBelow) extend(t.low, frame, stride);
        for (let q = p + 1; q < end; q++) {
          const j = order[q];
          if (!overlapsHeavily(d.box, i, j, this.minIou)) continue;
          const a = Math.min(id, d.track[j]), b = Math.max(id, d.track[j]);
          const key = `${a}:${b}`;
          let pair = this.pairs.get(key);
          if (!pair) this.pairs.set(key, (pair = [a, b, []]));
          extend(pair[2], frame, stride);
        }
      }
      start = end;
    }
  }

  /** Tracks by id; overlaps by first frame, then pair. */
  finish(): ReviewRuns {
    const overlaps: ReviewSummary['overlaps'] = [];
    for (const [a, b, runs] of this.pairs.values()) for (let i = 0; i < runs.length; i += 2) overlaps.push([a, b, runs[i], runs[i + 1]]);
    overlaps.sort((x, y) => x[2] - y[2] || x[0] - y[0] || x[1] - y[1]);
    return { tracks: [...this.tracks.values()].sort((x, y) => x.track_id - y.track_id), overlaps };
  }
}
