// Fixture clips as data: a camera window moving over one photo (pan, zoom, and the crop that follows),
// turned into an ffmpeg 4.1-compatible filter, and the exact per-frame transform photo → clip pixels
// computed from the same numbers, so the hand labels of the photo give per-frame ground truth.
//
// How the clip is made: the photo is scaled by `u` (so the smallest window is ≥ the output width:
// zoompan then only ever shrinks) and padded onto a 16:9 canvas that holds every window; zoompan crops
// the window of frame n at whole canvas pixels (x, y truncated; size = trunc(canvas / zoom)) in yuv444p
// (no even-pixel chroma rounding) and scales it to the output size. The same truncations are applied
// here, so the mapping is exact up to the scaler's sub-pixel filtering.
import { createHash } from 'node:crypto';

export interface ClipOutput {
  width: number;
  height: number;
  fps: number;
}
/** A camera window on the photo at time t (s): centre and width in photo pixels; height = width·9/16. */
export interface WindowKey {
  t: number;
  cx: number;
  cy: number;
  w: number;
}
export interface PanZoomRecipe {
  kind: 'panzoom';
  name: string;
  photo: string;
  duration: number;
  note?: string;
  keys: WindowKey[];
  /** Canvas colour outside the photo. */
  background?: string;
}

export interface FrameTransform {
  sx: number;
  sy: number;
  tx: number;
  ty: number;
}
/** Photo point → clip point: (x·sx + tx, y·sy + ty). */
export const applyTransform = (m: FrameTransform, x: number, y: number): [number, number] => [
  x * m.sx + m.tx,
  y * m.sy + m.ty,
];

/** Turns (x, y) clockwise on screen (y points down) by `angle` radians, as ffmpeg's rotate filter does. */
export function applyRotation(angle: number, x: number, y: number): [number, number] {
  const c = Math.cos(angle),
    s = Math.sin(angle);
  return [x * c - y * s, x * s + y * c];
}

export interface CanvasPlan {
  u: number;
  photoW: number;
  photoH: number;
  ox: number;
  oy: number;
  cw: number;
  ch: number;
  frames: number;
}

const even = (v: number) => Math.max(2, Math.round(v / 2) * 2);

/** Key segment of frame n: [a, b, s] with s the fraction from a to b (the last key held after the end). */
function segmentAt(
  r: PanZoomRecipe,
  fps: number,
  n: number,
): { a: WindowKey; b: WindowKey; fa: number; fb: number } | null {
  for (let i = 1; i < r.keys.length; i++) {
    const fb = r.keys[i].t * fps;
    if (n <= fb) return { a: r.keys[i - 1], b: r.keys[i], fa: r.keys[i - 1].t * fps, fb };
  }
  return null;
}

/**
 * A quantity linear in the window's fields, at frame n, computed in the same order of operations as
 * the zoompan expression written by `piecewise` evaluates it, so both truncate the same doubles.
 */
function linearAt(r: PanZoomRecipe, fps: number, n: number, value: (k: WindowKey) => number): number {
  const s = segmentAt(r, fps, n);
  if (!s) return value(r.keys[r.keys.length - 1]);
  if (s.fb === s.fa) return value(s.a);
  const va = value(s.a),
    d = value(s.b) - va;
  return va + (d * (n - s.fa)) / (s.fb - s.fa);
}

export function planCanvas(r: PanZoomRecipe, out: ClipOutput, photoW: number, photoH: number): CanvasPlan {
  const frames = Math.round(r.duration * out.fps);
  const aspect = out.height / out.width;
  const minW = Math.min(...r.keys.map((k) => k.w));
  const u = out.width / minW;
  const pw = even(photoW * u),
    ph = even(photoH * u);
  const su = pw / photoW,
    sv = ph / photoH;
  let x1 = 0,
    y1 = 0,
    x2 = pw,
    y2 = ph;
  for (const k of r.keys) {
    x1 = Math.min(x1, (k.cx - k.w / 2) * su);
    x2 = Math.max(x2, (k.cx + k.w / 2) * su);
    y1 = Math.min(y1, (k.cy - (k.w * aspect) / 2) * sv);
    y2 = Math.max(y2, (k.cy + (k.w * aspect) / 2) * sv);
  }
  const ox = Math.ceil(-x1) + 2,
    oy = Math.ceil(-y1) + 2;
  // a 16:9 canvas (multiples of 16×9) so that zoompan's crop has the output's aspect
  const unit = Math.ceil(Math.max((x2 + ox + 2) / 16, (y2 + oy + 2) / 9));
  return { u, photoW: pw, photoH: ph, ox, oy, cw: unit * 16, ch: unit * 9, frames };
}

/** zoompan's crop of frame n, in canvas pixels, as ffmpeg computes it. */
export function cropAt(r: PanZoomRecipe, out: ClipOutput, p: CanvasPlan, n: number, photoW: number, photoH: number) {
  const su = p.photoW / photoW,
    sv = p.photoH / photoH;
  const zoom = clamp(p.cw / su / linearAt(r, out.fps, n, (k) => k.w), 1, 10);
  const w = Math.trunc(p.cw * (1 / zoom)),
    h = Math.trunc(p.ch * (1 / zoom));
  const x = Math.trunc(clamp(linearAt(r, out.fps, n, xOf(p, su)), 0, Math.max(p.cw - w, 0)));
  const y = Math.trunc(clamp(linearAt(r, out.fps, n, yOf(p, sv, out)), 0, Math.max(p.ch - h, 0)));
  return { x, y, w, h };
}

const clamp = (v: number, a: number, b: number) => Math.min(b, Math.max(a, v));
/** Canvas x / y of the window's top-left corner. */
const xOf = (p: CanvasPlan, su: number) => (k: WindowKey) => (k.cx - k.w / 2) * su + p.ox;
const yOf = (p: CanvasPlan, sv: number, out: ClipOutput) => (k: WindowKey) =>
  (k.cy - (k.w * out.height) / out.width / 2) * sv + p.oy;

/** Photo → clip transform of frame n. */
export function transformAt(
  r: PanZoomRecipe,
  out: ClipOutput,
  p: CanvasPlan,
  n: number,
  photoW: number,
  photoH: number,
): FrameTransform {
  const c = cropAt(r, out, p, n, photoW, photoH);
  const su = p.photoW / photoW,
    sv = p.photoH / photoH;
  const kx = out.width / c.w,
    ky = out.height / c.h;
  return { sx: su * kx, sy: sv * ky, tx: (p.ox - c.x) * kx, ty: (p.oy - c.y) * ky };
}

const num = (v: number) => (Number.isInteger(v) ? String(v) : v.toPrecision(17));

/**
 * zoompan expression of `on` (0-based output frame) for linearAt: a chain of if(lte(on,…)) over the key
 * segments. `over` writes the zoom, numerator / width, the way cropAt divides.
 */
function piecewise(r: PanZoomRecipe, fps: number, value: (k: WindowKey) => number, over?: number): string {
  const k = r.keys;
  const wrap = (e: string) => (over == null ? e : `${num(over)}/${e}`);
  const seg = (a: WindowKey, b: WindowKey) => {
    const fa = a.t * fps,
      fb = b.t * fps,
      va = value(a);
    if (fb === fa) return wrap(num(va));
    return wrap(`(${num(va)}+(${num(value(b) - va)})*(on-${num(fa)})/${num(fb - fa)})`);
  };
  let expr = wrap(num(value(k[k.length - 1])));
  for (let i = k.length - 1; i >= 1; i--) expr = `if(lte(on,${num(k[i].t * fps)}),${seg(k[i - 1], k[i])},${expr})`;
  return expr;
}

/** The -filter_complex graph (input 0 = the photo, output [out]) that makes the clip. */
export function panZoomFilter(
  r: PanZoomRecipe,
  out: ClipOutput,
  p: CanvasPlan,
  photoW: number,
  photoH: number,
): string {
  const su = p.photoW / photoW,
    sv = p.photoH / photoH;
  const z = piecewise(r, out.fps, (k) => k.w, p.cw / su);
  const x = piecewise(r, out.fps, xOf(p, su));
  const y = piecewise(r, out.fps, yOf(p, sv, out));
  return (
    `[0:v]scale=${p.photoW}:${p.photoH}:flags=bicubic,pad=${p.cw}:${p.ch}:${p.ox}:${p.oy}:color=${r.background ?? '0x202020'},format=yuv444p,` +
    `zoompan=z='${z}':x='${x}':y='${y}':d=${p.frames}:s=${out.width}x${out.height}:fps=${out.fps},format=yuv420p[out]`
  );
}

export function recipeHash(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 12);
}
