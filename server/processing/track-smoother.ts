// Boxes that hold still where the person does: each track's boxes are smoothed over the whole track, which
// processing can do because the whole video is known — a Kalman filter forward over the track and a
// Rauch–Tung–Striebel smoother back over it, on the box centre (constant velocity: walkers move steadily)
// and on its width and height (nearly constant: a person's size changes slowly). A detector box jitters by
// a few percent of its size from one pass to the next, and flow-followed boxes take a step at each
// re-anchoring; for someone correcting the proposals every such jitter below IoU 0.7 with the truth is a fix.
// Each quantity is filtered on its own (the motion and noise models are diagonal), with noise in units of
// the track's median height, so near and far people are smoothed alike; time is in seconds, so the result
// does not depend on the frame rate or stride.
import type { Box } from './kalman';
import { median } from './pose-features';

export interface TimedBox {
  /** Seconds from the start of the video. */
  t: number;
  box: Box;
}

/**
 * Standard deviations in track heights: how far a measured box strays from the person (centre, size),
 * and how fast the motion may change (centre: body heights/s² — a walker starting, stopping or turning;
 * size: heights/s² of growth — walking towards the camera).
 */
export const SMOOTH_NOISE = {
  centre: { measure: 0.05, accel: 3 },
  size: { measure: 0.06, accel: 0.4 },
} as const;

/** One quantity over time: the smoothed values (constant-velocity model, white acceleration noise). */
export function smoothSeries(t: number[], z: number[], measureSd: number, accelSd: number): number[] {
  const n = z.length;
  if (n < 3) return [...z];
  const r = measureSd ** 2,
    q = accelSd ** 2;
  // forward: predicted and filtered state [x, v] and covariance [a, b; b, c]
  const xf: Array<[number, number]> = [],
    pf: Array<[number, number, number]> = [];
  const xp: Array<[number, number]> = [],
    pp: Array<[number, number, number]> = [];
  let x: [number, number] = [z[0], 0];
  let p: [number, number, number] = [r, 0, (10 * measureSd) ** 2];
  for (let k = 0; k < n; k++) {
    if (k > 0) {
      const dt = Math.max(1e-3, t[k] - t[k - 1]);
      x = [x[0] + dt * x[1], x[1]];
      const [a, b, c] = p;
      p = [a + 2 * dt * b + dt * dt * c + (q * dt ** 3) / 3, b + dt * c + (q * dt ** 2) / 2, c + q * dt];
    }
    xp.push(x);
    pp.push(p);
    const s = p[0] + r;
    const k0 = p[0] / s,
      k1 = p[1] / s;
    const y = z[k] - x[0];
    x = [x[0] + k0 * y, x[1] + k1 * y];
    p = [(1 - k0) * p[0], (1 - k0) * p[1], p[2] - k1 * p[1]];
    xf.push(x);
    pf.push(p);
  }
  // backward (RTS): x_s(k) = x_f(k) + C (x_s(k+1) − x_p(k+1)), C = P_f(k) Fᵀ P_p(k+1)⁻¹
  const out = new Array<number>(n);
  let xs = xf[n - 1];
  out[n - 1] = xs[0];
  for (let k = n - 2; k >= 0; k--) {
    const dt = Math.max(1e-3, t[k + 1] - t[k]);
    const [a, b, c] = pf[k];
    // P_f Fᵀ with F = [1 dt; 0 1]
    const m00 = a + dt * b,
      m01 = b,
      m10 = b + dt * c,
      m11 = c;
    const [pa, pb, pc] = pp[k + 1];
    const det = pa * pc - pb * pb || 1e-12;
    const i00 = pc / det,
      i01 = -pb / det,
      i11 = pa / det;
    const c00 = m00 * i00 + m01 * i01,
      c01 = m00 * i01 + m01 * i11,
      c10 = m10 * i00 + m11 * i01,
      c11 = m10 * i01 + m11 * i11;
    const d0 = xs[0] - xp[k + 1][0],
      d1 = xs[1] - xp[k + 1][1];
    xs = [xf[k][0] + c00 * d0 + c01 * d1, xf[k][1] + c10 * d0 + c11 * d1];
    out[k] = xs[0];
  }
  return out;
}

/** A track's boxes (in time order), smoothed over the whole track. */
export function smoothTrack(samples: TimedBox[]): Box[] {
  if (samples.length < 3) return samples.map((s) => ({ ...s.box }));
  const t = samples.map((s) => s.t);
  const cx = samples.map((s) => (s.box.x1 + s.box.x2) / 2),
    cy = samples.map((s) => (s.box.y1 + s.box.y2) / 2);
  const w = samples.map((s) => s.box.x2 - s.box.x1),
    h = samples.map((s) => s.box.y2 - s.box.y1);
  const unit = Math.max(1e-6, median(h));
  const c = SMOOTH_NOISE.centre,
    z = SMOOTH_NOISE.size;
  const scx = smoothSeries(t, cx, c.measure * unit, c.accel * unit),
    scy = smoothSeries(t, cy, c.measure * unit, c.accel * unit);
  const sw = smoothSeries(t, w, z.measure * unit, z.accel * unit),
    sh = smoothSeries(t, h, z.measure * unit, z.accel * unit);
  return samples.map((_, i) => {
    const hw = Math.max(0.5, sw[i]) / 2,
      hh = Math.max(0.5, sh[i]) / 2;
    return { x1: scx[i] - hw, y1: scy[i] - hh, x2: scx[i] + hw, y2: scy[i] + hh };
  });
}

/**
 * The pipeline's detections (boxes in fractions of the frame) with every track's boxes smoothed (in video
 * pixels, so the noise model sees square pixels) and kept inside the frame. Joints are left as read.
 */
export function smoothDetections<D extends Box & { trackId: number; frame: number }>(
  detections: D[],
  fps: number,
  width: number,
  height: number,
): D[] {
  const byTrack = new Map<number, number[]>();
  detections.forEach((d, i) => {
    let list = byTrack.get(d.trackId);
    if (!list) byTrack.set(d.trackId, (list = []));
    list.push(i);
  });
  const out = [...detections];
  const clamp = (v: number) => Math.min(1, Math.max(0, v));
  for (const list of byTrack.values()) {
    list.sort((a, b) => detections[a].frame - detections[b].frame);
    const smoothed = smoothTrack(
      list.map((i) => {
        const d = detections[i];
        return { t: d.frame / fps, box: { x1: d.x1 * width, y1: d.y1 * height, x2: d.x2 * width, y2: d.y2 * height } };
      }),
    );
    list.forEach((i, k) => {
      const b = smoothed[k];
      out[i] = {
        ...detections[i],
        x1: clamp(b.x1 / width),
        y1: clamp(b.y1 / height),
        x2: clamp(b.x2 / width),
        y2: clamp(b.y2 / height),
      };
    });
  }
  return out;
}
