// A press on the timeline, from press to release, in any tool: on a bar's body it moves the action, on its
// ends it resizes it, on an empty part of a row a drag creates an action of that track; a click seeks
// there. The moves come from the window (the invoked listener). Then back to the chosen tool.
import { and } from 'xstate';
import { backToTool, dragging, exitWith, interactionSetup } from './interaction-setup';
import { segmentCreateEdit, segmentMoveEdit, segmentResizeEdit } from './interaction-edits';

export const timelineDrag = interactionSetup.createStateConfig({
  invoke: {
    src: 'pointerEvents',
    input: ({ context }) => ({ source: context.down!.source, toPoint: context.down!.toPoint }),
  },
  initial: 'pointing',
  states: {
    pointing: {
      on: {
        'pointer.move': [
          { guard: and(['beyondThreshold', 'onSegment']), target: 'movingSegment', actions: 'follow' },
          { guard: and(['beyondThreshold', 'onSegmentEdge']), target: 'resizingSegment', actions: 'follow' },
          { guard: and(['beyondThreshold', 'onSegmentNew']), target: 'creatingSegment', actions: 'follow' },
        ],
        'pointer.up': exitWith(backToTool, 'click'),
        'key.escape': exitWith(backToTool),
        'drag.cancel': exitWith(backToTool),
      },
    },
    movingSegment: dragging(segmentMoveEdit, backToTool),
    resizingSegment: dragging(segmentResizeEdit, backToTool),
    creatingSegment: dragging(segmentCreateEdit, backToTool),
  },
});
