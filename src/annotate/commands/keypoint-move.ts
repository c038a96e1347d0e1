// keypoint.move: one of the 17 keypoints dragged to a new place.
import { detectionOps } from '../save/server-ops';
import { draftDetection } from './detection-draft';
import type { CommandDef, KeypointArgs } from './types';

export const keypointMove: CommandDef<'keypoint.move'> = {
  name: 'keypoint.move',
  label: 'Move keypoint',
  recipe:
    ({ trackId, frame, index, x, y, shown }: KeypointArgs) =>
    (draft) => {
      const det = draftDetection(draft, trackId, frame, shown);
      // Typed arrays are not drafted by immer: assign a new array (document/types.ts contract).
      const next = det.keypoints ? Float32Array.from(det.keypoints) : new Float32Array(51).fill(Number.NaN);
      next[index * 3] = x;
      next[index * 3 + 1] = y;
      if (!(next[index * 3 + 2] > 0)) next[index * 3 + 2] = 1;
      det.keypoints = next;
      det.source = 'human';
    },
  serverOps: (a, ctx) => detectionOps(a.trackId, a.frame, ctx),
};
