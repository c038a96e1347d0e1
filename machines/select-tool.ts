// The select tool, from press to release: a press selects what it lands on (a box, a corner, a joint; the
// timeline's presses go to timeline-drag.ts); past the threshold it moves the box, resizes it from the
// corner or moves the joint. On the empty picture a click clears the selection and a drag draws a new
// person (never into the selected track: that is the draw tool's redraw, Shift+B). Escape clears the
// selection; a middle-button or Space drag pans and comes back here.
import { and } from 'xstate';
import { dragging, interactionSetup, panOrTimelinePress } from './interaction-setup';
import { boxResizeEdit, boxTranslateEdit, keypointDragEdit, newPersonEdit } from './interaction-edits';

const toIdle = [{ target: '#interaction.select.idle' }];

export const selectTool = interactionSetup.createStateConfig({
  initial: 'idle',
  states: {
    idle: {
      entry: 'reset',
      on: {
        'pointer.down': [
          ...panOrTimelinePress,
          { target: 'pointing', actions: ['start', { type: 'select', params: ({ event }) => event.target }] },
        ],
        'key.escape': { actions: 'deselect' },
      },
    },
    pointing: {
      on: {
        'pointer.move': [
          { guard: and(['beyondThreshold', 'onBox']), target: 'translating', actions: 'follow' },
          { guard: and(['beyondThreshold', 'onCorner']), target: 'resizing', actions: 'follow' },
          { guard: and(['beyondThreshold', 'onKeypoint']), target: 'movingJoint', actions: 'follow' },
          { guard: and(['beyondThreshold', 'onCanvas']), target: 'drawing', actions: 'follow' },
        ],
        'pointer.up': [{ guard: 'onCanvas', target: 'idle', actions: 'deselect' }, { target: 'idle' }],
        'key.escape': 'idle',
        'drag.cancel': 'idle',
      },
    },
    translating: dragging(boxTranslateEdit, toIdle),
    resizing: dragging(boxResizeEdit, toIdle),
    movingJoint: dragging(keypointDragEdit, toIdle),
    drawing: dragging(newPersonEdit, toIdle),
  },
});
