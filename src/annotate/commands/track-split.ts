// track.split: S splits the selected track at the current frame; its boxes from here on (and the actions
// starting here or later) become a new track. The server does it first and names the new track.
import { rangeOps } from '../save/server-ops';
import { letter, nextTrackId } from './key-tests';
import { ensureTrack, frameTime, moveFrames, segmentsFrom } from './track-frames';
import type { CommandDef } from './types';

export const trackSplit: CommandDef<'track.split'> = {
  name: 'track.split',
  label: 'Split track',
  shortcuts: [
    { keys: 'S', does: 'Split the selected track here: the rest becomes a new track', group: 'track', editOnly: true },
  ],
  keyTest: letter('s'),
  argsFromKey: (_e, { doc, ui }) => {
    const t = ui.selectedTrackId;
    const range = t === null ? undefined : doc.trackRanges[t];
    if (t === null || !range || ui.frame <= range.first || ui.frame > range.last) return null;
    return { trackId: t, frame: ui.frame, newTrackId: nextTrackId(doc.trackIds) };
  },
  recipe:
    ({ trackId, frame, newTrackId }) =>
    (draft) => {
      ensureTrack(draft, newTrackId);
      moveFrames(draft, trackId, newTrackId, frame, Number.MAX_SAFE_INTEGER);
      for (const s of segmentsFrom(draft.segments, trackId, frameTime(draft, frame))) s.track_id = newTrackId;
    },
  rangeCall: ({ trackId, frame }) => ({ trackId, call: { kind: 'split', frame } }),
  withAnswer: (a, r) => (r.call === 'split' ? { ...a, newTrackId: r.answer.new_track_id } : a),
  serverOps: ({ trackId, frame }, ctx) => rangeOps(trackId, { kind: 'split', frame }, ctx),
};
