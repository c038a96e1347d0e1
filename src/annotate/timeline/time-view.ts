// The window of time the Track Timeline shows: the whole video, or a zoomed part of it for long videos.
// Pure: zooming keeps the time under the pointer in place, panning and following the playhead keep the
// window inside the video.

export interface TimeView {
  start: number;
  span: number;
}

/** The narrowest window (seconds); a shorter video is always shown whole. */
export const MIN_VIEW_SPAN_S = 2;
/** One zoom step (buttons, one wheel notch with Ctrl). */
export const ZOOM_STEP = 1.5;

export const wholeVideo = (duration: number): TimeView => ({ start: 0, span: Math.max(0, duration) });

/** A window inside 0 … duration, at least MIN_VIEW_SPAN_S long (or the whole video when shorter). */
export function clampView(v: TimeView, duration: number): TimeView {
  if (duration <= 0) return { start: 0, span: 0 };
  const span = Math.min(duration, Math.max(Math.min(MIN_VIEW_SPAN_S, duration), v.span));
  const start = Math.min(Math.max(0, v.start), duration - span);
  return { start, span };
}

/** Zooms by `factor` (> 1 zooms in) keeping `anchor` (a time in the window) where it is on screen. */
export function zoomView(v: TimeView, factor: number, anchor: number, duration: number): TimeView {
  const span = v.span / factor;
  const at = v.span > 0 ? (anchor - v.start) / v.span : 0;
  return clampView({ start: anchor - at * span, span }, duration);
}

export const panView = (v: TimeView, seconds: number, duration: number): TimeView =>
  clampView({ start: v.start + seconds, span: v.span }, duration);

/** A window centred on `time` (a click on the overview). */
export const centreView = (v: TimeView, time: number, duration: number): TimeView =>
  clampView({ start: time - v.span / 2, span: v.span }, duration);

/** The window that shows `time`: unchanged while it is in view, else turned a page so it is near the left. */
export function followTime(v: TimeView, time: number, duration: number): TimeView {
  if (time >= v.start && time <= v.start + v.span) return v;
  return clampView({ start: time - v.span * 0.1, span: v.span }, duration);
}

export const isWhole = (v: TimeView, duration: number) => v.start <= 0 && v.span >= duration;
