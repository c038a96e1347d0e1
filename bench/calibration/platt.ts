// Platt scaling with two features: logistic regression fitted by Newton's method (IRLS) with a small
// ridge penalty, then isotonic regression (pool-adjacent-violators) of its output; and the reliability
// table that shows how well a fit's probabilities match what happened.
import { applyPlatt, calibrationFeatures, type PlattParams } from '../../server/processing/calibration';

export interface LabelledBox {
  score: number;
  keypointScore: number;
  person: boolean;
  clip: string;
}

const RIDGE = 1e-3;

/** Platt, then isotonic regression of the Platt probabilities on the same boxes. */
export function fitCalibration(rows: LabelledBox[]): PlattParams {
  const platt = fitPlatt(rows);
  return {
    ...platt,
    isotonic: fitIsotonic(rows.map((r) => ({ x: applyPlatt(platt, r.score, r.keypointScore), y: r.person ? 1 : 0 }))),
  };
}

/** Pool-adjacent-violators: blocks of increasing mean label; each block becomes a point (mean x, mean y). */
export function fitIsotonic(points: Array<{ x: number; y: number }>): { x: number[]; y: number[] } {
  const blocks: Array<{ sx: number; sy: number; n: number }> = [];
  for (const p of [...points].sort((a, b) => a.x - b.x)) {
    blocks.push({ sx: p.x, sy: p.y, n: 1 });
    while (blocks.length > 1) {
      const b = blocks[blocks.length - 1],
        a = blocks[blocks.length - 2];
      if (a.sy / a.n < b.sy / b.n) break;
      blocks.splice(-2, 2, { sx: a.sx + b.sx, sy: a.sy + b.sy, n: a.n + b.n });
    }
  }
  // never quite 0 or 1: a handful of boxes does not make a certainty
  return {
    x: blocks.map((b) => round(b.sx / b.n)),
    y: blocks.map((b) => round(Math.min(0.995, Math.max(0.005, b.sy / b.n)))),
  };
}

export function fitPlatt(rows: LabelledBox[]): PlattParams {
  const X = rows.map((r) => [...calibrationFeatures(r.score, r.keypointScore), 1]);
  const y = rows.map((r) => (r.person ? 1 : 0));
  let w = [1, 0, 0];
  for (let it = 0; it < 100; it++) {
    const g = [0, 0, 0];
    const H = [
      [RIDGE, 0, 0],
      [0, RIDGE, 0],
      [0, 0, RIDGE],
    ];
    for (let i = 0; i < X.length; i++) {
      const z = w[0] * X[i][0] + w[1] * X[i][1] + w[2] * X[i][2];
      const p = 1 / (1 + Math.exp(-z));
      for (let a = 0; a < 3; a++) {
        g[a] += (p - y[i]) * X[i][a];
        for (let b = 0; b < 3; b++) H[a][b] += p * (1 - p) * X[i][a] * X[i][b];
      }
    }
    for (let a = 0; a < 3; a++) g[a] += RIDGE * w[a];
    const step = solve3(H, g);
    w = w.map((v, i) => v - step[i]);
    if (Math.max(...step.map(Math.abs)) < 1e-9) break;
  }
  return { wScore: round(w[0]), wKeypoints: round(w[1]), bias: round(w[2]) };
}

const round = (v: number) => Math.round(v * 1e4) / 1e4;

function solve3(A: number[][], b: number[]): number[] {
  const M = A.map((r, i) => [...r, b[i]]);
  for (let c = 0; c < 3; c++) {
    let p = c;
    for (let r = c + 1; r < 3; r++) if (Math.abs(M[r][c]) > Math.abs(M[p][c])) p = r;
    [M[c], M[p]] = [M[p], M[c]];
    for (let r = 0; r < 3; r++) {
      if (r === c) continue;
      const f = M[r][c] / M[c][c];
      for (let k = c; k < 4; k++) M[r][k] -= f * M[c][k];
    }
  }
  return M.map((r, i) => r[3] / r[i]);
}

export const BUCKETS = [0, 0.1, 0.3, 0.5, 0.7, 0.9, 1.0001];

export interface ReliabilityRow {
  from: number;
  to: number;
  boxes: number;
  meanPredicted: number;
  observed: number;
}

/** Predicted-probability buckets → how many boxes, their mean prediction and the share that were people. */
export function reliability(rows: Array<{ p: number; person: boolean }>): ReliabilityRow[] {
  const out: ReliabilityRow[] = [];
  for (let i = 0; i + 1 < BUCKETS.length; i++) {
    const inB = rows.filter((r) => r.p >= BUCKETS[i] && r.p < BUCKETS[i + 1]);
    out.push({
      from: BUCKETS[i],
      to: Math.min(1, BUCKETS[i + 1]),
      boxes: inB.length,
      meanPredicted: inB.length ? inB.reduce((a, r) => a + r.p, 0) / inB.length : NaN,
      observed: inB.length ? inB.filter((r) => r.person).length / inB.length : NaN,
    });
  }
  return out;
}

/** Leave-one-clip-out: each clip's boxes scored by a fit on the other clips. */
export function heldOutPredictions(rows: LabelledBox[]): Array<{ p: number; person: boolean; clip: string }> {
  const clips = [...new Set(rows.map((r) => r.clip))];
  return clips.flatMap((c) => {
    const params = fitCalibration(rows.filter((r) => r.clip !== c));
    return rows
      .filter((r) => r.clip === c)
      .map((r) => ({ p: applyPlatt(params, r.score, r.keypointScore), person: r.person, clip: c }));
  });
}

export function formatReliability(rows: ReliabilityRow[]): string {
  const f = (v: number) => (Number.isNaN(v) ? '–' : v.toFixed(2));
  return [
    '| predicted | boxes | mean predicted | observed precision |',
    '|---|---:|---:|---:|',
    ...rows.map(
      (r) => `| ${r.from.toFixed(1)}–${r.to.toFixed(1)} | ${r.boxes} | ${f(r.meanPredicted)} | ${f(r.observed)} |`,
    ),
  ].join('\n');
}
