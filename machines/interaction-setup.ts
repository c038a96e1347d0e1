// What every tool of the interaction machine shares (see interaction.ts): the typed setup (the host's
// actions as stubs the editor provides, the guards, the window pointer listener), the drag state that
// previews, commits or bails, and the way back to the chosen tool after a timeline drag or a Space pan.
import { assign, fromCallback, setup } from 'xstate';
import type {
  DragEdit,
  DragTarget,
  InteractionContext,
  InteractionEvent,
  PointerInput,
  ToolName,
} from './interaction-types';

type Preview = (c: { context: InteractionContext; event: InteractionEvent }) => DragEdit;

const kindIs =
  (...kinds: DragTarget['kind'][]) =>
  ({ context }: { context: InteractionContext }) =>
    !!context.down && kinds.includes(context.down.target.kind);

export const interactionSetup = setup({
  types: { context: {} as InteractionContext, events: {} as InteractionEvent },
  actors: {
    /** Window pointer moves and the release, read with the pointer-down's toPoint (timeline presses). */
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
      event.type === 'pointer.down'
        ? { down: event, point: { x: event.x, y: event.y }, screen: { x: event.sx ?? 0, y: event.sy ?? 0 } }
        : {},
    ),
    follow: assign(({ event, context }) =>
      event.type === 'pointer.move'
        ? {
            point: { x: event.x, y: event.y },
            screen: { x: event.sx ?? context.screen.x, y: event.sy ?? context.screen.y },
          }
        : {},
    ),
    reset: assign({ down: null }),
    useTool: assign((_, p: { tool: ToolName; into?: number | null }) => ({ tool: p.tool, drawInto: p.into ?? null })),
    // The host's history (provided): mark the document, show an edit on the mark, go back, record one entry.
    mark: () => {},
    squash: (_, _edit: DragEdit) => {},
    bail: () => {},
    commit: () => {},
    // The host's selection (provided): what a press selects, and a cleared selection.
    select: (_, _target: DragTarget) => {},
    deselect: () => {},
    /** A press and release without a drag on the timeline: a bar or a row seeks there. */
    click: (_, _target: DragTarget) => {},
    // The host's viewport (provided): a pan starts at the press and follows the pointer's screen point.
    panStart: (_, _at: { x: number; y: number }) => {},
    panMove: (_, _to: { x: number; y: number }) => {},
  },
  guards: {
    beyondThreshold: ({ context, event }) =>
      event.type === 'pointer.move' &&
      !!context.down &&
      Math.hypot(event.x - context.down.x, event.y - context.down.y) >= context.down.options.threshold,
    panPress: ({ event }) => event.type === 'pointer.down' && !!event.pan,
    onTimeline: ({ event }) =>
      event.type === 'pointer.down' && ['segment', 'segmentEdge', 'segmentNew'].includes(event.target.kind),
    onBox: kindIs('box'),
    onCorner: kindIs('corner'),
    onKeypoint: kindIs('keypoint'),
    onCanvas: kindIs('canvas'),
    onSegment: kindIs('segment'),
    onSegmentEdge: kindIs('segmentEdge'),
    onSegmentNew: kindIs('segmentNew'),
    toolIsDraw: ({ context }) => context.tool === 'draw',
    toolIsPan: ({ context }) => context.tool === 'pan',
    /** A redraw of one track's box: the draw tool was opened for that one box. */
    redrawing: ({ context }) => context.drawInto !== null,
    /** No press is running (tools change only between presses). */
    free: ({ context }) => context.down === null,
  },
});

/** Where a drag or a press goes when it ends: a state, chosen by an optional guard (first match wins). */
type Exit = readonly { guard?: 'toolIsDraw' | 'toolIsPan' | 'redrawing'; target: string; tool?: ToolName }[];

/** Back to the chosen tool (after a timeline drag or a Space / middle-button pan). */
export const backToTool: Exit = [
  { guard: 'toolIsDraw', target: '#interaction.draw' },
  { guard: 'toolIsPan', target: '#interaction.pan' },
  { target: '#interaction.select' },
];

/** The transitions of an exit, each running `action` first (and switching tools where the exit says). */
export const exitWith = (exit: Exit, action?: 'commit' | 'bail' | 'click') =>
  exit.map(({ guard, target, tool }) => ({
    ...(guard ? { guard } : {}),
    target,
    actions: [
      ...(action === 'click'
        ? [{ type: 'click' as const, params: ({ context }: { context: InteractionContext }) => context.down!.target }]
        : action
          ? [action]
          : []),
      ...(tool ? [{ type: 'useTool' as const, params: { tool } }] : []),
    ],
  }));

/**
 * One drag from its first move past the threshold to the release: marks the history on entry, squashes
 * `preview` onto the mark on every move (the document shows it, nothing is recorded or sent), commits one
 * entry on release (then `released`) and bails back to the mark on Escape or a cancel (then `cancelled`).
 */
export function dragging(preview: Preview, released: Exit, cancelled: Exit = released) {
  return interactionSetup.createStateConfig({
    entry: ['mark', { type: 'squash', params: preview }],
    on: {
      'pointer.move': { actions: ['follow', { type: 'squash', params: preview }] },
      'pointer.up': exitWith(released, 'commit'),
      'key.escape': exitWith(cancelled, 'bail'),
      'drag.cancel': exitWith(cancelled, 'bail'),
    },
  });
}

type PressEvent = Extract<InteractionEvent, { type: 'pointer.down' }>;

/**
 * The presses every tool hands on before its own: a Space or middle-button press pans, a press on the
 * timeline selects what it lands on and drags there. The tool's own press follows these.
 */
export const panOrTimelinePress = [
  {
    guard: 'panPress' as const,
    target: '#interaction.pan.panning',
    actions: [
      'start' as const,
      {
        type: 'panStart' as const,
        params: ({ event }: { event: PressEvent }) => ({ x: event.sx ?? 0, y: event.sy ?? 0 }),
      },
    ],
  },
  {
    guard: 'onTimeline' as const,
    target: '#interaction.timeline',
    actions: [
      'start' as const,
      { type: 'select' as const, params: ({ event }: { event: PressEvent }) => event.target },
    ],
  },
];
