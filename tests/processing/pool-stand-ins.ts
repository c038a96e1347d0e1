// Stand-ins for the pose pool's work, for tests at its edge: the single-pose model on a crop, and the
// optical flow.
import { FLOW_ROW } from '../../server/processing/flow-box';

/** pool.crop: a pose in the middle of whatever crop is asked for, its joints scored `score(crop)` (0.8: a clear body). */
export function cropStandIn(score: (c: { x0: number; y0: number; side: number }) => number = () => 0.8) {
  return async (_rgb: Uint8Array, _w: number, _h: number, c: { x0: number; y0: number; side: number }) =>
    Float32Array.from(
      Array.from({ length: 17 }, (_, k) => [c.x0 + c.side / 2 + (k % 3), c.y0 + c.side / 2 + k, score(c)]).flat(),
    );
}

/**
 * pool.flow as the worker answers it (per later frame, a flow-box.ts row per person), moving each person's box
 * and joints by `step(start, i)` pixels right per frame, where `start` is the row the person began with (0:
 * they stand still).
 */
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
