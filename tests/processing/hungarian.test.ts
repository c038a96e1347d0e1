import { describe, expect, it } from 'vitest';
import { assignWithGate, hungarian } from '../../server/processing/hungarian';

/** Minimum total cost over every maximum matching, by trying all of them. */
function bruteForce(cost: number[][]): number {
  const rows = cost.length,
    cols = cost[0].length;
  const k = Math.min(rows, cols);
  let best = Infinity;
  const usedR = new Array(rows).fill(false),
    usedC = new Array(cols).fill(false);
  const go = (depth: number, startRow: number, sum: number) => {
    if (depth === k) {
      best = Math.min(best, sum);
      return;
    }
    for (let r = startRow; r < rows; r++) {
      if (usedR[r]) continue;
      usedR[r] = true;
      for (let c = 0; c < cols; c++) {
        if (usedC[c]) continue;
        usedC[c] = true;
        go(depth + 1, r + 1, sum + cost[r][c]);
        usedC[c] = false;
      }
      usedR[r] = false;
    }
  };
  go(0, 0, 0);
  return best;
}

function rng(seed: number) {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

describe('hungarian assignment', () => {
  it('finds the minimum total cost of brute force on 300 random matrices (square and rectangular)', () => {
    const rand = rng(42);
    for (let t = 0; t < 300; t++) {
      const rows = 1 + Math.floor(rand() * 6),
        cols = 1 + Math.floor(rand() * 6);
      const cost = Array.from({ length: rows }, () =>
        Array.from({ length: cols }, () => Math.round(rand() * 100) / 10),
      );
      const match = hungarian(cost);
      const cols2 = match.filter((c) => c >= 0);
      expect(new Set(cols2).size).toBe(cols2.length); // each column used once
      expect(cols2.length).toBe(Math.min(rows, cols));
      const total = match.reduce((s, c, r) => s + (c >= 0 ? cost[r][c] : 0), 0);
      expect(total).toBeCloseTo(bruteForce(cost), 9);
    }
  });

  it('leaves pairs above the gate unmatched', () => {
    const cost = [
      [0.1, 0.9],
      [0.95, 0.99],
    ];
    const r = assignWithGate(cost, 0.8);
    expect(r.pairs).toEqual([[0, 0]]);
    expect(r.unmatchedRows).toEqual([1]);
    expect(r.unmatchedCols).toEqual([1]);
  });

  it('handles empty inputs', () => {
    expect(hungarian([])).toEqual([]);
    expect(assignWithGate([[], []], 0.5).unmatchedRows).toEqual([0, 1]);
    expect(assignWithGate([], 0.5, 3).unmatchedCols).toEqual([0, 1, 2]); // no tracks yet: every detection is left over
  });
});
