// Draws one frame of the overlay (boxes, 'Track N' labels with confidence % and the active action,
// skeleton lines, keypoints) onto any Canvas2D-like context: Konva's sceneFunc context in the browser
// editor, @napi-rs/canvas in the server's renderer. One code path, so a rendered video shows exactly
// what the editor shows.
import { COCO_SKELETON } from '../constants';
import type { ActionSegment } from '../types';
import { jointVisibility, type CompactDetection } from './detection';
import { trackColor } from './colors';
import { placeLabels } from './label-place';

/** The part of CanvasRenderingContext2D the overlay uses (both the DOM's and @napi-rs/canvas's have it). */
export interface OverlayContext {
  font: string;
  textBaseline: string;
  lineJoin: string;
  lineWidth: number;
  strokeStyle: unknown;
  fillStyle: unknown;
  beginPath(): void;
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  arc(x: number, y: number, r: number, start: number, end: number): void;
  stroke(): void;
  fill(): void;
  strokeRect(x: number, y: number, w: number, h: number): void;
  fillRect(x: number, y: number, w: number, h: number): void;
  fillText(text: string, x: number, y: number): void;
  measureText(text: string): { width: number };
}

/**
 * One track to draw; its colour comes from `trackId` (colors.ts). `labelShift`: where its label moved so it
 * hides no other label of the frame (placeOverlayLabels); computed by drawOverlay when absent.
 */
export interface OverlayItem {
  trackId: number;
  det: CompactDetection;
  action: string | null;
  labelShift?: number;
}
/** What to draw. `labels` defaults to `boxes` (the editor's label goes with its box). */
export interface OverlayToggleSet {
  boxes: boolean;
  skeletons: boolean;
  keypoints: boolean;
  confidence: boolean;
  labels?: boolean;
}
/** `hollow`: of the drawn keypoints, the occluded ones (drawn as rings). */
/** `colors`: the colour each of `trackIds` was drawn in. */
export interface OverlayStats {
  boxes: number;
  keypoints: number;
  hollow: number;
  lines: number;
  trackIds: number[];
  colors: string[];
}

/** Font family of the labels; the renderer registers a font under this name so servers without fonts draw them. */
export const OVERLAY_FONT_FAMILY = 'system-ui, sans-serif';

const segmentsCache = new WeakMap<readonly ActionSegment[], Map<number, ActionSegment[]>>();

type SegmentLike = Pick<ActionSegment, 'track_id' | 'start_time' | 'end_time'> & { action_class: string };

/** Segments grouped by track (cached per segments array: recomputed only after an edit). */
export function segmentsByTrack<S extends SegmentLike>(segments: readonly S[]): Map<number, S[]> {
  let m = segmentsCache.get(segments as never) as Map<number, S[]> | undefined;
  if (!m) {
    m = new Map();
    for (const s of segments) {
      const list = m.get(s.track_id);
      if (list) list.push(s);
      else m.set(s.track_id, [s]);
    }
    segmentsCache.set(segments as never, m as never);
  }
  return m;
}

/** The action class active on a track at a time (the latest-starting one when several overlap). */
export function activeAction(list: readonly SegmentLike[] | undefined, time: number): string | null {
  if (!list) return null;
  let best: SegmentLike | null = null;
  for (const s of list)
    if (s.start_time <= time && time < s.end_time && (!best || s.start_time > best.start_time)) best = s;
  return best ? best.action_class : null;
}

/** The tracks to draw at `time`: every track not hidden that shows a detection. */
export function collectOverlay(
  doc: { trackIds: readonly number[]; segments: readonly SegmentLike[] },
  time: number,
  hidden: readonly number[],
  shown: (trackId: number) => CompactDetection | null,
): OverlayItem[] {
  const items: OverlayItem[] = [];
  const byTrack = segmentsByTrack(doc.segments);
  const ids = doc.trackIds;
  for (let i = 0; i < ids.length; i++) {
    const trackId = ids[i];
    if (hidden.length && hidden.includes(trackId)) continue;
    const det = shown(trackId);
    if (det) items.push({ trackId, det, action: activeAction(byTrack.get(trackId), time) });
  }
  return items;
}

const fontSize = (height: number) => Math.max(11, Math.round(height / 50));
const pointRadius = (height: number) => Math.max(2, height / 240);
/** A person shorter than this many joint radii gets smaller joints, so 17 dots never cover a small person. */
const JOINTS_PER_HEIGHT = 30;
/** The joint radius for one person: the picture's, but at most 1/30 of the person's height (at least 1 px). */
const personRadius = (r: number, det: { y1: number; y2: number }, styleHeight: number) =>
  Math.min(r, Math.max(1, ((det.y2 - det.y1) * styleHeight) / JOINTS_PER_HEIGHT));

function labelText(it: OverlayItem, t: OverlayToggleSet): string {
  let label = `Track ${it.trackId}`;
  if (t.confidence) label += ` ${Math.round(it.det.confidence * 100)}%`;
  if (it.action) label += ` ${it.action}`;
  return label;
}

/** The label's tag: above the box, or inside it when the box touches the top edge. */
function labelRect(ctx: OverlayContext, label: string, x: number, y: number, fontPx: number) {
  const w = ctx.measureText(label).width + 8;
  const bottom = y > fontPx + 4 ? y : y + fontPx + 4;
  return { x: x - 1, y: bottom - fontPx - 4, w, h: fontPx + 4, bottom };
}

function setTextStyle(ctx: OverlayContext, fontPx: number): void {
  ctx.font = `600 ${fontPx}px ${OVERLAY_FONT_FAMILY}`;
  ctx.textBaseline = 'bottom';
  ctx.lineJoin = 'round';
}

/**
 * The frame's items with each label's place decided (label-place.ts), so labels of overlapping boxes do
 * not hide each other. The renderer calls it once per frame before drawing the items one at a time.
 */
export function placeOverlayLabels(
  ctx: OverlayContext,
  items: readonly OverlayItem[],
  width: number,
  height: number,
  t: OverlayToggleSet,
  styleHeight = height,
): OverlayItem[] {
  if (!(t.labels ?? t.boxes)) return items.map((it) => ({ ...it, labelShift: 0 }));
  const fontPx = fontSize(styleHeight);
  setTextStyle(ctx, fontPx);
  const rects = items.map((it) => labelRect(ctx, labelText(it, t), it.det.x1 * width, it.det.y1 * height, fontPx));
  const shifts = placeLabels(rects, height);
  return items.map((it, i) => ({ ...it, labelShift: shifts[i] }));
}

/**
 * The pixel rectangle that drawing `item` can touch (strokes and anti-aliasing included), clamped to the
 * frame; null when it draws nothing. The renderer copies only these pixels to and from its canvas.
 */
export function overlayItemBounds(
  ctx: OverlayContext,
  it: OverlayItem,
  width: number,
  height: number,
  t: OverlayToggleSet,
): { x: number; y: number; w: number; h: number } | null {
  const fontPx = fontSize(height);
  let x0 = Infinity,
    y0 = Infinity,
    x1 = -Infinity,
    y1 = -Infinity;
  const add = (ax: number, ay: number, bx: number, by: number) => {
    x0 = Math.min(x0, ax);
    y0 = Math.min(y0, ay);
    x1 = Math.max(x1, bx);
    y1 = Math.max(y1, by);
  };
  const { det } = it;
  const kp = det.keypoints;
  if (kp && (t.skeletons || t.keypoints)) {
    const m = pointRadius(height) + 2;
    for (let j = 0; j < 17; j++) {
      if (!jointVisibility(det, j)) continue;
      const x = kp[j * 3] * width,
        y = kp[j * 3 + 1] * height;
      add(x - m, y - m, x + m, y + m);
    }
  }
  const bx = det.x1 * width,
    by = det.y1 * height;
  if (t.boxes) add(bx - 2, by - 2, det.x2 * width + 2, det.y2 * height + 2);
  if (t.labels ?? t.boxes) {
    setTextStyle(ctx, fontPx);
    const r = labelRect(ctx, labelText(it, t), bx, by, fontPx);
    const dy = it.labelShift ?? 0;
    add(r.x - 1, r.y + dy - 1, r.x + r.w + 1, r.y + dy + r.h + 1);
  }
  const left = Math.max(0, Math.floor(x0)),
    top = Math.max(0, Math.floor(y0));
  const right = Math.min(width, Math.ceil(x1)),
    bottom = Math.min(height, Math.ceil(y1));
  return right > left && bottom > top ? { x: left, y: top, w: right - left, h: bottom - top } : null;
}

/**
 * Draws the items on a picture of width × height pixels. `styleHeight` sizes the labels and keypoints
 * (default: the picture's height); the zoomed editor passes the fitted height, so a label keeps its size
 * while the boxes are placed on the magnified picture.
 */
export function drawOverlay(
  ctx: OverlayContext,
  given: readonly OverlayItem[],
  width: number,
  height: number,
  t: OverlayToggleSet,
  styleHeight = height,
): OverlayStats {
  const items = given.some((it) => it.labelShift === undefined)
    ? placeOverlayLabels(ctx, given, width, height, t, styleHeight)
    : given;
  const stats: OverlayStats = { boxes: 0, keypoints: 0, hollow: 0, lines: 0, trackIds: [], colors: [] };
  const fontPx = fontSize(styleHeight);
  const labels = t.labels ?? t.boxes;
  setTextStyle(ctx, fontPx);
  const radius = pointRadius(styleHeight);
  for (const it of items) {
    const { det } = it;
    const color = trackColor(it.trackId);
    stats.trackIds.push(it.trackId);
    stats.colors.push(color);
    const kp = det.keypoints;
    if (kp && t.skeletons) {
      ctx.beginPath();
      for (const [a, b] of COCO_SKELETON) {
        if (!jointVisibility(det, a) || !jointVisibility(det, b)) continue;
        ctx.moveTo(kp[a * 3] * width, kp[a * 3 + 1] * height);
        ctx.lineTo(kp[b * 3] * width, kp[b * 3 + 1] * height);
        stats.lines++;
      }
      ctx.strokeStyle = color;
      ctx.lineWidth = 2;
      ctx.stroke();
    }
    if (kp && t.keypoints) {
      // visible joints filled, occluded ones as rings (a second path), absent ones not at all; a small
      // person's joints are smaller
      const r = personRadius(radius, det, styleHeight);
      ctx.beginPath();
      for (let j = 0; j < 17; j++) {
        if (jointVisibility(det, j) !== 2) continue;
        const x = kp[j * 3] * width;
        const y = kp[j * 3 + 1] * height;
        ctx.moveTo(x + r, y);
        ctx.arc(x, y, r, 0, Math.PI * 2);
        stats.keypoints++;
      }
      ctx.fillStyle = color;
      ctx.fill();
      if (det.visibility?.includes(1)) {
        ctx.beginPath();
        for (let j = 0; j < 17; j++) {
          if (jointVisibility(det, j) !== 1) continue;
          const x = kp[j * 3] * width;
          const y = kp[j * 3 + 1] * height;
          ctx.moveTo(x + r, y);
          ctx.arc(x, y, r, 0, Math.PI * 2);
          stats.keypoints++;
          stats.hollow++;
        }
        ctx.strokeStyle = color;
        ctx.lineWidth = Math.max(1.5, r / 2);
        ctx.stroke();
      }
    }
    const x = det.x1 * width;
    const y = det.y1 * height;
    if (t.boxes) {
      const w = (det.x2 - det.x1) * width;
      const h = (det.y2 - det.y1) * height;
      ctx.strokeStyle = color;
      ctx.lineWidth = 2;
      ctx.strokeRect(x, y, w, h);
      stats.boxes++;
    }
    if (labels) {
      const label = labelText(it, t);
      const tag = labelRect(ctx, label, x, y, fontPx);
      const dy = it.labelShift ?? 0;
      ctx.fillStyle = color;
      ctx.fillRect(tag.x, tag.y + dy, tag.w, tag.h);
      ctx.fillStyle = '#fff';
      ctx.fillText(label, x + 3, tag.bottom + dy - 2);
    }
  }
  return stats;
}
