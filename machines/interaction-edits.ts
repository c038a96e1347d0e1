// Drag previews of the interaction machine: for each drag kind, the command that puts the dragged thing
// where the pointer is now (see interaction.ts). Pure functions of the pointer-down and the latest move.
import { cornerPoint, moveBox, moveKeypoint, resizeBox, toFractions } from '../domain/ops/box-geometry';
import { resizeSpan, snapMove, snapTimelineTime, type TimelineSnap } from '../domain/ops/segment-time';
import { MIN_ACTION_LENGTH_S, NEW_ACTION_CLASS, NEW_ACTION_CONFIDENCE } from '../domain/constants';
import type { DragEdit, DragTarget, InteractionContext, InteractionEvent } from './interaction-types';

type Ctx = { context: InteractionContext; event: InteractionEvent };
const NO_SNAP: TimelineSnap = { snapTimeline: false, snapPlayhead: false, visibleSpan: 0, playhead: 0 };

/** Pointer offset from the pointer-down (the move being handled, else the last one). */
function offset({ context, event }: Ctx) {
  const d = context.down!;
  const p = event.type === 'pointer.move' ? event : context.point;
  return { d, dx: p.x - d.x, dy: p.y - d.y };
}

// One preview per drag kind: where the dragged thing lands (8 px grid, clamped to the video, 0.1 s minimum,
// 0 … duration, timeline / playhead snapping), as the command that puts it there.
export function boxTranslateEdit(c: Ctx): DragEdit {
  const { d, dx, dy } = offset(c);
  const t = d.target as Extract<DragTarget, { kind: 'box' }>;
  const box = moveBox(t.box, dx, dy, d.options.size, d.options.grid);
  return {
    name: 'box.move',
    args: { trackId: t.trackId, frame: d.frame, box: toFractions(box, d.options.size), shown: d.shown! },
  };
}

export function boxResizeEdit(c: Ctx): DragEdit {
  const { d, dx, dy } = offset(c);
  const t = d.target as Extract<DragTarget, { kind: 'corner' }>;
  const p = cornerPoint(t.box, t.corner);
  const box = resizeBox(t.box, t.corner, p.x + dx, p.y + dy, d.options.size, d.options.grid);
  return {
    name: 'box.resize',
    args: { trackId: t.trackId, frame: d.frame, box: toFractions(box, d.options.size), shown: d.shown! },
  };
}

export function keypointDragEdit(c: Ctx): DragEdit {
  const { d, dx, dy } = offset(c);
  const t = d.target as Extract<DragTarget, { kind: 'keypoint' }>;
  const { size } = d.options;
  const p = moveKeypoint(t.x + dx, t.y + dy, size, d.options.grid);
  return {
    name: 'keypoint.move',
    args: {
      trackId: t.trackId,
      frame: d.frame,
      index: t.index,
      x: p.x / size.width,
      y: p.y / size.height,
      shown: d.shown!,
    },
  };
}

export function segmentMoveEdit(c: Ctx): DragEdit {
  const { d, dx } = offset(c);
  const t = d.target as Extract<DragTarget, { kind: 'segment' }>;
  const span = snapMove(t.span, dx, d.options.snap ?? NO_SNAP, d.options.duration ?? 0);
  return { name: 'segment.move', args: { id: t.segmentId, changes: { start_time: span.start, end_time: span.end } } };
}

export function segmentResizeEdit(c: Ctx): DragEdit {
  const { d, dx } = offset(c);
  const t = d.target as Extract<DragTarget, { kind: 'segmentEdge' }>;
  const raw = (t.edge === 'start' ? t.span.start : t.span.end) + dx;
  const at = d.options.snap ? snapTimelineTime(raw, d.options.snap) : raw;
  const span = resizeSpan(t.span, t.edge, at, d.options.duration ?? 0);
  return { name: 'segment.resize', args: { id: t.segmentId, changes: { start_time: span.start, end_time: span.end } } };
}

/** The smallest box a drag draws, in video pixels (a drawn box is never empty). */
export const MIN_DRAWN_BOX_PX = 2;

/**
 * A box drawn from the press to the pointer (either direction, clamped to the video, at least 2 px): into
 * track `into` (a redraw of its box at this frame), or, when null, as the first keyframe of a new person.
 */
export function boxDrawEdit(c: Ctx, into: number | null): DragEdit {
  const { d, dx, dy } = offset(c);
  const { width, height } = d.options.size;
  const clampX = (x: number) => Math.min(width, Math.max(0, x));
  const clampY = (y: number) => Math.min(height, Math.max(0, y));
  const ax = clampX(d.x);
  const ay = clampY(d.y);
  const bx = clampX(d.x + dx);
  const by = clampY(d.y + dy);
  let x1 = Math.min(ax, bx);
  let x2 = Math.max(ax, bx);
  let y1 = Math.min(ay, by);
  let y2 = Math.max(ay, by);
  if (x2 - x1 < MIN_DRAWN_BOX_PX) {
    x2 = Math.min(width, x1 + MIN_DRAWN_BOX_PX);
    x1 = x2 - MIN_DRAWN_BOX_PX;
  }
  if (y2 - y1 < MIN_DRAWN_BOX_PX) {
    y2 = Math.min(height, y1 + MIN_DRAWN_BOX_PX);
    y1 = y2 - MIN_DRAWN_BOX_PX;
  }
  return {
    name: 'box.draw',
    args: {
      trackId: into ?? d.newTrackId,
      frame: d.frame,
      box: toFractions({ x1, y1, x2, y2 }, d.options.size),
      newTrack: into === null,
    },
  };
}

/** The select tool's drag on the empty picture: always a new person. */
export const newPersonEdit = (c: Ctx): DragEdit => boxDrawEdit(c, null);
/** The draw tool's drag: a new person, or the redraw of the track it was opened for. */
export const drawToolEdit = (c: Ctx): DragEdit => boxDrawEdit(c, c.context.drawInto);

/** The id a dragged new action shows under until the server hands out its own. */
export const DRAFT_SEGMENT_ID = -1;

export function segmentCreateEdit(c: Ctx): DragEdit {
  const { d, dx } = offset(c);
  const t = d.target as Extract<DragTarget, { kind: 'segmentNew' }>;
  const duration = d.options.duration ?? 0;
  const max = duration > 0 ? duration : Number.POSITIVE_INFINITY;
  const place = (x: number) => Math.min(max, Math.max(0, d.options.snap ? snapTimelineTime(x, d.options.snap) : x));
  const a = place(t.at);
  const b = place(t.at + dx);
  let start = Math.min(a, b);
  let end = Math.max(a, b);
  if (end - start < MIN_ACTION_LENGTH_S) {
    if (dx >= 0) {
      end = Math.min(max, start + MIN_ACTION_LENGTH_S);
      start = Math.max(0, end - MIN_ACTION_LENGTH_S);
    } else {
      start = Math.max(0, end - MIN_ACTION_LENGTH_S);
      end = Math.min(max, start + MIN_ACTION_LENGTH_S);
    }
  }
  const round = (x: number) => Number(x.toFixed(4));
  return {
    name: 'segment.create',
    args: {
      segment: {
        id: DRAFT_SEGMENT_ID,
        track_id: t.trackId,
        action_class: NEW_ACTION_CLASS,
        start_time: round(start),
        end_time: round(end),
        confidence: NEW_ACTION_CONFIDENCE,
        human_verified: true,
      },
    },
  };
}
