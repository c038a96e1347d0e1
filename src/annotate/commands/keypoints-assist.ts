// keypoints.assist: the pose model's 17 points for a drawn box (POST …/assist/pose). It amends the draw's
// history entry, so one undo removes the box and its skeleton together.
import { frameAt } from '../document/frame-blocks';
import { keyframeOps } from '../save/server-ops';
import type { CommandDef } from './types';

export const keypointsAssist: CommandDef<'keypoints.assist'> = {
  name: 'keypoints.assist',
  label: 'Fill skeleton',
  recipe:
    ({ trackId, frame, keypoints }) =>
    (draft) => {
      const det = frameAt(draft.detections[trackId], frame);
      if (det) det.keypoints = Float32Array.from(keypoints);
    },
  serverOps: (a, ctx) => keyframeOps(a.trackId, a.frame, ctx),
};
