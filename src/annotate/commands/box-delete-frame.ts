// box.delete-frame: Delete removes the selected track's box at this frame only, stored or filled in: the
// frame becomes a gap and every other frame stays drawn as it was. A stored box whose removal changes
// nothing else is the single-row DELETE (with the box's version; on a drawn track the server refills
// around a removed keyframe, and so does the recipe); otherwise, and always on a filled-in frame, the
// server cuts the gap (the range delete of this one frame: domain/ops/track-gap.ts).
import { frameAt } from '../document/frame-blocks';
import { planGapCut } from '../../../domain/ops/track-gap';
import { trackBoxShown } from '../document/interpolate';
import { rangeOps } from '../save/server-ops';
import type { CommandDef } from './types';
import { cutGap, isDrawnTrack, isKeyframe, refillAround, removeFrames } from './track-frames';

const plainDelete = (e: { key: string; shiftKey: boolean; ctrlKey: boolean; metaKey: boolean; altKey: boolean }) =>
  e.key === 'Delete' && !e.ctrlKey && !e.metaKey && !e.altKey;

export const boxDeleteFrame: CommandDef<'box.delete-frame'> = {
  name: 'box.delete-frame',
  label: 'Delete box',
  shortcuts: [
    {
      keys: 'Delete',
      does: "Delete the selected track's box at this frame (stored or filled in): a gap there",
      group: 'box',
      editOnly: true,
    },
  ],
  keyTest: (e) => plainDelete(e) && !e.shiftKey,
  argsFromKey: (_e, { doc, ui }) => {
    const t = ui.selectedTrackId;
    const track = t === null ? undefined : doc.detections[t];
    if (t === null || !track || !trackBoxShown(doc, ui, ui.frame)(t)) return null;
    const opts = { stride: doc.info.frame_stride ?? 1, interpolate: ui.interpolation };
    const plan = planGapCut((f) => frameAt(track, f), ui.frame, ui.frame, opts, isDrawnTrack(doc, t));
    const alone = !plan.keep.length && plan.outsideAt === null && !plan.keyframesAt.length;
    return { trackId: t, frame: ui.frame, cut: !(alone && frameAt(track, ui.frame)), interpolate: ui.interpolation };
  },
  recipe:
    ({ trackId, frame, cut, interpolate }) =>
    (draft) => {
      if (cut) return cutGap(draft, trackId, frame, frame, interpolate);
      const was = frameAt(draft.detections[trackId], frame);
      const drawn = isDrawnTrack(draft, trackId);
      removeFrames(draft, trackId, frame, frame);
      if (drawn && isKeyframe(was)) refillAround(draft, trackId, frame);
    },
  rangeCall: ({ trackId, frame, cut }) => (cut ? { trackId, call: { kind: 'delete', from: frame, to: frame } } : null),
  // the single-row DELETE (with the box's version); its undo stores the box again (a drawn track's keyframe
  // with PUT, which refills around it as the delete did)
  serverOps: (a, ctx) => {
    if (a.cut) return rangeOps(a.trackId, { kind: 'delete', from: a.frame, to: a.frame }, ctx);
    const { trackId, frame } = a;
    const { videoId, before } = ctx;
    const was = frameAt(before.detections[trackId], frame);
    if (!was) return { forward: [], inverse: [] };
    const keyframe = isDrawnTrack(before, trackId) && isKeyframe(was);
    return {
      forward: [
        {
          kind: 'detection.delete',
          videoId,
          trackId,
          frame,
          ...(was.version !== undefined ? { version: was.version } : {}),
        },
      ],
      inverse: [{ kind: keyframe ? 'detection.keyframe' : 'detection.put', videoId, trackId, frame, det: was }],
    };
  },
};

export { plainDelete };
