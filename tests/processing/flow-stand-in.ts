// An optical flow stand-in for tests at the pose pool's edge: answers pool.flow as the worker does (per later
// frame, a flow-box.ts row per person), moving each person's box and joints by `step(start, i)` pixels right
// per frame, where `start` is the row the person began with (0: they stand still).
import { FLOW_ROW } from '../../server/processing/flow-box';

export function flowStandIn(step: (start: Float32Array, i: number) => number = () => 0) {
  return async (_grey: Uint8Array, count: number, _w: number, _h: number, start: Float32Array) => {
    const n = start.length / FLOW_ROW;
    const out = new Float32Array((count - 1) * n * FLOW_ROW);
    for (let f = 1; f < count; f++)
      for (let i = 0; i < n; i++) {
        const at = ((f - 1) * n + i) * FLOW_ROW;
        const row = start.subarray(i * FLOW_ROW, (i + 1) * FLOW_ROW);
        out.set(row, at);
        const dx = step(row, i) * f;
        for (let k = 0; k < 55; k += k < 4 ? 2 : 3) out[at + k] += dx;
      }
    return out;
  };
}
