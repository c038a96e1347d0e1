// keyframe.outside: O ends the selected track at this frame with an 'outside' keyframe (as CVAT): no box
// from here until its next keyframe, and interpolation never crosses it. O on an outside keyframe removes it.
import { blockFor, frameAt, framesOf } from '../document/frame-blocks';
import { keyframeOps } from '../save/server-ops';
import { letter } from './key-tests';
import { fillBetween, isDrawnTrack, nextKeyframe, prevKeyframe, removeFrames } from './track-frames';
import type { CommandDef } from './types';

export const keyframeOutside: CommandDef<'keyframe.outside'> = {
  name: 'keyframe.outside',
  label: 'Outside keyframe',
  shortcuts: [
    {
      keys: 'O',
      does: 'End the selected track at this frame (outside keyframe), or remove that keyframe',
      group: 'track',
      editOnly: true,
    },
  ],
  keyTest: letter('o'),
  argsFromKey: (_e, { doc, ui, shownDetection }) => {
    const t = ui.selectedTrackId;
    if (t === null) return null;
    const shown = frameAt(doc.detections[t], ui.frame) ?? shownDetection(t);
    return shown ? { trackId: t, frame: ui.frame, shown } : null;
  },
  recipe:
    ({ trackId, frame, shown }) =>
    (draft) => {
      const track = (draft.detections[trackId] ??= {});
      const was = frameAt(track, frame);
      if (was?.source === 'outside') {
        removeFrames(draft, trackId, frame, frame);
        const prev = prevKeyframe(track, frame);
        const next = nextKeyframe(track, frame);
        if (prev !== null && next !== null && isDrawnTrack(draft, trackId)) fillBetween(draft, trackId, prev, next);
        return;
      }
      blockFor(track, frame)[frame] = {
        ...shown,
        keypoints: shown.keypoints ? Float32Array.from(shown.keypoints) : null,
        source: 'outside',
        version: was?.version,
      };
      const next = nextKeyframe(track, frame) ?? Number.MAX_SAFE_INTEGER;
      // the frames filled between the keyframes that now enclose the outside one are gone
      for (const [f, d] of framesOf(track))
        if (f > frame && f < next && d.source === 'interpolated') delete blockFor(track, f)[f];
    },
  serverOps: (a, ctx) => keyframeOps(a.trackId, a.frame, ctx),
};
