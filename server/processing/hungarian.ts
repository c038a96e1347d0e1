// Minimum-cost assignment (Hungarian / Kuhn–Munkres, O(n³) shortest augmenting path with potentials)
// for rectangular cost matrices; the tracker uses it to pair predicted tracks with detections.

/**
 * Returns, for each row, the column assigned to it (or -1), minimising the total cost over a
 * maximum matching. Costs must be finite. Rows ≤ columns or rows > columns both work.
 */
export function hungarian(cost: number[][]): number[] {
  const rows = cost.length;
  const cols = rows ? cost[0].length : 0;
  if (!rows || !cols) return new Array(rows).fill(-1);
  const transpose = rows > cols; // the algorithm below needs n ≤ m
  const a = transpose ? cols : rows,
    b = transpose ? rows : cols;
  const at = (i: number, j: number) => (transpose ? cost[j][i] : cost[i][j]);
  // 1-based arrays as in the classic formulation; p[j] = row matched to column j (0 = none)
  const u = new Float64Array(a + 1),
    v = new Float64Array(b + 1);
  const p = new Int32Array(b + 1),
    way = new Int32Array(b + 1);
  for (let i = 1; i <= a; i++) {
    p[0] = i;
    let j0 = 0;
    const minv = new Float64Array(b + 1).fill(Infinity);
    const used = new Uint8Array(b + 1);
    do {
      used[j0] = 1;
      const i0 = p[j0];
      let delta = Infinity,
        j1 = 0;
      for (let j = 1; j <= b; j++) {
        if (used[j]) continue;
        const cur = at(i0 - 1, j - 1) - u[i0] - v[j];
        if (cur < minv[j]) {
          minv[j] = cur;
          way[j] = j0;
        }
        if (minv[j] < delta) {
          delta = minv[j];
          j1 = j;
        }
      }
      for (let j = 0; j <= b; j++) {
        if (used[j]) {
          u[p[j]] += delta;
          v[j] -= delta;
        } else minv[j] -= delta;
      }
      j0 = j1;
    } while (p[j0] !== 0);
    do {
      const j1 = way[j0];
      p[j0] = p[j1];
      j0 = j1;
    } while (j0);
  }
  const out = new Array<number>(rows).fill(-1);
  for (let j = 1; j <= b; j++) {
    if (!p[j]) continue;
    if (transpose) out[j - 1] = p[j] - 1;
    else out[p[j] - 1] = j - 1;
  }
  return out;
}

/**
 * Assignment keeping only pairs whose cost is ≤ maxCost; the rest stay unmatched. `cols` is given
 * explicitly because a matrix with no rows cannot tell how many columns it has.
 */
export function assignWithGate(
  cost: number[][],
  maxCost: number,
  cols = cost[0]?.length ?? 0,
): { pairs: Array<[number, number]>; unmatchedRows: number[]; unmatchedCols: number[] } {
  const rows = cost.length;
  // costs above the gate are raised to a constant so they never beat a valid pair, then dropped
  const big = maxCost + 1e6;
  const gated = cost.map((r) => r.map((c) => (c <= maxCost ? c : big)));
  const match = cols ? hungarian(gated) : new Array<number>(rows).fill(-1);
  const pairs: Array<[number, number]> = [];
  const usedCols = new Set<number>();
  match.forEach((c, r) => {
    if (c >= 0 && cost[r][c] <= maxCost) {
      pairs.push([r, c]);
      usedCols.add(c);
    }
  });
  const matchedRows = new Set(pairs.map(([r]) => r));
  return {
    pairs,
    unmatchedRows: [...Array(rows).keys()].filter((r) => !matchedRows.has(r)),
    unmatchedCols: [...Array(cols).keys()].filter((c) => !usedCols.has(c)),
  };
}
