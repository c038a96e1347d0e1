// Pointer interaction of the Annotate player and timeline, in the manner of tldraw's tools: one state node
// per tool, each in its own file showing what it does from press to release —
// - select (select-tool.ts): select, move, resize, move a joint; a click on the empty picture clears the
//   selection, a drag there draws a new person;
// - draw (draw-tool.ts): the 'New box' tool, or the redraw of the selected track's box;
// - pan (pan-tool.ts): the hand; also where a Space or middle-button drag goes from any tool;
// - timeline (timeline-drag.ts): a press on a timeline bar or row from any tool, then back to it.
// A drag marks the history on entry, squashes its preview onto the mark on every move, commits ONE edit on
// release and bails back to the mark on Escape (interaction-setup.ts `dragging`; mark / squash / bail are
// the host's history, src/annotate/history/history.ts). Coordinates: video pixels for boxes and joints,
// seconds for timeline bars, screen pixels for a pan. Tools change only between presses.
import { interactionSetup } from './interaction-setup';
import { drawTool } from './draw-tool';
import { panTool } from './pan-tool';
import { selectTool } from './select-tool';
import { timelineDrag } from './timeline-drag';

export const interactionMachine = interactionSetup.createMachine({
  id: 'interaction',
  context: { tool: 'select', drawInto: null, down: null, point: { x: 0, y: 0 }, screen: { x: 0, y: 0 } },
  initial: 'select',
  on: {
    'tool.select': { guard: 'free', target: '.select', actions: { type: 'useTool', params: { tool: 'select' } } },
    'tool.pan': { guard: 'free', target: '.pan', actions: { type: 'useTool', params: { tool: 'pan' } } },
    'tool.draw': {
      guard: 'free',
      target: '.draw',
      actions: { type: 'useTool', params: ({ event }) => ({ tool: 'draw' as const, into: event.into ?? null }) },
    },
  },
  states: { select: selectTool, draw: drawTool, pan: panTool, timeline: timelineDrag },
});
