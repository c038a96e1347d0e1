// track.swap: W opens a small dialog choosing the other track; from the current frame on the two tracks
// exchange their boxes and actions, which fixes an identity switch in one command.
import { rangeOps } from '../save/server-ops';
import { letter } from './key-tests';
import { frameTime, moveFrames, segmentsFrom } from './track-frames';
import type { CommandDef } from './types';

const END = Number.MAX_SAFE_INTEGER;

export const trackSwap: CommandDef<'track.swap'> = {
  name: 'track.swap',
  label: 'Swap tracks',
  shortcuts: [
    {
      keys: 'W',
      does: 'Swap the selected track with another from this frame on (fixes an identity switch)',
      group: 'track',
      editOnly: true,
    },
  ],
  keyTest: letter('w'),
  dialogFromKey: (_e, { ui }) => (ui.selectedTrackId === null ? null : 'swap'),
  recipe:
    ({ trackId, otherTrackId, from }) =>
    (draft) => {
      // through a parking id no track uses, so neither side's frames are overwritten
      const park = -1;
      const time = frameTime(draft, from);
      const segsA = segmentsFrom(draft.segments, trackId, time);
      const segsB = segmentsFrom(draft.segments, otherTrackId, time);
      moveFrames(draft, trackId, park, from, END);
      moveFrames(draft, otherTrackId, trackId, from, END);
      moveFrames(draft, park, otherTrackId, from, END);
      delete draft.detections[park];
      delete draft.trackRanges[park];
      draft.trackIds = draft.trackIds.filter((t) => t !== park);
      for (const s of segsA) s.track_id = otherTrackId;
      for (const s of segsB) s.track_id = trackId;
    },
  rangeCall: ({ trackId, otherTrackId, from }) => ({ trackId, call: { kind: 'swap', otherTrackId, from } }),
  serverOps: ({ trackId, otherTrackId, from }, ctx) => rangeOps(trackId, { kind: 'swap', otherTrackId, from }, ctx),
};
