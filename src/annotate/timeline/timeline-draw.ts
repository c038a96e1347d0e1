// Pure drawing and hit-testing of the Track Timeline canvas (one row per track, bars per action segment).
// Bars and grid are drawn by one Konva.Shape (not one node or DOM element per bar): 100 tracks × 50
// segments redraw in a few milliseconds.
import type { ActionSegment } from '../../../domain/types';
import { classColor } from '../colors';
import { segmentsByTrack } from '../../../domain/overlay/draw';
import type { TrackPresence } from '../review/review-nav';
import { drawPresence, type PresenceDrawn } from './presence-draw';
import { drawKeyframeMarks, type KeyframeMark } from './keyframe-marks';

export const ROW_H = 22;
export const AXIS_H = 20;
export const EDGE_PX = 6;

/**
 * `scrollY`/`viewHeight`: the canvas only covers the visible part of the rows (it stays in view while the
 * rows scroll), so a redraw costs the visible rows, not all 100. `viewStart`/`viewSpan`: the window of time
 * shown (time-view.ts); the whole video when absent.
 */
export interface TimelineLayout {
  width: number;
  duration: number;
  trackIds: readonly number[];
  scrollY?: number;
  viewHeight?: number;
  viewStart?: number;
  viewSpan?: number;
}

export const contentHeight = (l: TimelineLayout) => AXIS_H + l.trackIds.length * ROW_H;
export const viewHeightOf = (l: TimelineLayout) => Math.min(contentHeight(l), l.viewHeight ?? Number.POSITIVE_INFINITY);

const spanOf = (l: TimelineLayout) => l.viewSpan ?? l.duration;
export const pxPerSecond = (l: TimelineLayout) => (spanOf(l) > 0 ? l.width / spanOf(l) : 0);
/** The canvas x of a time, and the time at a canvas x (inside the video). */
export const xOfTime = (l: TimelineLayout, t: number) => (t - (l.viewStart ?? 0)) * pxPerSecond(l);
export function timeAtX(l: TimelineLayout, x: number): number {
  const pps = pxPerSecond(l);
  return pps > 0 ? Math.min(l.duration, Math.max(0, (l.viewStart ?? 0) + x / pps)) : 0;
}

/** Tick spacing so that labels are at least ~70 px apart. */
export function tickStep(duration: number, width: number): number {
  const steps = [0.1, 0.25, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 1800, 3600];
  const pps = duration > 0 ? width / duration : 1;
  return steps.find((s) => s * pps >= 70) ?? steps[steps.length - 1];
}

export function formatTick(t: number): string {
  const m = Math.floor(t / 60);
  const s = t - m * 60;
  const sec = Number.isInteger(s) ? String(s) : s.toFixed(s * 10 === Math.round(s * 10) ? 1 : 2);
  return m > 0 ? `${m}:${sec.padStart(2, '0')}` : `${sec}s`;
}

export interface BarsState {
  segments: readonly ActionSegment[];
  hidden: readonly number[];
  selectedSegmentId: number | null;
  /** Presence and low-confidence runs by track (review summary) and the fps that turns frames into time. */
  presence?: ReadonlyMap<number, TrackPresence>;
  fps?: number;
  /** Keyframes by track (keyframe-marks.ts): a diamond on the row at each. */
  keyframes?: ReadonlyMap<number, KeyframeMark[]>;
}

/**
 * Draws the rows in view, their presence bands, their bars, the time grid and the axis. Returns how many
 * bars were drawn; `presenceOut` receives how many presence rectangles.
 */
export function drawTimeline(
  ctx: CanvasRenderingContext2D,
  l: TimelineLayout,
  s: BarsState,
  presenceOut?: PresenceDrawn,
): number {
  const pps = pxPerSecond(l);
  const height = viewHeightOf(l);
  const scrollY = l.scrollY ?? 0;
  const firstRow = Math.max(0, Math.floor(scrollY / ROW_H) - 1);
  const lastRow = Math.min(l.trackIds.length - 1, Math.ceil((scrollY + height - AXIS_H) / ROW_H));
  const rowY = (row: number) => AXIS_H + row * ROW_H - scrollY;
  const viewStart = l.viewStart ?? 0;
  const viewEnd = viewStart + spanOf(l);
  ctx.fillStyle = '#f8fafc';
  ctx.fillRect(0, 0, l.width, height);
  ctx.fillStyle = '#eef2f7';
  for (let i = firstRow; i <= lastRow; i++) if (i % 2 === 1) ctx.fillRect(0, rowY(i), l.width, ROW_H);
  // rows' contents in video time: shifted so the window's start is at x = 0
  ctx.save();
  ctx.translate(-viewStart * pps, 0);
  if (s.presence && s.fps) {
    const p = drawPresence(
      ctx,
      s.presence,
      { trackIds: l.trackIds, first: firstRow, last: lastRow, rowY, rowH: ROW_H, hidden: s.hidden },
      pps / s.fps,
    );
    if (presenceOut) {
      presenceOut.bands = p.bands;
      presenceOut.low = p.low;
    }
  }
  // Bars: one path per action class (one fill per colour, not one per bar), labels where they fit.
  const byTrack = segmentsByTrack(s.segments);
  let drawn = 0;
  let selected: { x: number; y: number; w: number } | null = null;
  const paths = new Map<string, Path2D>();
  const labels: [string, number, number, number][] = [];
  for (let row = firstRow; row <= lastRow; row++) {
    const trackId = l.trackIds[row];
    if (s.hidden.includes(trackId)) continue;
    const list = byTrack.get(trackId);
    if (!list) continue;
    const y = rowY(row) + 3;
    for (const seg of list) {
      if (seg.end_time < viewStart || seg.start_time > viewEnd) continue;
      const x = seg.start_time * pps;
      const w = Math.max(2, (seg.end_time - seg.start_time) * pps);
      let path = paths.get(seg.action_class);
      if (!path) paths.set(seg.action_class, (path = new Path2D()));
      path.rect(x, y, w, ROW_H - 6);
      if (w > 30) labels.push([seg.action_class, x + 3, y + (ROW_H - 6) / 2, w - 6]);
      if (seg.id === s.selectedSegmentId) selected = { x, y, w };
      drawn++;
    }
  }
  ctx.font = '10px system-ui, sans-serif';
  ctx.textBaseline = 'middle';
  for (const [cls, path] of paths) {
    ctx.fillStyle = classColor(cls);
    ctx.fill(path);
  }
  ctx.fillStyle = '#fff';
  for (const [text, x, y, max] of labels) ctx.fillText(text, x, y, max);
  if (selected) {
    const sel = selected as { x: number; y: number; w: number };
    ctx.strokeStyle = '#0f172a';
    ctx.lineWidth = 2;
    ctx.strokeRect(sel.x, sel.y, sel.w, ROW_H - 6);
  }
  if (s.keyframes && s.fps)
    drawKeyframeMarks(
      ctx,
      s.keyframes,
      { trackIds: l.trackIds, first: firstRow, last: lastRow, rowY, rowH: ROW_H, hidden: s.hidden },
      pps / s.fps,
    );
  ctx.restore();
  // Axis band on top (rows scroll under it), grid lines and tick labels.
  ctx.fillStyle = '#f8fafc';
  ctx.fillRect(0, 0, l.width, AXIS_H);
  const step = tickStep(spanOf(l), l.width);
  ctx.beginPath();
  ctx.fillStyle = '#475569';
  for (let t = Math.ceil(viewStart / step - 1e-9) * step; t <= Math.min(l.duration, viewEnd) + 1e-9; t += step) {
    const x = Math.round((t - viewStart) * pps) + 0.5;
    ctx.moveTo(x, AXIS_H - 4);
    ctx.lineTo(x, height);
    ctx.fillText(formatTick(Math.round(t * 100) / 100), x + 2, AXIS_H / 2);
  }
  ctx.strokeStyle = 'rgba(100, 116, 139, 0.35)';
  ctx.lineWidth = 1;
  ctx.stroke();
  return drawn;
}

export function drawPlayhead(ctx: CanvasRenderingContext2D, l: TimelineLayout, time: number): void {
  const x = Math.round(xOfTime(l, time)) + 0.5;
  const height = viewHeightOf(l);
  ctx.beginPath();
  ctx.moveTo(x, 0);
  ctx.lineTo(x, height);
  ctx.strokeStyle = '#dc2626';
  ctx.lineWidth = 2;
  ctx.stroke();
  ctx.fillStyle = '#dc2626';
  ctx.beginPath();
  ctx.moveTo(x - 5, 0);
  ctx.lineTo(x + 5, 0);
  ctx.lineTo(x, 7);
  ctx.fill();
}

export interface TimelineHit {
  trackId: number | null;
  time: number;
  segment: ActionSegment | null;
  part: 'start' | 'end' | 'body';
}

/** What is under a point (x, y in content pixels: row r spans AXIS_H + r·ROW_H). Hidden tracks' bars are not hit. */
export function hitTest(l: TimelineLayout, s: BarsState, x: number, y: number): TimelineHit {
  const time = timeAtX(l, x);
  const row = Math.floor((y - AXIS_H) / ROW_H);
  const trackId = y >= AXIS_H && row >= 0 && row < l.trackIds.length ? l.trackIds[row] : null;
  if (trackId === null || s.hidden.includes(trackId)) return { trackId, time, segment: null, part: 'body' };
  const list = segmentsByTrack(s.segments).get(trackId) ?? [];
  let best: ActionSegment | null = null;
  for (const seg of list) {
    const sx = xOfTime(l, seg.start_time);
    const x1 = sx - EDGE_PX / 2;
    const x2 = Math.max(sx + 2, xOfTime(l, seg.end_time)) + EDGE_PX / 2;
    if (x >= x1 && x <= x2 && (!best || seg.start_time > best.start_time)) best = seg;
  }
  if (!best) return { trackId, time, segment: null, part: 'body' };
  const sx = xOfTime(l, best.start_time);
  const ex = xOfTime(l, best.end_time);
  const part =
    ex - sx > EDGE_PX * 3 && Math.abs(x - sx) <= EDGE_PX
      ? 'start'
      : ex - sx > EDGE_PX * 3 && Math.abs(x - ex) <= EDGE_PX
        ? 'end'
        : 'body';
  return { trackId, time, segment: best, part };
}
