// The pan tool (the hand, H), from press to release: a left drag on the picture moves the view. The same
// panning state serves a middle-button drag or a drag while Space is held in any tool, which then comes
// back to the chosen tool. Escape leaves the hand tool. The wheel's zoom is no tool: canvas input does it.
import { backToTool, exitWith, interactionSetup } from './interaction-setup';

const screenOf = ({ event }: { event: { type: string; sx?: number; sy?: number } }) => ({
  x: event.sx ?? 0,
  y: event.sy ?? 0,
});

export const panTool = interactionSetup.createStateConfig({
  initial: 'idle',
  states: {
    idle: {
      entry: 'reset',
      on: {
        'pointer.down': [
          {
            guard: 'onTimeline',
            target: '#interaction.timeline',
            actions: ['start', { type: 'select', params: ({ event }) => event.target }],
          },
          { target: 'panning', actions: ['start', { type: 'panStart', params: screenOf }] },
        ],
        'key.escape': exitWith([{ target: '#interaction.select', tool: 'select' }]),
      },
    },
    panning: {
      on: {
        'pointer.move': { actions: ['follow', { type: 'panMove', params: screenOf }] },
        'pointer.up': exitWith(backToTool),
        'key.escape': exitWith(backToTool),
        'drag.cancel': exitWith(backToTool),
      },
    },
  },
});
