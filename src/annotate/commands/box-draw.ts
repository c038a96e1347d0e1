// box.draw: a box drawn on the frame. A drag on an empty area, or with the 'New box' tool (B), makes the
// first keyframe of a new human-made person, whatever is selected; the redraw (Shift+B) makes it the
// selected track's keyframe at this frame. A drawn track is interpolated between its keyframes (the server
// fills those frames).
import { mergeRanges } from '../../../domain/ops/track-merge';
import { blockFor, frameAt } from '../document/frame-blocks';
import { keyframeOps } from '../save/server-ops';
import { letter } from './key-tests';
import { ensureTrack, fillBetween, isDrawnTrack, nextKeyframe, prevKeyframe } from './track-frames';
import type { CommandDef } from './types';

export const boxDraw: CommandDef<'box.draw'> = {
  name: 'box.draw',
  label: 'New box',
  shortcuts: [
    {
      keys: 'B',
      does: "'New box' tool: a drag anywhere on the frame draws a new person (a drag on an empty area does too)",
      group: 'box',
      editOnly: true,
    },
    {
      keys: 'Shift+B',
      does: "Redraw the selected track's box at this frame: the next drag draws it (Escape cancels)",
      group: 'box',
      editOnly: true,
    },
  ],
  keyTest: (e) => letter('b')(e) || letter('b', true)(e),
  // B toggles the 'New box' tool; Shift+B toggles the redraw of the selected track's box (none selected: no-op)
  toolFromKey: (e, { ui, tool }) => {
    const into = e.shiftKey ? ui.selectedTrackId : null;
    if (e.shiftKey && into === null) return null;
    const on = tool.name === 'draw' && tool.drawInto === into;
    return on ? { type: 'tool.select' } : { type: 'tool.draw', into };
  },
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
