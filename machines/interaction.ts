// Pointer interaction of edit mode: idle → pointing → translating / resizing / draggingKeypoint
// / draggingSegmentEdge. Escape cancels and restores; pointer up commits ONE edit (emitted as 'commit').
// Coordinates: video pixels for boxes and keypoints, seconds for segments (the host converts).
import { assign, emit, setup } from 'xstate';
import { moveBox, moveKeypoint, resizeBox, cornerPoint, type Box, type Corner, type Size } from '../domain/ops/box-geometry';
import { resizeSpan, snapMove, snapTimelineTime, type Span, type TimelineSnap } from '../domain/ops/segment-time';

export type DragTarget =
  | { kind: 'box'; trackId: number; box: Box }
  | { kind: 'corner'; trackId: number; box: Box; corner: Corner }
  | { kind: 'keypoint'; trackId: number; index: number; x: number; y: number }
  | { kind: 'segment'; segmentId: number; span: Span }
  | { kind: 'segmentEdge'; segmentId: number; span: Span; edge: 'start' | 'end' };

export type DragPreview = { kind: 'box'; box: Box } | { kind: 'keypoint'; x: number; y: number } | { kind: 'span'; span: Span };

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

export interface InteractionContext {
  target: DragTarget | null;
  options: DragOptions | null;
  origin: { x: number; y: number };
  preview: DragPreview | null;
}

export type InteractionEvent =
  | { type: 'pointer.down'; target: DragTarget; x: number; y: number; options: DragOptions }
  | { type: 'pointer.move'; x: number; y: number }
  | { type: 'pointer.up' }
  | { type: 'key.escape' };

export type InteractionEmitted =
  | { type: 'commit'; target: DragTarget; preview: DragPreview }
  | { type: 'cancel'; target: DragTarget };

/** Where the dragged thing is now, from the target, the options and the pointer offset. */
export function previewFor(t: DragTarget, o: DragOptions, dx: number, dy: number): DragPreview {
  switch (t.kind) {
    case 'box': return { kind: 'box', box: moveBox(t.box, dx, dy, o.size, o.grid) };
    case 'corner': {
      const p = cornerPoint(t.box, t.corner);
      return { kind: 'box', box: resizeBox(t.box, t.corner, p.x + dx, p.y + dy, o.size, o.grid) };
    }
    case 'keypoint': return { kind: 'keypoint', ...moveKeypoint(t.x + dx, t.y + dy, o.size, o.grid) };
    case 'segment': {
      const snap = o.snap ?? { snapTimeline: false, snapPlayhead: false, visibleSpan: 0, playhead: 0 };
      return { kind: 'span', span: snapMove(t.span, dx, snap, o.duration ?? 0) };
    }
    case 'segmentEdge': {
      const raw = (t.edge === 'start' ? t.span.start : t.span.end) + dx;
      const at = o.snap ? snapTimelineTime(raw, o.snap) : raw;
      return { kind: 'span', span: resizeSpan(t.span, t.edge, at, o.duration ?? 0) };
    }
  }
}

const dragStateOf = (t: DragTarget | null) =>
  t?.kind === 'corner' ? 'resizing' : t?.kind === 'keypoint' ? 'draggingKeypoint' : t?.kind === 'segmentEdge' ? 'draggingSegmentEdge' : 'translating';

export const interactionMachine = setup({
  types: { context: {} as InteractionContext, events: {} as InteractionEvent, emitted: {} as InteractionEmitted },
  actions: {
    start: assign(({ event }) => (event.type === 'pointer.down'
      ? { target: event.target, options: event.options, origin: { x: event.x, y: event.y }, preview: null }
      : {})),
    track: assign(({ context, event }) => {
      if (event.type !== 'pointer.move' || !context.target || !context.options) return {};
      return { preview: previewFor(context.target, context.options, event.x - context.origin.x, event.y - context.origin.y) };
    }),
    reset: assign({ target: null, options: null, preview: null }),
    commit: emit(({ context }) => ({ type: 'commit', target: context.target!, preview: context.preview! }) as InteractionEmitted),
    cancel: emit(({ context }) => ({ type: 'cancel', target: context.target! }) as InteractionEmitted),
  },
  guards: {
    beyondThreshold: ({ context, event }) => event.type === 'pointer.move' && !!context.options
      && Math.hypot(event.x - context.origin.x, event.y - context.origin.y) >= context.options.threshold,
    isTranslate: ({ context }) => dragStateOf(context.target) === 'translating',
    isResize: ({ context }) => dragStateOf(context.target) === 'resizing',
    isKeypoint: ({ context }) => dragStateOf(context.target) === 'draggingKeypoint',
    changed: ({ context }) => context.preview !== null,
  },
}).createMachine({
  id: 'interaction',
  context: { target: null, options: null, origin: { x: 0, y: 0 }, preview: null },
  initial: 'idle',
  states: {
    idle: { on: { 'pointer.down': { target: 'pointing', actions: 'start' } } },
    pointing: {
      on: {
        'pointer.move': [
          { guard: 'beyondThreshold', target: 'dragging', actions: 'track' },
        ],
        'pointer.up': { target: 'idle', actions: 'reset' },
        'key.escape': { target: 'idle', actions: 'reset' },
      },
    },
    dragging: {
      initial: 'choose',
      on: {
        'pointer.move': { actions: 'track' },
        'pointer.up': [
          { guard: 'changed', target: 'idle', actions: ['commit', 'reset'] },
          { target: 'idle', actions: 'reset' },
        ],
        'key.escape': { target: 'idle', actions: ['cancel', 'reset'] },
      },
      states: {
        choose: {
          always: [
            { guard: 'isTranslate', target: 'translating' },
            { guard: 'isResize', target: 'resizing' },
            { guard: 'isKeypoint', target: 'draggingKeypoint' },
            { target: 'draggingSegmentEdge' },
          ],
        },
        translating: {},
        resizing: {},
        draggingKeypoint: {},
        draggingSegmentEdge: {},
      },
    },
  },
});
