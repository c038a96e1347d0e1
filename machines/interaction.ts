// Pointer interaction of edit mode: idle → active.pointing → one child state per drag kind (boxTranslate,
// boxResize, keypointDrag, segmentMove, segmentResize, segmentCreate, boxDraw). Each drag state marks the document on entry,
// squashes its own preview onto the mark on every move, commits ONE edit on release and bails back to
// the mark on Escape (mark / squash / bail are the host's history; see src/annotate/history/history.ts).
// While active, an invoked callback actor listens for the window's pointer moves and the release.
// Coordinates: video pixels for boxes and keypoints, seconds for timeline bars.
import { and, assign, fromCallback, setup } from 'xstate';
import {
  boxDrawEdit,
  boxResizeEdit,
  boxTranslateEdit,
  keypointDragEdit,
  segmentCreateEdit,
  segmentMoveEdit,
  segmentResizeEdit,
} from './interaction-edits';
import type { DragEdit, DragTarget, InteractionContext, InteractionEvent, PointerInput } from './interaction-types';

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
