// Constant-velocity Kalman filter on a box's centre and size. The state of each of the four measured
// quantities is [value, velocity]; the motion and measurement models are block-diagonal per quantity
// (as in SORT/ByteTrack/BoT-SORT), so four 2×2 filters are exactly the 8×8 filter, and much cheaper.

export interface Box {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/**
 * 'aspect' (ByteTrack): measures (cx, cy, w/h, h); position noise scales with the box height, the
 *   aspect ratio gets small fixed noise.
 * 'size' (BoT-SORT): measures (cx, cy, w, h); x/w noise scales with the width, y/h noise with the height,
 *   which follows boxes whose width changes (turning, bending) more closely.
 */
export type KalmanModel = 'aspect' | 'size';

const STD_POS = 1 / 20,
  STD_VEL = 1 / 160;

export class BoxKalman {
  private x = new Float64Array(4); // values
  private v = new Float64Array(4); // velocities
  private P: Float64Array[] = []; // per quantity [p00, p01, p11]

  constructor(
    private model: KalmanModel,
    box: Box,
  ) {
    const z = this.measure(box);
    const s = this.scales(z);
    for (let i = 0; i < 4; i++) {
      this.x[i] = z[i];
      this.v[i] = 0;
      this.P.push(Float64Array.of((2 * STD_POS * s.pos[i]) ** 2, 0, (10 * STD_VEL * s.vel[i]) ** 2));
    }
  }

  private measure(b: Box): number[] {
    const w = Math.max(1e-6, b.x2 - b.x1),
      h = Math.max(1e-6, b.y2 - b.y1);
    const cx = (b.x1 + b.x2) / 2,
      cy = (b.y1 + b.y2) / 2;
    return this.model === 'aspect' ? [cx, cy, w / h, h] : [cx, cy, w, h];
  }

  /** Noise standard deviations per quantity, proportional to the current box size. */
  private scales(z: number[]): { pos: number[]; vel: number[]; meas: number[] } {
    if (this.model === 'aspect') {
      const h = z[3];
      return { pos: [h, h, 1e-2 / STD_POS, h], vel: [h, h, 1e-5 / STD_VEL, h], meas: [h, h, 1e-1 / STD_POS, h] };
    }
    const w = z[2],
      h = z[3];
    return { pos: [w, h, w, h], vel: [w, h, w, h], meas: [w, h, w, h] };
  }

  /** Advances one analysed step. `freezeSize` stops size growth while the track is lost (ByteTrack does the same). */
  predict(freezeSize = false): void {
    if (freezeSize) {
      this.v[2] = 0;
      this.v[3] = 0;
    }
    const s = this.scales(Array.from(this.x));
    for (let i = 0; i < 4; i++) {
      const [p00, p01, p11] = this.P[i];
      this.x[i] += this.v[i];
      const q0 = (STD_POS * s.pos[i]) ** 2,
        q1 = (STD_VEL * s.vel[i]) ** 2;
      this.P[i] = Float64Array.of(p00 + 2 * p01 + p11 + q0, p01 + p11, p11 + q1);
    }
  }

  update(box: Box): void {
    const z = this.measure(box);
    const s = this.scales(Array.from(this.x));
    for (let i = 0; i < 4; i++) {
      const [p00, p01, p11] = this.P[i];
      const r = (STD_POS * s.meas[i]) ** 2;
      const S = p00 + r;
      const k0 = p00 / S,
        k1 = p01 / S;
      const y = z[i] - this.x[i];
      this.x[i] += k0 * y;
      this.v[i] += k1 * y;
      this.P[i] = Float64Array.of((1 - k0) * p00, (1 - k0) * p01, p11 - k1 * p01);
    }
  }

  box(): Box {
    const [cx, cy, a, b] = this.x;
    const h = Math.max(1e-6, b);
    const w = Math.max(1e-6, this.model === 'aspect' ? a * h : a);
    return { x1: cx - w / 2, y1: cy - h / 2, x2: cx + w / 2, y2: cy + h / 2 };
  }
}

export function iou(a: Box, b: Box): number {
  const iw = Math.min(a.x2, b.x2) - Math.max(a.x1, b.x1);
  const ih = Math.min(a.y2, b.y2) - Math.max(a.y1, b.y1);
  if (iw <= 0 || ih <= 0) return 0;
  const inter = iw * ih;
  return inter / ((a.x2 - a.x1) * (a.y2 - a.y1) + (b.x2 - b.x1) * (b.y2 - b.y1) - inter);
}

/** The share of `a`'s area that lies inside `b` (0 when they do not overlap). */
export function insideShare(a: Box, b: Box): number {
  const iw = Math.min(a.x2, b.x2) - Math.max(a.x1, b.x1),
    ih = Math.min(a.y2, b.y2) - Math.max(a.y1, b.y1);
  return iw > 0 && ih > 0 ? (iw * ih) / ((a.x2 - a.x1) * (a.y2 - a.y1)) : 0;
}
