// track.delete: a track, its detections and its segments removed; the server keeps them for the undo.
import type { CommandDef } from './types';

export const trackDelete: CommandDef<'track.delete'> = {
  name: 'track.delete',
  label: 'Delete track',
  recipe:
    ({ trackId }) =>
    (draft) => {
      delete draft.detections[trackId];
      delete draft.trackRanges[trackId];
      draft.trackIds = draft.trackIds.filter((t) => t !== trackId);
      draft.segments = draft.segments.filter((s) => s.track_id !== trackId);
    },
  serverOps: ({ trackId }, { videoId, token }) => ({
    forward: [{ kind: 'track.delete', videoId, trackId, token }],
    inverse: [{ kind: 'track.restore', videoId, token }],
  }),
};
