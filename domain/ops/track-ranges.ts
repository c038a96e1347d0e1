// Range edits of tracks: split, swap, move a frame range to another track, delete a frame range. Pure,
// over plain arrays of boxes (anything with a track id and a frame) and of action segments (seconds); the
// server applies the plan to its rows, the browser can apply it to its document.
import { MIN_ACTION_LENGTH_S } from '../constants';

export interface FramedBox {
  trackId: number;
  frame: number;
}
export interface TimedSegment {
  id: number;
  trackId: number;
  start: number;
  end: number;
}

/** What a range edit does to segments: existing ones change track and/or times; cut-off pieces are new. */
export interface SegmentPlan {
  changed: Array<{ id: number; trackId: number; start: number; end: number }>;
  created: Array<{ from: number; trackId: number; start: number; end: number }>;
}

/** A box that goes to another track. */
export interface BoxMove<B> {
  box: B;
  toTrack: number;
}

/** The time a frame starts at. */
export const frameTime = (frame: number, fps: number) => frame / fps;

/**
 * Segments of `trackId` from time `t` on go to `toTrack`: one starting at or after `t` moves whole; one
 * spanning `t` is cut in two (the piece before stays, the piece after moves as a new segment), unless one
 * piece would be shorter than the shortest action: then the whole segment goes to the side holding most of it.
 */
export function cutSegmentsFrom(
  segments: readonly TimedSegment[],
  trackId: number,
  t: number,
  toTrack: number,
  plan: SegmentPlan = { changed: [], created: [] },
): SegmentPlan {
  for (const s of segments) {
    if (s.trackId !== trackId || s.end <= t) continue;
    if (s.start >= t) {
      plan.changed.push({ id: s.id, trackId: toTrack, start: s.start, end: s.end });
      continue;
    }
    const before = t - s.start;
    const after = s.end - t;
    if (before >= MIN_ACTION_LENGTH_S && after >= MIN_ACTION_LENGTH_S) {
      plan.changed.push({ id: s.id, trackId, start: s.start, end: t });
      plan.created.push({ from: s.id, trackId: toTrack, start: t, end: s.end });
    } else if (after > before) plan.changed.push({ id: s.id, trackId: toTrack, start: s.start, end: s.end });
  }
  return plan;
}

/** Split: boxes at frame ≥ `frame` move to `newTrack`, segments from that frame's time with them. */
export function planSplit<B extends FramedBox>(
  boxes: readonly B[],
  segments: readonly TimedSegment[],
  trackId: number,
  frame: number,
  newTrack: number,
  fps: number,
) {
  const moves: Array<BoxMove<B>> = boxes
    .filter((b) => b.trackId === trackId && b.frame >= frame)
    .map((box) => ({ box, toTrack: newTrack }));
  return { moves, segments: cutSegmentsFrom(segments, trackId, frameTime(frame, fps), newTrack) };
}

/** Swap: from `fromFrame` on, tracks `a` and `b` exchange their boxes and their segments (cut as in split). */
export function planSwap<B extends FramedBox>(
  boxes: readonly B[],
  segments: readonly TimedSegment[],
  a: number,
  b: number,
  fromFrame: number,
  fps: number,
) {
  const moves: Array<BoxMove<B>> = [];
  for (const box of boxes) {
    if (box.frame < fromFrame) continue;
    if (box.trackId === a) moves.push({ box, toTrack: b });
    else if (box.trackId === b) moves.push({ box, toTrack: a });
  }
  const t = frameTime(fromFrame, fps);
  const plan = cutSegmentsFrom(segments, a, t, b);
  cutSegmentsFrom(segments, b, t, a, plan);
  return { moves, segments: plan };
}

/**
 * Move: the boxes of `trackId` on frames `from`..`to` go to `target`, with the segments lying wholly inside
 * that time span. `clashes` lists the frames where the target already has a box (the move must not run).
 */
export function planMoveRange<B extends FramedBox>(
  boxes: readonly B[],
  segments: readonly TimedSegment[],
  trackId: number,
  from: number,
  to: number,
  target: number,
  fps: number,
) {
  const inRange = (f: number) => f >= from && f <= to;
  const moves: Array<BoxMove<B>> = boxes
    .filter((b) => b.trackId === trackId && inRange(b.frame))
    .map((box) => ({ box, toTrack: target }));
  const targetFrames = new Set(boxes.filter((b) => b.trackId === target && inRange(b.frame)).map((b) => b.frame));
  const clashes = moves.map((m) => m.box.frame).filter((f) => targetFrames.has(f));
  const start = frameTime(from, fps);
  const end = frameTime(to + 1, fps);
  const changed = segments
    .filter((s) => s.trackId === trackId && s.start >= start - 1e-9 && s.end <= end + 1e-9)
    .map((s) => ({ id: s.id, trackId: target, start: s.start, end: s.end }));
  return { moves, clashes, segments: { changed, created: [] } as SegmentPlan };
}

/** Delete range: the boxes of `trackId` with from ≤ frame ≤ to. */
export function planDeleteRange<B extends FramedBox>(
  boxes: readonly B[],
  trackId: number,
  from: number,
  to: number,
): B[] {
  return boxes.filter((b) => b.trackId === trackId && b.frame >= from && b.frame <= to);
}

/** The problem with a frame range, or null: both ends inside the video and from ≤ to. */
export function rangeProblem(from: number, to: number, totalFrames: number): string | null {
  if (from > to) return `from (${from}) must not be after to (${to})`;
  if (totalFrames > 0 && to >= totalFrames) return `to must be below the video's ${totalFrames} frames`;
  return null;
}
