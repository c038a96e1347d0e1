// Pointer interaction of edit mode: idle → active.pointing → one child state per drag kind (boxTranslate,
// boxResize, keypointDrag, segmentMove, segmentResize, segmentCreate, boxDraw). Each drag state marks the document on entry,
// squashes its own preview onto the mark on every move, commits ONE edit on release and bails back to
// the mark on Escape (mark / squash / bail are the host's history; see src/annotate/history/history.ts).
// While active, an invoked callback actor listens for the window's pointer moves and the release.
// Coordinates: video pixels for boxes and keypoints, seconds for timeline bars.
import { and, assign, fromCallback, setup } from 'xstate';
import {
  cornerPoint,
  moveBox,
  moveKeypoint,
  resizeBox,
  toFractions,
  type Box,
  type Corner,
  type Size,
} from '../domain/ops/box-geometry';
import { resizeSpan, snapMove, snapTimelineTime, type Span, type TimelineSnap } from '../domain/ops/segment-time';
import type { CompactDetection } from '../domain/overlay/detection';
import { MIN_ACTION_LENGTH_S, NEW_ACTION_CLASS, NEW_ACTION_CONFIDENCE } from '../domain/constants';
import type { ActionSegment } from '../domain/types';

export type DragTarget =
  | { kind: 'box'; trackId: number; box: Box }
  | { kind: 'corner'; trackId: number; box: Box; corner: Corner }
  | { kind: 'keypoint'; trackId: number; index: number; x: number; y: number }
  | { kind: 'segment'; segmentId: number; span: Span }
  | { kind: 'segmentEdge'; segmentId: number; span: Span; edge: 'start' | 'end' }
  // a press on an empty part of a timeline row: a new action of that track over the dragged span
  | { kind: 'segmentNew'; trackId: number; at: number }
  // a press on an empty area of the frame (or with the 'New box' tool): a new box from the press to the pointer
  | { kind: 'draw'; trackId: number; newTrack: boolean };

export interface DragOptions {
  /** Snap grid toggle (8 px boxes/keypoints). */
  grid: boolean;
  size: Size;
  /** Timeline snapping and the video duration (segments). */
  snap?: TimelineSnap;
  duration?: number;
  /** Movement below this (in the event's units) is a click, not a drag. */
  threshold: number;
}

/** Reads a window pointer event in the drag's units (video pixels, or seconds on the timeline). */
export type ToPoint = (e: { clientX: number; clientY: number }) => { x: number; y: number };

/** What the pointer listener needs: where to listen (null: the host sends the moves) and how to read an event. */
export interface PointerInput {
  source: EventTarget | null;
  toPoint: ToPoint;
}

export interface PointerDownEvent {
  type: 'pointer.down';
  target: DragTarget;
  x: number;
  y: number;
  options: DragOptions;
  /** The frame shown and the detection shown for the target's track at pointer down (boxes, keypoints). */
  frame: number;
  shown: CompactDetection | null;
  /**
   * Where the moves and the release are listened for (the window), and how they are read; null when the
   * host sends them as events (the overlay's editor.dispatch does).
   */
  source: EventTarget | null;
  toPoint: ToPoint;
}

export type InteractionEvent =
  PointerDownEvent | { type: 'pointer.move'; x: number; y: number } | { type: 'pointer.up' } | { type: 'key.escape' };

/** The one command a drag becomes, with its arguments (box and keypoint coordinates as fractions). */
export type DragEdit =
  | { name: 'box.move' | 'box.resize'; args: { trackId: number; frame: number; box: Box; shown: CompactDetection } }
  | {
      name: 'keypoint.move';
      args: { trackId: number; frame: number; index: number; x: number; y: number; shown: CompactDetection };
    }
  | { name: 'segment.move' | 'segment.resize'; args: { id: number; changes: { start_time: number; end_time: number } } }
  | { name: 'box.draw'; args: { trackId: number; frame: number; box: Box; newTrack: boolean } }
  | { name: 'segment.create'; args: { segment: ActionSegment } };

export interface InteractionContext {
  down: PointerDownEvent | null;
  point: { x: number; y: number };
}

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

export function boxDrawEdit(c: Ctx): DragEdit {
  const { d, dx, dy } = offset(c);
  const t = d.target as Extract<DragTarget, { kind: 'draw' }>;
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
      trackId: t.trackId,
      frame: d.frame,
      box: toFractions({ x1, y1, x2, y2 }, d.options.size),
      newTrack: t.newTrack,
    },
  };
}

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

const kindIs =
  (kind: DragTarget['kind']) =>
  ({ context }: { context: InteractionContext }) =>
    context.down?.target.kind === kind;

export const interactionMachine = setup({
  types: { context: {} as InteractionContext, events: {} as InteractionEvent },
  actors: {
    /** Window pointer moves and the release, read with the pointer-down's toPoint. */
    pointerEvents: fromCallback<InteractionEvent, PointerInput>(({ sendBack, input }) => {
      const source = input.source;
      if (!source) return () => {};
      const move = (e: Event) => sendBack({ type: 'pointer.move', ...input.toPoint(e as PointerEvent) });
      const up = () => sendBack({ type: 'pointer.up' });
      source.addEventListener('pointermove', move);
      source.addEventListener('pointerup', up);
      return () => {
        source.removeEventListener('pointermove', move);
        source.removeEventListener('pointerup', up);
      };
    }),
  },
  actions: {
    start: assign(({ event }) =>
      event.type === 'pointer.down' ? { down: event, point: { x: event.x, y: event.y } } : {},
    ),
    follow: assign(({ event, context }) =>
      event.type === 'pointer.move' ? { point: { x: event.x, y: event.y } } : { point: context.point },
    ),
    reset: assign({ down: null }),
    // The host's history (provided): mark the document, show an edit on the mark, go back, record one entry.
    mark: () => {},
    squash: (_, _edit: DragEdit) => {},
    bail: () => {},
    commit: () => {},
    /** A press and release without a drag (a timeline bar seeks to its start). */
    click: (_, _target: DragTarget) => {},
  },
  guards: {
    beyondThreshold: ({ context, event }) =>
      event.type === 'pointer.move' &&
      !!context.down &&
      Math.hypot(event.x - context.down.x, event.y - context.down.y) >= context.down.options.threshold,
    onBox: kindIs('box'),
    onCorner: kindIs('corner'),
    onKeypoint: kindIs('keypoint'),
    onSegment: kindIs('segment'),
    onSegmentEdge: kindIs('segmentEdge'),
    onSegmentNew: kindIs('segmentNew'),
    onDraw: kindIs('draw'),
  },
}).createMachine({
  id: 'interaction',
  context: { down: null, point: { x: 0, y: 0 } },
  initial: 'idle',
  states: {
    idle: { entry: 'reset', on: { 'pointer.down': { target: 'active', actions: 'start' } } },
    active: {
      invoke: {
        src: 'pointerEvents',
        input: ({ context }) => ({ source: context.down!.source, toPoint: context.down!.toPoint }),
      },
      initial: 'pointing',
      states: {
        pointing: {
          on: {
            'pointer.move': [
              { guard: and(['beyondThreshold', 'onBox']), target: 'boxTranslate', actions: 'follow' },
              { guard: and(['beyondThreshold', 'onCorner']), target: 'boxResize', actions: 'follow' },
              { guard: and(['beyondThreshold', 'onKeypoint']), target: 'keypointDrag', actions: 'follow' },
              { guard: and(['beyondThreshold', 'onSegment']), target: 'segmentMove', actions: 'follow' },
              { guard: and(['beyondThreshold', 'onSegmentEdge']), target: 'segmentResize', actions: 'follow' },
              { guard: and(['beyondThreshold', 'onSegmentNew']), target: 'segmentCreate', actions: 'follow' },
              { guard: and(['beyondThreshold', 'onDraw']), target: 'boxDraw', actions: 'follow' },
            ],
            'pointer.up': {
              target: '#interaction.idle',
              actions: { type: 'click', params: ({ context }) => context.down!.target },
            },
            'key.escape': { target: '#interaction.idle' },
          },
        },
        boxTranslate: {
          entry: ['mark', { type: 'squash', params: boxTranslateEdit }],
          on: {
            'pointer.move': { actions: ['follow', { type: 'squash', params: boxTranslateEdit }] },
            'pointer.up': { target: '#interaction.idle', actions: 'commit' },
            'key.escape': { target: '#interaction.idle', actions: 'bail' },
          },
        },
        boxResize: {
          entry: ['mark', { type: 'squash', params: boxResizeEdit }],
          on: {
            'pointer.move': { actions: ['follow', { type: 'squash', params: boxResizeEdit }] },
            'pointer.up': { target: '#interaction.idle', actions: 'commit' },
            'key.escape': { target: '#interaction.idle', actions: 'bail' },
          },
        },
        keypointDrag: {
          entry: ['mark', { type: 'squash', params: keypointDragEdit }],
          on: {
            'pointer.move': { actions: ['follow', { type: 'squash', params: keypointDragEdit }] },
            'pointer.up': { target: '#interaction.idle', actions: 'commit' },
            'key.escape': { target: '#interaction.idle', actions: 'bail' },
          },
        },
        segmentMove: {
          entry: ['mark', { type: 'squash', params: segmentMoveEdit }],
          on: {
            'pointer.move': { actions: ['follow', { type: 'squash', params: segmentMoveEdit }] },
            'pointer.up': { target: '#interaction.idle', actions: 'commit' },
            'key.escape': { target: '#interaction.idle', actions: 'bail' },
          },
        },
        segmentResize: {
          entry: ['mark', { type: 'squash', params: segmentResizeEdit }],
          on: {
            'pointer.move': { actions: ['follow', { type: 'squash', params: segmentResizeEdit }] },
            'pointer.up': { target: '#interaction.idle', actions: 'commit' },
            'key.escape': { target: '#interaction.idle', actions: 'bail' },
          },
        },
        segmentCreate: {
          entry: ['mark', { type: 'squash', params: segmentCreateEdit }],
          on: {
            'pointer.move': { actions: ['follow', { type: 'squash', params: segmentCreateEdit }] },
            'pointer.up': { target: '#interaction.idle', actions: 'commit' },
            'key.escape': { target: '#interaction.idle', actions: 'bail' },
          },
        },
        boxDraw: {
          entry: ['mark', { type: 'squash', params: boxDrawEdit }],
          on: {
            'pointer.move': { actions: ['follow', { type: 'squash', params: boxDrawEdit }] },
            'pointer.up': { target: '#interaction.idle', actions: 'commit' },
            'key.escape': { target: '#interaction.idle', actions: 'bail' },
          },
        },
      },
    },
  },
});
