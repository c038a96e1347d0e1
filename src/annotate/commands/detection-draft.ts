// Shared by the box and keypoint commands: editing an interpolated frame stores a new detection there,
// seeded from what was shown.
import type { CompactDetection, EditorDoc } from '../document/types';
import { blockFor } from '../document/frame-blocks';
import type { BoxArgs } from './types';

/** The draft detection at (track, frame), created from the shown one when the frame had none. */
export function draftDetection(
  draft: EditorDoc,
  trackId: number,
  frame: number,
  shown: CompactDetection,
): CompactDetection {
  // The loader makes every loaded block's object for every track, so this only creates one for a frame
  // outside the loaded windows; the patches then stay per frame.
  const frames = blockFor((draft.detections[trackId] ??= {}), frame);
  if (!frames[frame]) {
    // a new row: no version (a held detection shown from an earlier frame carries that row's)
    const { version: _stored, ...seed } = shown;
    frames[frame] = {
      ...seed,
      keypoints: shown.keypoints ? Float32Array.from(shown.keypoints) : null,
      source: 'human',
    };
    const range = draft.trackRanges[trackId];
    if (!range) draft.trackRanges[trackId] = { first: frame, last: frame };
    else {
      range.first = Math.min(range.first, frame);
      range.last = Math.max(range.last, frame);
    }
  }
  return frames[frame];
}

export const setBox =
  ({ trackId, frame, box, shown }: BoxArgs) =>
  (draft: EditorDoc) => {
    const det = draftDetection(draft, trackId, frame, shown);
    det.x1 = box.x1;
    det.y1 = box.y1;
    det.x2 = box.x2;
    det.y2 = box.y2;
    det.source = 'human';
  };
