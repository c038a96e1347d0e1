// box.move, box.resize, keypoint.move: replace one detection of one track at one frame. Editing an
// interpolated frame stores a new detection there (seeded from what was shown).
import { ARROW_STEP_PX, ARROW_STEP_SHIFT_PX } from '../../../domain/constants';
import { moveBox, toFractions, toPixels } from '../../../domain/ops/box-geometry';
import type { CompactDetection, EditorDoc } from '../document/types';
import { detectionOps } from '../save/server-ops';
import type { BoxArgs, CommandDef, KeyLike, KeypointArgs } from './types';

/** The draft detection at (track, frame), created from the shown one when the frame had none. */
function draftDetection(draft: EditorDoc, trackId: number, frame: number, shown: CompactDetection): CompactDetection {
  const frames = (draft.detections[trackId] ??= {});
  if (!frames[frame]) {
    frames[frame] = { ...shown, keypoints: shown.keypoints ? Float32Array.from(shown.keypoints) : null, source: 'human' };
    const range = draft.trackRanges[trackId];
    if (!range) draft.trackRanges[trackId] = { first: frame, last: frame };
    else { range.first = Math.min(range.first, frame); range.last = Math.max(range.last, frame); }
  }
  return frames[frame];
}

const setBox = ({ trackId, frame, box, shown }: BoxArgs) => (draft: EditorDoc) => {
  const det = draftDetection(draft, trackId, frame, shown);
  det.x1 = box.x1; det.y1 = box.y1; det.x2 = box.x2; det.y2 = box.y2; det.source = 'human';
};

const ARROWS: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
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
    const [dx, dy] = ARROWS[e.key];
    const size = { width: doc.info.width, height: doc.info.height };
    const moved = moveBox(toPixels(shown, size), dx * step, dy * step, size, false);
    return { trackId: ui.selectedTrackId, frame: ui.frame, box: toFractions(moved, size), shown };
  },
  recipe: setBox,
  serverOps: (a, ctx) => detectionOps(a.trackId, a.frame, ctx),
};

export const boxResize: CommandDef<'box.resize'> = { name: 'box.resize', label: 'Resize box', recipe: setBox, serverOps: (a, ctx) => detectionOps(a.trackId, a.frame, ctx) };

export const keypointMove: CommandDef<'keypoint.move'> = {
  name: 'keypoint.move',
  label: 'Move keypoint',
  recipe: ({ trackId, frame, index, x, y, shown }: KeypointArgs) => (draft) => {
    const det = draftDetection(draft, trackId, frame, shown);
    // Typed arrays are not drafted by immer: assign a new array (document/types.ts contract).
    const next = det.keypoints ? Float32Array.from(det.keypoints) : new Float32Array(51).fill(Number.NaN);
    next[index * 3] = x; next[index * 3 + 1] = y;
    if (!(next[index * 3 + 2] > 0)) next[index * 3 + 2] = 1;
    det.keypoints = next;
    det.source = 'human';
  },
  serverOps: (a, ctx) => detectionOps(a.trackId, a.frame, ctx),
};
