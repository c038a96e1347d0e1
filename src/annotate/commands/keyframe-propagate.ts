// keyframe.propagate: P carries the correction made at this keyframe to the following AI frames of the
// track, until the next keyframe (Shift+P: for a chosen number of frames). The correction is the keyframe's
// difference from the AI box there (box centre offset and size ratio, joint offsets in box units), applied
// relative to each frame's own AI box; the changed frames become interpolated (derived, not keyframes).
import { blockFor, frameAt, framesOf } from '../document/frame-blocks';
import type { CompactDetection } from '../document/types';
import { rangeOps } from '../save/server-ops';
import { letter } from './key-tests';
import { nextKeyframe } from './track-frames';
import type { CommandDef, PropagateArgs } from './types';

/** The AI box a keyframe corrects: the nearest AI frame before it, else after it (loaded frames). */
function aiReference(frames: [number, CompactDetection][], at: number): CompactDetection | null {
  const ai = frames.filter(([, d]) => d.source === 'ai');
  return [...ai].reverse().find(([f]) => f < at)?.[1] ?? ai.find(([f]) => f > at)?.[1] ?? null;
}

/** `d` moved by the correction `key` − `ref`, relative to `d`'s own box. */
export function corrected(d: CompactDetection, key: CompactDetection, ref: CompactDetection): CompactDetection {
  const w = (b: CompactDetection) => b.x2 - b.x1;
  const h = (b: CompactDetection) => b.y2 - b.y1;
  const cx = (b: CompactDetection) => (b.x1 + b.x2) / 2;
  const cy = (b: CompactDetection) => (b.y1 + b.y2) / 2;
  const nw = w(d) * (w(key) / w(ref));
  const nh = h(d) * (h(key) / h(ref));
  const ncx = cx(d) + ((cx(key) - cx(ref)) / w(ref)) * w(d);
  const ncy = cy(d) + ((cy(key) - cy(ref)) / h(ref)) * h(d);
  let keypoints = d.keypoints;
  if (d.keypoints && key.keypoints && ref.keypoints) {
    keypoints = Float32Array.from(d.keypoints);
    for (let i = 0; i < 17; i++) {
      const j = i * 3;
      const dx = key.keypoints[j] - ref.keypoints[j];
      const dy = key.keypoints[j + 1] - ref.keypoints[j + 1];
      if (!Number.isFinite(dx + dy)) continue;
      keypoints[j] += (dx / w(ref)) * w(d);
      keypoints[j + 1] += (dy / h(ref)) * h(d);
    }
  }
  // the joints the person marked occluded or absent at the keyframe stay so (as the server stores it)
  const visibility = keypoints && key.visibility ? key.visibility : null;
  return {
    ...d,
    x1: ncx - nw / 2,
    x2: ncx + nw / 2,
    y1: ncy - nh / 2,
    y2: ncy + nh / 2,
    keypoints,
    visibility,
    source: 'interpolated',
  };
}

export const keyframePropagate: CommandDef<'keyframe.propagate'> = {
  name: 'keyframe.propagate',
  label: 'Propagate',
  shortcuts: [
    {
      keys: 'P',
      does: 'Propagate the correction at this keyframe, and its occluded or absent joints, to the following AI frames, until the next keyframe',
      group: 'track',
      editOnly: true,
    },
    { keys: 'Shift+P', does: 'Propagate the correction for a chosen number of frames', group: 'track', editOnly: true },
  ],
  keyTest: (e) => letter('p')(e) || letter('p', true)(e),
  argsFromKey: (e, { doc, ui }): PropagateArgs | null => {
    const t = ui.selectedTrackId;
    if (e.shiftKey || t === null || frameAt(doc.detections[t], ui.frame)?.source !== 'human') return null;
    const next = nextKeyframe(doc.detections[t], ui.frame);
    return {
      trackId: t,
      from: ui.frame,
      to: next === null ? (doc.trackRanges[t]?.last ?? ui.frame) : next - 1,
      untilKeyframe: true,
    };
  },
  dialogFromKey: (e, { ui }) => (e.shiftKey && ui.selectedTrackId !== null ? 'propagate' : null),
  recipe:
    ({ trackId, from, to }) =>
    (draft) => {
      const track = draft.detections[trackId];
      const frames = framesOf(track);
      const key = frameAt(track, from);
      const ref = aiReference(frames, from);
      if (!key || !ref || ref.x2 <= ref.x1 || ref.y2 <= ref.y1) return;
      for (const [f, d] of frames) {
        if (f <= from || f > to) continue;
        if (d.source !== 'ai') {
          if (d.source === 'human' || d.source === 'outside') break;
          continue;
        }
        blockFor(track!, f)[f] = corrected(d, key, ref);
      }
    },
  rangeCall: (a) => ({
    trackId: a.trackId,
    call: { kind: 'propagate', from: a.from, ...(a.untilKeyframe ? {} : { to: a.to }) },
  }),
  serverOps: (a, ctx) =>
    rangeOps(a.trackId, { kind: 'propagate', from: a.from, ...(a.untilKeyframe ? {} : { to: a.to }) }, ctx),
};
