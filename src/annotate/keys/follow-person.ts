// track.follow: F (forward) / Shift+F (backward) opens 'Follow this person' for the selected track in edit
// mode: the server extends the track frame by frame with the pose model (a long job with progress and
// Cancel in the activity panel). It stops when the person is lost, at the next keyframe, or after the chosen
// frames; its boxes are AI-made. The job changes the server's boxes, not the loaded document (they show on
// reload), so it is a command of the key registry's second table (no document change, nothing to undo here).
import { patchStore } from '../store';
import { letterKey, plainKey } from '../commands/key-tests';
import type { NavCommandDef } from './navigation';

export const FOLLOW_DEFAULT_FRAMES = 150;
export const FOLLOW_MAX_FRAMES = 1800;

export const followPerson: NavCommandDef = {
  name: 'track.follow',
  label: 'Follow this person',
  shortcuts: [
    {
      keys: 'F / Shift+F',
      does: 'Follow this person: extend the selected track forward / backward with the AI',
      group: 'track',
      editOnly: true,
    },
  ],
  keyTest: (e) => plainKey(e) && letterKey(e, 'f'),
  run: (editor, ctx, e) => {
    const ui = editor.getUi();
    if (ui.mode !== 'edit' || ui.selectedTrackId === null || !ctx.requireSignIn()) return;
    patchStore(editor.dialogs, { correction: { kind: 'follow', shift: !!e?.shiftKey } });
  },
};
