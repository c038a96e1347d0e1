// The player's zoom and pan as pure arithmetic. The viewport element (the player box) shows the video
// letterboxed ('fit') at zoom 1; zoom multiplies that fitted scale, and pan moves the picture in screen
// pixels from its centred position. The video element (a CSS transform), the overlay, the handles, the
// hit-test and every screen ↔ video conversion read these same functions, so they cannot disagree.

/** Zoom in multiples of 'fit'; pan in screen pixels from the centred picture. */
export interface ViewportState {
  zoom: number;
  panX: number;
  panY: number;
}

/** The viewport element's size and the video's size, both in pixels. */
export interface ViewGeometry {
  boxW: number;
  boxH: number;
  videoW: number;
  videoH: number;
}

export interface Point {
  x: number;
  y: number;
}

/** The highest zoom of the wheel and the buttons, in multiples of 'fit'. */
export const MAX_ZOOM = 8;
/** Screen pixels of the picture that always stay inside the viewport, however far it is panned. */
export const KEEP_VISIBLE_PX = 48;

export const FIT: ViewportState = { zoom: 1, panX: 0, panY: 0 };

/** Screen pixels per video pixel at 'fit' (the letterboxed picture). */
export function fitScale(g: ViewGeometry): number {
  if (g.videoW <= 0 || g.videoH <= 0 || g.boxW <= 0 || g.boxH <= 0) return 1;
  return Math.min(g.boxW / g.videoW, g.boxH / g.videoH);
}

/** Screen pixels per video pixel now. */
export function scaleOf(v: ViewportState, g: ViewGeometry): number {
  return fitScale(g) * v.zoom;
}

/** Where video pixel (0, 0) is on screen (viewport pixels). */
export function originOf(v: ViewportState, g: ViewGeometry): Point {
  const s = scaleOf(v, g);
  return { x: g.boxW / 2 - (g.videoW * s) / 2 + v.panX, y: g.boxH / 2 - (g.videoH * s) / 2 + v.panY };
}

export function toScreen(v: ViewportState, g: ViewGeometry, p: Point): Point {
  const s = scaleOf(v, g);
  const o = originOf(v, g);
  return { x: o.x + p.x * s, y: o.y + p.y * s };
}

export function toVideo(v: ViewportState, g: ViewGeometry, p: Point): Point {
  const s = scaleOf(v, g);
  const o = originOf(v, g);
  return { x: (p.x - o.x) / s, y: (p.y - o.y) / s };
}

/** The zoom at which one video pixel is one screen pixel. */
export function oneToOneZoom(g: ViewGeometry): number {
  return 1 / fitScale(g);
}

/** The zoom range: from 'fit' (or 1:1 when that is smaller) up to 8× fit (or 1:1 when that is larger). */
export function zoomLimits(g: ViewGeometry): { min: number; max: number } {
  const one = oneToOneZoom(g);
  return { min: Math.min(1, one), max: Math.max(MAX_ZOOM, one) };
}

/** Pan kept so that at least KEEP_VISIBLE_PX of the picture (or all of it, when smaller) stays in view. */
export function clampPan(v: ViewportState, g: ViewGeometry): ViewportState {
  const s = scaleOf(v, g);
  const clampAxis = (pan: number, box: number, size: number) => {
    const keep = Math.min(KEEP_VISIBLE_PX, size);
    // the picture's left edge is box/2 - size/2 + pan; it must lie in [keep - size, box - keep]
    const lo = keep - size - (box / 2 - size / 2);
    const hi = box - keep - (box / 2 - size / 2);
    return Math.min(hi, Math.max(lo, pan));
  };
  const panX = clampAxis(v.panX, g.boxW, g.videoW * s);
  const panY = clampAxis(v.panY, g.boxH, g.videoH * s);
  return panX === v.panX && panY === v.panY ? v : { zoom: v.zoom, panX, panY };
}

/** A new zoom (clamped to the limits) that keeps the video point under screen point `at` where it is. */
export function zoomAt(v: ViewportState, g: ViewGeometry, at: Point, zoom: number): ViewportState {
  const { min, max } = zoomLimits(g);
  const z = Math.min(max, Math.max(min, zoom));
  const under = toVideo(v, g, at);
  const s = fitScale(g) * z;
  // choose pan so that toScreen(under) === at at the new scale
  const panX = at.x - (g.boxW / 2 - (g.videoW * s) / 2) - under.x * s;
  const panY = at.y - (g.boxH / 2 - (g.videoH * s) / 2) - under.y * s;
  return clampPan({ zoom: z, panX, panY }, g);
}

/** The wheel's zoom factor for a scroll of `deltaY` pixels (one notch of 100 px: ×1.25 in or out). */
export function wheelFactor(deltaY: number): number {
  return Math.pow(1.25, -deltaY / 100);
}

/** 1:1 around the viewport's centre. */
export function oneToOne(v: ViewportState, g: ViewGeometry): ViewportState {
  return zoomAt(v, g, { x: g.boxW / 2, y: g.boxH / 2 }, oneToOneZoom(g));
}

/** A stored or restored state made safe: finite numbers, zoom within the limits, pan clamped. */
export function sanitize(v: Partial<ViewportState> | null | undefined, g: ViewGeometry): ViewportState {
  const num = (x: unknown, d: number) => (typeof x === 'number' && Number.isFinite(x) ? x : d);
  const { min, max } = zoomLimits(g);
  const zoom = Math.min(max, Math.max(min, num(v?.zoom, 1)));
  return clampPan({ zoom, panX: num(v?.panX, 0), panY: num(v?.panY, 0) }, g);
}
