// Action segment time rules: 0.1 s snapping, timeline snap step by visible span,
// snap to the playhead within 0.2 s, length ≥ 0.1 s, start/end within 0 … duration.
import { BRACKET_SHIFT_S, MIN_ACTION_LENGTH_S, PLAYHEAD_SNAP_S, timelineSnapStep } from '../constants';

/** Rounds to a multiple of `step`, without float noise (0.30000000000000004 → 0.3). */
export function roundTo(value: number, step: number): number {
  const r = Math.round(value / step) * step;
  return Number(r.toFixed(6));
}

/** Times typed or shifted snap to 0.1 s. */
export const snapTenth = (t: number) => roundTo(t, 0.1);

export interface TimelineSnap {
  /** Snap timeline toggle: snap to the grid step of the visible span. */
  snapTimeline: boolean;
  /** Snap to playhead toggle: within 0.2 s of the playhead, the time becomes the playhead time. */
  snapPlayhead: boolean;
  visibleSpan: number;
  playhead: number;
}

/** Where a dragged bar edge lands: the playhead wins when close, else the grid step when on. */
export function snapTimelineTime(t: number, o: TimelineSnap): number {
  if (o.snapPlayhead && Math.abs(t - o.playhead) <= PLAYHEAD_SNAP_S) return o.playhead;
  if (o.snapTimeline) return roundTo(t, timelineSnapStep(o.visibleSpan));
  return t;
}

export interface Span {
  start: number;
  end: number;
}

/** Moves a whole segment by `delta` keeping its length, kept inside 0 … duration. */
export function moveSpan(s: Span, delta: number, duration: number): Span {
  const len = s.end - s.start;
  let start = s.start + delta;
  if (duration > 0) start = Math.min(start, duration - len);
  start = Math.max(0, start);
  return { start: roundTo(start, 1e-4), end: roundTo(start + len, 1e-4) };
}

/** Sets one edge, keeping length ≥ 0.1 s and both ends inside 0 … duration. */
export function resizeSpan(s: Span, edge: 'start' | 'end', t: number, duration: number): Span {
  const max = duration > 0 ? duration : Number.POSITIVE_INFINITY;
  if (edge === 'start') {
    const start = Math.min(Math.max(0, t), s.end - MIN_ACTION_LENGTH_S);
    return { start: roundTo(Math.max(0, start), 1e-4), end: s.end };
  }
  const end = Math.max(Math.min(max, t), s.start + MIN_ACTION_LENGTH_S);
  return { start: s.start, end: roundTo(Math.min(max, end), 1e-4) };
}

/**
 * Moves a segment body with snapping: the leading edge that lands nearer a snap target decides the delta.
 * Both edges are tried; the one whose snapped position moved least wins, so the bar keeps its length.
 */
export function snapMove(s: Span, delta: number, o: TimelineSnap, duration: number): Span {
  const raw = moveSpan(s, delta, duration);
  if (!o.snapPlayhead && !o.snapTimeline) return raw;
  const startSnap = snapTimelineTime(raw.start, o) - raw.start;
  const endSnap = snapTimelineTime(raw.end, o) - raw.end;
  const shift = Math.abs(startSnap) <= Math.abs(endSnap) ? startSnap : endSnap;
  return moveSpan(raw, shift, duration);
}

/** Shift+'[' / Shift+']': the start / end moves by ±0.1 s, within the rules. */
export function shiftEdge(s: Span, edge: 'start' | 'end', direction: -1 | 1, duration: number): Span {
  const t = snapTenth((edge === 'start' ? s.start : s.end) + direction * BRACKET_SHIFT_S);
  return resizeSpan(s, edge, t, duration);
}

/** Float slack so 0.1 s typed as 0.30 − 0.20 still counts as 0.1 s. */
const EPS = 1e-6;

export type SpanRuleBreak = 'not-a-number' | 'start-before-zero' | 'end-after-duration' | 'too-short';

/**
 * The time rule of a stored action segment, written once: the editor checks it before a save and the
 * server on every write. Null when the span keeps it; a duration of 0 (unknown) bounds nothing.
 */
export function spanRuleBreak(s: Span, duration: number): SpanRuleBreak | null {
  if (!Number.isFinite(s.start) || !Number.isFinite(s.end)) return 'not-a-number';
  if (s.start < 0) return 'start-before-zero';
  if (duration > 0 && s.end > duration + EPS) return 'end-after-duration';
  if (s.end - s.start < MIN_ACTION_LENGTH_S - EPS) return 'too-short';
  return null;
}

/** Validation of typed Start/End values: null when valid, else the reason shown to the user. */
export function spanProblem(s: Span, duration: number): string | null {
  switch (spanRuleBreak(s, duration)) {
    case null:
      return null;
    case 'not-a-number':
      return 'Start and End must be numbers';
    case 'start-before-zero':
      return 'Start must be at least 0';
    case 'end-after-duration':
      return `End must be at most ${duration.toFixed(2)} s`;
    case 'too-short':
      return `An action must be at least ${MIN_ACTION_LENGTH_S} s long`;
  }
}

/** 'Add Action Here': starts at the current time, 2 s long, capped at the duration (kept ≥ 0.1 s). */
export function newSegmentSpan(now: number, duration: number, length: number): Span {
  const max = duration > 0 ? duration : now + length;
  let start = Math.max(0, Math.min(now, max));
  const end = Math.min(start + length, max);
  if (end - start < MIN_ACTION_LENGTH_S) start = Math.max(0, end - MIN_ACTION_LENGTH_S);
  return { start: roundTo(start, 1e-4), end: roundTo(end, 1e-4) };
}
