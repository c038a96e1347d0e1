// track.merge on the loaded document (the server applies the same rule to every frame).
import { mergeRanges } from '../../../domain/ops/track-merge';
import { blockFor, framesOf } from '../document/frame-blocks';
import type { CommandDef } from './types';

/** The version of a merged row: its own, raised above the base row it replaces (domain rule shared with the server's merge). */
export const movedVersion = (own: number | undefined, replaced: number | undefined): number | undefined =>
  own === undefined ? undefined : Math.max(own, (replaced ?? 0) + 1);

export const trackMerge: CommandDef<'track.merge'> = {
  name: 'track.merge',
  label: 'Merge tracks',
  recipe:
    ({ baseTrackId, mergeTrackId }) =>
    (draft) => {
      // The merge track's frames replace the base's overlapping ones (the rule of domain/ops mergeFrames),
      // frame by frame (not one new object) so the patches touch only these frames, not windows loaded later.
      const base = (draft.detections[baseTrackId] ??= {});
      // versions as the server gives the moved rows: above the replaced base row's, so no stale save lands on them
      for (const [frame, det] of framesOf(draft.detections[mergeTrackId])) {
        const frames = blockFor(base, frame);
        frames[frame] = { ...det, version: movedVersion(det.version, frames[frame]?.version) };
      }
      delete draft.detections[mergeTrackId];
      const range = mergeRanges(draft.trackRanges[baseTrackId], draft.trackRanges[mergeTrackId]);
      if (range) draft.trackRanges[baseTrackId] = range;
      delete draft.trackRanges[mergeTrackId];
      draft.trackIds = draft.trackIds.filter((t) => t !== mergeTrackId);
      for (const s of draft.segments) if (s.track_id === mergeTrackId) s.track_id = baseTrackId;
    },
  // The server keeps the rows as they were under the token it answers, so the undo restores exactly.
  serverOps: ({ baseTrackId, mergeTrackId }, { videoId, token }) => ({
    forward: [{ kind: 'track.merge', videoId, baseTrackId, mergeTrackId, token }],
    inverse: [{ kind: 'track.restore', videoId, token }],
  }),
};
