// The draw tool ('New box', B), from press to release: a drag anywhere on the picture, even over other
// boxes, draws a box. Opened plainly it draws new people and stays on; opened for the selected track
// (Shift+B) the next box redraws that track's box at this frame, then it goes back to select. A click
// draws nothing; Escape bails a drawing, and with nothing being drawn goes back to select. Timeline presses
// and Space / middle-button pans work as in the select tool and come back here.
import { dragging, exitWith, interactionSetup, panOrTimelinePress } from './interaction-setup';
import { drawToolEdit } from './interaction-edits';

export const drawTool = interactionSetup.createStateConfig({
  initial: 'idle',
  states: {
    idle: {
      entry: 'reset',
      on: {
        'pointer.down': [...panOrTimelinePress, { target: 'pointing', actions: 'start' }],
        'key.escape': exitWith([{ target: '#interaction.select', tool: 'select' }]),
      },
    },
    pointing: {
      on: {
        'pointer.move': { guard: 'beyondThreshold', target: 'drawing', actions: 'follow' },
        'pointer.up': 'idle',
        'key.escape': 'idle',
        'drag.cancel': 'idle',
      },
    },
    drawing: dragging(
      drawToolEdit,
      [{ guard: 'redrawing', target: '#interaction.select', tool: 'select' }, { target: '#interaction.draw.idle' }],
      [{ target: '#interaction.draw.idle' }],
    ),
  },
});
