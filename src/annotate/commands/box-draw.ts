// box.draw: a box drawn on the frame (a drag on an empty area, or with the 'New box' tool). It becomes a
// keyframe of the selected track when that track has no box here, else the first keyframe of a new
// human-made track. A drawn track is interpolated between its keyframes (the server fills those frames).
import { mergeRanges } from '../../../domain/ops/track-merge';
import { blockFor, frameAt } from '../document/frame-blocks';
import { keyframeOps } from '../save/server-ops';
import { letter } from './key-tests';
import { ensureTrack, fillBetween, isDrawnTrack, nextKeyframe, prevKeyframe } from './track-frames';
import type { CommandDef } from './types';

export const boxDraw: CommandDef<'box.draw'> = {
  name: 'box.draw',
  label: 'Draw box',
  shortcuts: [
    {
      keys: 'B',
      does: "'New box' tool: drag on the frame to draw a person (into the selected track when it has no box here)",
      group: 'box',
      editOnly: true,
    },
  ],
  keyTest: letter('b'),
  uiFromKey: (_e, { ui }) => ({ drawTool: !ui.drawTool }),
  recipe:
    ({ trackId, frame, box, newTrack }) =>
    (draft) => {
      ensureTrack(draft, trackId);
      const track = draft.detections[trackId];
      const was = frameAt(track, frame);
      blockFor(track, frame)[frame] = {
        ...box,
        confidence: 1,
        keypoints: was?.keypoints ?? null,
        source: 'human',
        version: was?.version,
      };
      draft.trackRanges[trackId] = mergeRanges(draft.trackRanges[trackId], { first: frame, last: frame })!;
      if (newTrack || !isDrawnTrack(draft, trackId)) return;
      const prev = prevKeyframe(track, frame);
      const next = nextKeyframe(track, frame);
      if (prev !== null) fillBetween(draft, trackId, prev, frame);
      if (next !== null) fillBetween(draft, trackId, frame, next);
    },
  serverOps: (a, ctx) => {
    if (!a.newTrack) return keyframeOps(a.trackId, a.frame, ctx);
    const det = frameAt(ctx.after.detections[a.trackId], a.frame)!;
    return {
      forward: [
        { kind: 'track.create', videoId: ctx.videoId, trackId: a.trackId, frame: a.frame, det, made: { value: null } },
      ],
      inverse: [{ kind: 'detection.delete', videoId: ctx.videoId, trackId: a.trackId, frame: a.frame }],
    };
  },
};
