// box.delete-frame: Delete removes the selected track's box at this frame only.
import { frameAt } from '../document/frame-blocks';
import type { CommandDef } from './types';
import { removeFrames } from './track-frames';

const plainDelete = (e: { key: string; shiftKey: boolean; ctrlKey: boolean; metaKey: boolean; altKey: boolean }) =>
  e.key === 'Delete' && !e.ctrlKey && !e.metaKey && !e.altKey;

export const boxDeleteFrame: CommandDef<'box.delete-frame'> = {
  name: 'box.delete-frame',
  label: 'Delete box',
  shortcuts: [{ keys: 'Delete', does: "Delete the selected track's box at this frame", group: 'box', editOnly: true }],
  keyTest: (e) => plainDelete(e) && !e.shiftKey,
  argsFromKey: (_e, { doc, ui }) => {
    const t = ui.selectedTrackId;
    return t !== null && frameAt(doc.detections[t], ui.frame) ? { trackId: t, frame: ui.frame } : null;
  },
  recipe:
    ({ trackId, frame }) =>
    (draft) =>
      removeFrames(draft, trackId, frame, frame),
  // the single-row DELETE (with the box's version); its undo stores the box again
  serverOps: ({ trackId, frame }, { videoId, before }) => {
    const was = frameAt(before.detections[trackId], frame);
    return was
      ? {
          forward: [
            {
              kind: 'detection.delete',
              videoId,
              trackId,
              frame,
              ...(was.version !== undefined ? { version: was.version } : {}),
            },
          ],
          inverse: [{ kind: 'detection.put', videoId, trackId, frame, det: was }],
        }
      : { forward: [], inverse: [] };
  },
};

export { plainDelete };
