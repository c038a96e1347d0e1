// The rows a pose worker answers per frame, whatever model produced them: MoveNet MultiPose's layout of
// POSE_ROW floats per person (17 × [y, x, score], box [ymin, xmin, ymax, xmax], box score; fractions of the
// padded input), each followed by an appearance histogram of APPEARANCE_BINS floats, which lets the tracker
// tell overlapping people apart (tracker.ts) and tracks that broke apart be re-linked (relink-fragments.ts)
// by what the person wears.
import { APPEARANCE_BINS, OUT_ROW, POSE_ROW, type AnalysisGeometry } from './pose-protocol';

/** Bhattacharyya coefficient of two normalised histograms: 1 = identical, 0 = disjoint. */
export function histogramSimilarity(a: Float32Array, b: Float32Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += Math.sqrt(a[i] * b[i]);
  return s;
}

/** One person found in one frame; coordinates are fractions of the frame size. */
export interface PersonPose {
  box: { x1: number; y1: number; x2: number; y2: number };
  /** The model's person score (MultiPose box score, or the detector's score in top-down mode). */
  score: number;
  /** Mean of the 17 keypoint scores. */
  keypointScore: number;
  /** 17 × [x, y, score], COCO order. */
  keypoints: Array<[number, number, number]>;
  /** Normalised colour histogram of the body's middle (empty when the rows had none). */
  appearance: Float32Array;
}

/**
 * The rows of people found on one frame, from their boxes and 17 × [x, y, score] joints in pixels of a frame
 * of width × height (the row layout above, without the histogram).
 */
export function rowsOfPeople(
  people: Array<{
    keypoints: Array<[number, number, number]>;
    box: { x1: number; y1: number; x2: number; y2: number };
    score: number;
  }>,
  w: number,
  h: number,
): Float32Array {
  const rows = new Float32Array(people.length * POSE_ROW);
  people.forEach((p, i) => {
    const r = i * POSE_ROW;
    p.keypoints.forEach(([x, y, s], k) => rows.set([y / h, x / w, s], r + k * 3));
    rows.set([p.box.y1 / h, p.box.x1 / w, p.box.y2 / h, p.box.x2 / w, p.score], r + 51);
  });
  return rows;
}

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));

/**
 * Appends to every row the colour histogram of the middle of its box (the clothes: 20–80 % of the width,
 * 15–85 % of the height), sampled on a grid of at most 24 × 48 points of the RGB frame.
 */
export function appendAppearance(rows: Float32Array, rgb: Uint8Array, width: number, height: number): Float32Array {
  const n = Math.floor(rows.length / POSE_ROW);
  const out = new Float32Array(n * OUT_ROW);
  for (let p = 0; p < n; p++) {
    const r = rows.subarray(p * POSE_ROW, (p + 1) * POSE_ROW);
    out.set(r, p * OUT_ROW);
    const [y1, x1, y2, x2] = [r[51], r[52], r[53], r[54]];
    if (!(x2 > x1 && y2 > y1)) continue;
    const hist = out.subarray(p * OUT_ROW + POSE_ROW, (p + 1) * OUT_ROW);
    const ax = (x1 + 0.2 * (x2 - x1)) * width,
      bx = (x1 + 0.8 * (x2 - x1)) * width;
    const ay = (y1 + 0.15 * (y2 - y1)) * height,
      by = (y1 + 0.85 * (y2 - y1)) * height;
    let count = 0;
    for (let j = 0; j < 48; j++) {
      const y = Math.floor(ay + ((j + 0.5) / 48) * (by - ay));
      if (y < 0 || y >= height) continue;
      for (let i = 0; i < 24; i++) {
        const x = Math.floor(ax + ((i + 0.5) / 24) * (bx - ax));
        if (x < 0 || x >= width) continue;
        const o = (y * width + x) * 3;
        hist[(rgb[o] >> 6) * 16 + (rgb[o + 1] >> 6) * 4 + (rgb[o + 2] >> 6)]++;
        count++;
      }
    }
    if (count) for (let b = 0; b < APPEARANCE_BINS; b++) hist[b] /= count;
  }
  return out;
}

/** Rows of `rowSize` floats → people whose score ≥ minScore, in frame fractions (padding removed). */
export function decodePoseRows(
  output: Float32Array,
  g: AnalysisGeometry,
  minScore: number,
  rowSize = OUT_ROW,
): PersonPose[] {
  const fx = g.inputW / g.scaledW,
    fy = g.inputH / g.scaledH; // model coords are fractions of the padded input
  const people: PersonPose[] = [];
  for (let r = 0; r + POSE_ROW <= output.length; r += rowSize) {
    const score = output[r + 55];
    if (!(score >= minScore)) continue;
    const keypoints: Array<[number, number, number]> = [];
    let kpSum = 0;
    for (let k = 0; k < 17; k++) {
      keypoints.push([clamp01(output[r + k * 3 + 1] * fx), clamp01(output[r + k * 3] * fy), output[r + k * 3 + 2]]);
      kpSum += output[r + k * 3 + 2];
    }
    const box = {
      x1: clamp01(output[r + 52] * fx),
      y1: clamp01(output[r + 51] * fy),
      x2: clamp01(output[r + 54] * fx),
      y2: clamp01(output[r + 53] * fy),
    };
    if (box.x2 - box.x1 <= 0 || box.y2 - box.y1 <= 0) continue;
    const appearance = rowSize >= OUT_ROW ? output.slice(r + POSE_ROW, r + OUT_ROW) : new Float32Array(0);
    people.push({ box, score, keypointScore: kpSum / 17, keypoints, appearance });
  }
  return people;
}
