// keyframe.interpolate: I replaces the frames strictly between the selected track's keyframes around the
// playhead with a linear interpolation of the box and of every joint present at both ends.
import { rangeOps } from '../save/server-ops';
import { letter } from './key-tests';
import { fillBetween, keyframesAround } from './track-frames';
import type { CommandDef } from './types';

export const keyframeInterpolate: CommandDef<'keyframe.interpolate'> = {
  name: 'keyframe.interpolate',
  label: 'Interpolate',
  shortcuts: [
    {
      keys: 'I',
      does: 'Interpolate the selected track between the keyframes around the playhead (a joint hidden at either end stays hidden)',
      group: 'track',
      editOnly: true,
    },
  ],
  keyTest: letter('i'),
  argsFromKey: (_e, { doc, ui }) => {
    const t = ui.selectedTrackId;
    const around = t === null ? null : keyframesAround(doc.detections[t], ui.frame);
    return t !== null && around ? { trackId: t, ...around } : null;
  },
  recipe:
    ({ trackId, from, to }) =>
    (draft) =>
      fillBetween(draft, trackId, from, to),
  rangeCall: ({ trackId, from, to }) => ({ trackId, call: { kind: 'interpolate', from, to } }),
  serverOps: ({ trackId, from, to }, ctx) => rangeOps(trackId, { kind: 'interpolate', from, to }, ctx),
};
