// keyframe.interpolate: I replaces the frames strictly between two boxes of the selected track around the
// playhead with a linear interpolation of the box and of every joint present at both ends. Either end may
// be any stored box, the AI's too (interpolation-ends.ts says which); when there is none, I says why.
import { rangeOps } from '../save/server-ops';
import { letter } from './key-tests';
import { fillBetween } from './track-frames';
import { interpolationEnds } from './interpolation-ends';
import type { CommandDef } from './types';

export const keyframeInterpolate: CommandDef<'keyframe.interpolate'> = {
  name: 'keyframe.interpolate',
  label: 'Interpolate',
  shortcuts: [
    {
      keys: 'I',
      does: 'Interpolate the selected track between the boxes around the playhead: keyframes, or the AI boxes around a gap (a joint hidden at either end stays hidden)',
      group: 'track',
      editOnly: true,
    },
  ],
  keyTest: letter('i'),
  argsFromKey: (_e, { doc, ui }) => {
    const t = ui.selectedTrackId;
    if (t === null) return null;
    const ends = interpolationEnds(doc.detections[t], ui.frame, doc.info.frame_stride ?? 1);
    return 'from' in ends ? { trackId: t, ...ends } : null;
  },
  refusalFromKey: (_e, { doc, ui }) => {
    const t = ui.selectedTrackId;
    if (t === null) return null;
    const ends = interpolationEnds(doc.detections[t], ui.frame, doc.info.frame_stride ?? 1);
    return 'refused' in ends ? ends.refused : null;
  },
  recipe:
    ({ trackId, from, to }) =>
    (draft) =>
      fillBetween(draft, trackId, from, to),
  rangeCall: ({ trackId, from, to }) => ({ trackId, call: { kind: 'interpolate', from, to } }),
  serverOps: ({ trackId, from, to }, ctx) => rangeOps(trackId, { kind: 'interpolate', from, to }, ctx),
};
