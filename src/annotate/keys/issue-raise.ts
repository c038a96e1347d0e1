// issue.raise: R raises a review issue on the selected track (its box at this frame) or, with no track
// selected, on a region drawn on the picture; Shift+R draws a region even with a track selected. The dialog
// then takes the kind (1–7) and the text, Enter sends it. Issues are not document edits (nothing to undo),
// so this is a command of the key registry's second table; it works in view and edit mode.
import { letter } from '../commands/key-tests';
import type { NavCommandDef } from './navigation';

export const issueRaise: NavCommandDef = {
  name: 'issue.raise',
  label: 'Raise issue',
  shortcuts: [
    {
      keys: 'R / Shift+R',
      does: 'Raise a review issue on the selected track here (R), or on a region you draw (Shift+R, or R with no track selected)',
      group: 'review',
    },
  ],
  keyTest: (e) => letter('r')(e) || letter('r', true)(e),
  run: (editor, ctx, e) => {
    if (!ctx.requireSignIn()) return;
    editor.issues.startRaise(e?.shiftKey === true);
  },
};
