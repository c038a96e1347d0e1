// keypoint.visibility: a joint of the selected track becomes visible, occluded (drawn hollow) or absent
// (not drawn), as COCO's v 2 / 1 / 0. The O key cycles the selected joint visible → occluded → absent →
// visible; the data panel sets it and places a missing joint again. A joint placed again without a
// position (or from the panel's list) goes to the box centre.
import { jointVisibility, type CompactDetection, type JointVisibility } from '../../../domain/overlay/detection';
import { detectionOps } from '../save/server-ops';
import { draftDetection } from './detection-draft';
import type { CommandDef, JointVisibilityArgs, KeyLike } from './types';

const isJ = (e: KeyLike) =>
  !e.ctrlKey && !e.metaKey && !e.altKey && (e.key === 'j' || e.key === 'J' || e.code === 'KeyJ');

/** The next state of the O key's cycle. */
export const nextJointVisibility = (v: JointVisibility): JointVisibility => (v === 2 ? 1 : v === 1 ? 0 : 2);

const hasPosition = (d: CompactDetection, j: number) =>
  !!d.keypoints && Number.isFinite(d.keypoints[j * 3]) && Number.isFinite(d.keypoints[j * 3 + 1]);

/**
 * The command's arguments for joint `index` of the detection `shown` at (track, frame). `place`: put the
 * joint at the box centre; a joint made visible or occluded that has no position goes there too.
 */
export function jointVisibilityArgs(
  trackId: number,
  frame: number,
  shown: CompactDetection,
  index: number,
  visibility: JointVisibility,
  place = false,
): JointVisibilityArgs {
  const centre = { x: (shown.x1 + shown.x2) / 2, y: (shown.y1 + shown.y2) / 2 };
  const at = visibility > 0 && (place || !hasPosition(shown, index)) ? centre : undefined;
  return { trackId, frame, index, visibility, shown, ...(at ? { at } : {}) };
}

export const keypointVisibility: CommandDef<'keypoint.visibility'> = {
  name: 'keypoint.visibility',
  label: 'Joint visibility',
  shortcuts: [
    {
      keys: 'J',
      does: 'Selected joint: visible → occluded (hollow) → absent (hidden) → visible',
      group: 'box',
      editOnly: true,
    },
  ],
  keyTest: isJ,
  argsFromKey: (_e, { ui, shownDetection }) => {
    if (ui.selectedTrackId === null || ui.selectedKeypoint === null) return null;
    const shown = shownDetection(ui.selectedTrackId);
    if (!shown?.keypoints) return null;
    const next = nextJointVisibility(jointVisibility(shown, ui.selectedKeypoint));
    return jointVisibilityArgs(ui.selectedTrackId, ui.frame, shown, ui.selectedKeypoint, next);
  },
  recipe:
    ({ trackId, frame, index, visibility, shown, at }: JointVisibilityArgs) =>
    (draft) => {
      const det = draftDetection(draft, trackId, frame, shown);
      // every joint as it is shown now (a row without stored visibility: from the scores), then this one's
      const vis = Uint8Array.from({ length: 17 }, (_, j) => jointVisibility(det, j));
      vis[index] = visibility;
      if (at) {
        // Typed arrays are not drafted by immer: assign a new array (document/types.ts contract).
        const kp = det.keypoints ? Float32Array.from(det.keypoints) : new Float32Array(51).fill(Number.NaN);
        kp[index * 3] = at.x;
        kp[index * 3 + 1] = at.y;
        if (!(kp[index * 3 + 2] > 0)) kp[index * 3 + 2] = 1;
        det.keypoints = kp;
      }
      det.visibility = vis;
      det.source = 'human';
    },
  serverOps: (a, ctx) => detectionOps(a.trackId, a.frame, ctx),
};
