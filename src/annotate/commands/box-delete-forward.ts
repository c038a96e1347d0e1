// box.delete-forward: Shift+Delete removes the selected track's boxes from this frame to its next keyframe
// (not included) or, without one, to the track's end. The server does it first (DELETE …/detections?from&to).
import { rangeOps } from '../save/server-ops';
import { plainDelete } from './box-delete-frame';
import { cutGap, nextKeyframe } from './track-frames';
import type { CommandDef } from './types';

export const boxDeleteForward: CommandDef<'box.delete-forward'> = {
  name: 'box.delete-forward',
  label: 'Delete boxes forward',
  shortcuts: [
    {
      keys: 'Shift+Delete',
      does: "Delete the selected track's boxes from this frame to its next keyframe (or its end)",
      group: 'box',
      editOnly: true,
    },
  ],
  keyTest: (e) => plainDelete(e) && e.shiftKey,
  argsFromKey: (_e, { doc, ui }) => {
    const t = ui.selectedTrackId;
    const range = t === null ? undefined : doc.trackRanges[t];
    if (t === null || !range || range.last < ui.frame) return null;
    const next = nextKeyframe(doc.detections[t], ui.frame);
    const to = next === null ? range.last : next - 1;
    return { trackId: t, from: Math.max(ui.frame, range.first), to, interpolate: ui.interpolation };
  },
  // the frames before stay drawn as they were: a track cut at 100 is drawn up to 99 (track-gap.ts)
  recipe:
    ({ trackId, from, to, interpolate }) =>
    (draft) =>
      cutGap(draft, trackId, from, to, interpolate),
  rangeCall: ({ trackId, from, to }) => ({ trackId, call: { kind: 'delete', from, to } }),
  serverOps: ({ trackId, from, to }, ctx) => rangeOps(trackId, { kind: 'delete', from, to }, ctx),
};
