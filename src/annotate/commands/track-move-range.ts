// track.move-range: M opens a dialog (frame range, target track or 'new track'); the range's boxes and the
// actions inside it go to the target. The server does it first (409 when the target has a box there).
import { rangeOps } from '../save/server-ops';
import { letter } from './key-tests';
import { ensureTrack, moveFrames } from './track-frames';
import type { CommandDef } from './types';

export const trackMoveRange: CommandDef<'track.move-range'> = {
  name: 'track.move-range',
  label: 'Move frames',
  shortcuts: [
    {
      keys: 'M',
      does: 'Move a frame range of the selected track to another track, or a new one',
      group: 'track',
      editOnly: true,
    },
  ],
  keyTest: letter('m'),
  dialogFromKey: (_e, { ui }) => (ui.selectedTrackId === null ? null : 'move-range'),
  recipe:
    ({ trackId, from, to, targetTrackId }) =>
    (draft) => {
      ensureTrack(draft, targetTrackId);
      moveFrames(draft, trackId, targetTrackId, from, to);
    },
  rangeCall: (a) => ({
    trackId: a.trackId,
    call: { kind: 'move', from: a.from, to: a.to, targetTrackId: a.newTrack ? null : a.targetTrackId },
  }),
  withAnswer: (a, r) => (r.call === 'move' ? { ...a, targetTrackId: r.answer.target_track_id } : a),
  serverOps: (a, ctx) =>
    rangeOps(
      a.trackId,
      { kind: 'move', from: a.from, to: a.to, targetTrackId: a.newTrack ? null : a.targetTrackId },
      ctx,
    ),
};
