// keyframe.propagate: P carries the correction made at this keyframe to the following AI frames of the
// track, until the next keyframe, or with none after it for at most propagate_max_seconds of video (a
// render setting, 1 s by default); Shift+P for a chosen number of frames. P never rewrites a track unseen:
// the first press shows the range on the timeline and says what it changes, a second press applies it.
// The correction is the keyframe's difference from the AI box there (box centre offset and size ratio, joint
// offsets in box units), applied relative to each frame's own AI box; the changed frames become
// interpolated (derived, not keyframes).
import { blockFor, frameAt, framesOf } from '../document/frame-blocks';
import type { CompactDetection } from '../document/types';
import { rangeOps } from '../save/server-ops';
import { letter } from './key-tests';
import { nextKeyframe } from './track-frames';
import type { CommandDef, EditContext, PropagateArgs } from './types';
import { previewStands } from '../document/range-preview';

/** The frames P changes from the keyframe at the playhead, and how many of them are the AI's; null off a keyframe. */
function propagateRange({ doc, ui }: EditContext): { trackId: number; from: number; to: number; ai: number } | null {
  const t = ui.selectedTrackId;
  const track = t === null ? undefined : doc.detections[t];
  if (t === null || frameAt(track, ui.frame)?.source !== 'human') return null;
  const next = nextKeyframe(track, ui.frame);
  const end = doc.info.total_frames > 0 ? doc.info.total_frames - 1 : Infinity;
  const limit = ui.frame + Math.max(1, Math.round((doc.info.fps || 30) * ui.propagateMaxSeconds));
  const to = next !== null ? next - 1 : Math.min(doc.trackRanges[t]?.last ?? ui.frame, limit, end);
  const ai = framesOf(track).filter(([f, d]) => f > ui.frame && f <= to && d.source === 'ai').length;
  return { trackId: t, from: ui.frame, to, ai };
}

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
      does: 'Propagate the correction at this keyframe, and its occluded or absent joints, to the following AI frames until the next keyframe (with none, at most the setting’s seconds): P shows the range, P again applies',
      group: 'track',
      editOnly: true,
    },
    { keys: 'Shift+P', does: 'Propagate the correction for a chosen number of frames', group: 'track', editOnly: true },
  ],
  keyTest: (e) => letter('p')(e) || letter('p', true)(e),
  // the second press: the range shown is the one applied (sent as to_frame)
  argsFromKey: (e, ctx): PropagateArgs | null => {
    const r = e.shiftKey ? null : propagateRange(ctx);
    const shown = ctx.ui.rangePreview;
    if (!r || !r.ai || !previewStands(ctx.ui, shown) || shown.kind !== 'propagate' || shown.to !== r.to) return null;
    return { trackId: r.trackId, from: r.from, to: r.to, untilKeyframe: false };
  },
  previewFromKey: (e, ctx) => {
    const r = e.shiftKey ? null : propagateRange(ctx);
    if (!r || !r.ai) return null;
    return {
      preview: { kind: 'propagate', trackId: r.trackId, from: r.from, to: r.to },
      text: `Propagate T${r.trackId}'s correction at frame ${r.from} to frames ${r.from + 1}–${r.to} (${r.ai} AI frame${r.ai === 1 ? '' : 's'}): press P again to apply`,
    };
  },
  refusalFromKey: (e, ctx) => {
    if (e.shiftKey || ctx.ui.selectedTrackId === null) return null;
    const r = propagateRange(ctx);
    if (!r)
      return `Frame ${ctx.ui.frame} is no keyframe of T${ctx.ui.selectedTrackId}: correct the box here first, then propagate it`;
    return `No AI frame of T${r.trackId} after frame ${r.from} up to ${r.to} to propagate to`;
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
