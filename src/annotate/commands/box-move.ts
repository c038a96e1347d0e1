// box.move: the selected box moves with the arrow keys (or a drag), in video pixels, inside the video.
import { ARROW_STEP_PX, ARROW_STEP_SHIFT_PX } from '../../../domain/constants';
import { moveBox, toFractions, toPixels } from '../../../domain/ops/box-geometry';
import { detectionOps } from '../save/server-ops';
import { setBox } from './detection-draft';
import type { CommandDef, KeyLike } from './types';

const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};
const isArrow = (e: KeyLike) => e.key in ARROWS && !e.ctrlKey && !e.metaKey && !e.altKey;

export const boxMove: CommandDef<'box.move'> = {
  name: 'box.move',
  label: 'Move box',
  shortcuts: [
    { keys: 'Arrow keys', does: 'Move the selected box 1 px', group: 'box', editOnly: true },
    { keys: 'Shift+Arrow keys', does: 'Move the selected box 5 px', group: 'box', editOnly: true },
  ],
  keyTest: isArrow,
  // Arrow keys step in video pixels and the box stays inside the video.
  argsFromKey: (e, { doc, ui, shownDetection }) => {
    if (ui.selectedTrackId === null) return null;
    const shown = shownDetection(ui.selectedTrackId);
    if (!shown) return null;
    const step = e.shiftKey ? ARROW_STEP_SHIFT_PX : ARROW_STEP_PX;
    const arrow = ARROWS[e.key ?? ''];
    if (!arrow) return null;
    const [dx, dy] = arrow;
    const size = { width: doc.info.width, height: doc.info.height };
    const moved = moveBox(toPixels(shown, size), dx * step, dy * step, size, false);
    return { trackId: ui.selectedTrackId, frame: ui.frame, box: toFractions(moved, size), shown };
  },
  recipe: setBox,
  serverOps: (a, ctx) => detectionOps(a.trackId, a.frame, ctx),
};
