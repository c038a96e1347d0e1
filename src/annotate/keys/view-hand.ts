// view.hand: H switches the player's hand tool on or off (a left drag on the frame pans, in view and
// edit mode). It changes no document, so it is a command of the key registry's second table.
import { letterKey, plainKey } from '../commands/key-tests';
import type { NavCommandDef } from './navigation';

export const viewHand: NavCommandDef = {
  name: 'view.hand',
  label: 'Hand tool',
  shortcuts: [
    {
      keys: 'H',
      does: 'Hand tool: a drag on the frame pans (Space-drag and a middle-button drag pan too; the wheel zooms)',
      group: 'navigation',
    },
  ],
  keyTest: (e) => plainKey(e) && !e.shiftKey && letterKey(e, 'h'),
  run: (editor) =>
    editor.interaction.send({
      type: editor.interaction.getSnapshot().context.tool === 'pan' ? 'tool.select' : 'tool.pan',
    }),
};
