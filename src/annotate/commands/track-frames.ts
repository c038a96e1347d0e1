// Shared by the correction commands: keyframes of a track, and moving, removing and
// interpolating frame ranges in the (draft) document. The server applies the same rules to every frame;
// these keep the loaded windows showing what the server now stores.
import { mergeRanges } from '../../../domain/ops/track-merge';
import { fillBetweenKeyframes, type PoseBox } from '../../../domain/ops/keyframe-interpolation';
import { planGapCut } from '../../../domain/ops/track-gap';
import type { ActionSegment } from '../../../domain/types';
import type { CompactDetection, EditorDoc } from '../document/types';
import { blockFor, frameAt, framesOf, type BlockedFrames } from '../document/frame-blocks';

/** A keyframe: human-made or human-edited, or an outside keyframe (not AI, not interpolated). */
export const isKeyframe = (d: CompactDetection | undefined): boolean =>
  d?.source === 'human' || d?.source === 'outside';

/** The nearest keyframe after `frame` (loaded frames), or null. */
export function nextKeyframe(track: BlockedFrames | undefined, frame: number): number | null {
  for (const [f, d] of framesOf(track)) if (f > frame && isKeyframe(d)) return f;
  return null;
}

/** The nearest keyframe before `frame` (loaded frames), or null. */
export function prevKeyframe(track: BlockedFrames | undefined, frame: number): number | null {
  let out: number | null = null;
  for (const [f, d] of framesOf(track)) {
    if (f >= frame) break;
    if (isKeyframe(d)) out = f;
  }
  return out;
}

/** A track is human-made when its first box was drawn (the server interpolates between its keyframes). */
export function isDrawnTrack(doc: EditorDoc, trackId: number): boolean {
  const first = framesOf(doc.detections[trackId])[0];
  return !!first && first[0] === doc.trackRanges[trackId]?.first && first[1].source !== 'ai';
}

/** The time of a frame's start (segments are in seconds). */
export const frameTime = (doc: EditorDoc, frame: number): number => frame / (doc.info.fps || 30);

/** Recomputes a track's range after frames left it: loaded frames decide where it now starts and ends. */
function shrinkRange(draft: EditorDoc, trackId: number, from: number, to: number): void {
  const range = draft.trackRanges[trackId];
  if (!range) return;
  const left = framesOf(draft.detections[trackId]).map(([f]) => f);
  const first = range.first >= from && range.first <= to ? left.find((f) => f > to) : range.first;
  const last = range.last >= from && range.last <= to ? [...left].reverse().find((f) => f < from) : range.last;
  if (first === undefined || last === undefined) delete draft.trackRanges[trackId];
  else draft.trackRanges[trackId] = { first, last };
}

/** Removes a track's frames from ≤ frame ≤ to. */
export function removeFrames(draft: EditorDoc, trackId: number, from: number, to: number): void {
  const track = draft.detections[trackId];
  for (const [f] of framesOf(track)) if (f >= from && f <= to) delete blockFor(track!, f)[f];
  shrinkRange(draft, trackId, from, to);
}

/** Adds a track id (kept ascending) when it is new. */
export function ensureTrack(draft: EditorDoc, trackId: number): void {
  if (!draft.trackIds.includes(trackId)) {
    draft.trackIds.push(trackId);
    draft.trackIds.sort((a, b) => a - b);
  }
  draft.detections[trackId] ??= {};
}

/** The detections of `from` … `to` of one track (the frames themselves, as stored). */
function takeFrames(draft: EditorDoc, trackId: number, from: number, to: number): [number, CompactDetection][] {
  const taken = framesOf(draft.detections[trackId]).filter(([f]) => f >= from && f <= to);
  removeFrames(draft, trackId, from, to);
  return taken;
}

function putFrames(draft: EditorDoc, trackId: number, frames: [number, CompactDetection][]): void {
  ensureTrack(draft, trackId);
  const track = draft.detections[trackId];
  for (const [f, d] of frames) blockFor(track, f)[f] = d;
  if (frames.length) {
    const span = { first: frames[0][0], last: frames[frames.length - 1][0] };
    draft.trackRanges[trackId] = mergeRanges(draft.trackRanges[trackId], span)!;
  }
}

/** A track's range `from` … `to` as known for the whole video (not only the loaded windows). */
function rangePart(draft: EditorDoc, trackId: number, from: number, to: number) {
  const r = draft.trackRanges[trackId];
  if (!r || r.last < from || r.first > to) return undefined;
  return { first: Math.max(r.first, from), last: Math.min(r.last, to) };
}

/** Moves frames from ≤ f ≤ to of `source` to `target` (and the actions inside that time span). */
export function moveFrames(draft: EditorDoc, source: number, target: number, from: number, to: number): void {
  const part = rangePart(draft, source, from, to);
  putFrames(draft, target, takeFrames(draft, source, from, to));
  if (part) draft.trackRanges[target] = mergeRanges(draft.trackRanges[target], part)!;
  const t0 = frameTime(draft, from);
  const t1 = frameTime(draft, to + 1);
  for (const s of draft.segments)
    if (s.track_id === source && s.start_time >= t0 && s.end_time <= t1) s.track_id = target;
}

/** Actions of `trackId` starting at or after `time` (split and swap carry them with their frames). */
export const segmentsFrom = (segments: ActionSegment[], trackId: number, time: number): ActionSegment[] =>
  segments.filter((s) => s.track_id === trackId && s.start_time >= time);

/**
 * Fills a track strictly between two of its keyframes as the server does (fillBetweenKeyframes): the box and
 * each joint present at both ends interpolated, joint visibility by the server's rule (lerpPose); before an
 * outside keyframe the box before held. So the preview shows what the server stores.
 */
export function fillBetween(
  draft: EditorDoc,
  trackId: number,
  a: number,
  b: number,
  keep: (frame: number) => boolean = () => true,
): void {
  const track = draft.detections[trackId];
  const da = frameAt(track, a);
  const db = frameAt(track, b);
  if (!track || !da || !db || b - a < 2) return;
  const keys = [
    { frame: a, box: poseOf(da), outside: da.source === 'outside' },
    { frame: b, box: poseOf(db), outside: db.source === 'outside' },
  ];
  for (const { frame: f, box } of fillBetweenKeyframes(keys)) {
    if (!keep(f)) continue;
    const t = da.source === 'outside' || db.source === 'outside' ? 0 : (f - a) / (b - a);
    blockFor(track, f)[f] = {
      ...boxOf(box),
      confidence: da.confidence + (db.confidence - da.confidence) * t,
      source: 'interpolated',
      version: frameAt(track, f)?.version,
    };
  }
}

const poseOf = (d: CompactDetection): PoseBox => ({
  x1: d.x1,
  y1: d.y1,
  x2: d.x2,
  y2: d.y2,
  keypoints: d.keypoints,
  keypointVisibility: d.visibility,
});
const boxOf = (p: PoseBox) => ({
  x1: p.x1,
  y1: p.y1,
  x2: p.x2,
  y2: p.y2,
  keypoints: p.keypoints ? Float32Array.from(p.keypoints) : null,
  visibility: p.keypoints && p.keypointVisibility ? Uint8Array.from(p.keypointVisibility) : null,
});

/**
 * A drawn track lost or changed a keyframe at `frame` (or, with `gap`, lost frames `frame` … `to`): as the
 * server does, the interpolated boxes between the keyframes around it are removed and filled again from the
 * keyframes left, a lost range staying empty.
 */
export function refillAround(draft: EditorDoc, trackId: number, frame: number, to = frame, gap = false): void {
  const track = draft.detections[trackId];
  if (!track) return;
  const lo = prevKeyframe(track, frame) ?? frame;
  const hi = nextKeyframe(track, to) ?? to;
  const kept = (f: number) => !gap || f < frame || f > to;
  for (const [f, d] of framesOf(track))
    if (f > lo && f < hi && kept(f) && d.source === 'interpolated') delete blockFor(track, f)[f];
  const keys = framesOf(track)
    .filter(([f, d]) => f >= lo && f <= hi && isKeyframe(d))
    .map(([f]) => f);
  for (let i = 0; i + 1 < keys.length; i++) fillBetween(draft, trackId, keys[i], keys[i + 1], kept);
}

/**
 * Removes a track's frames `from` … `to` and keeps every other frame drawn as it was (domain/ops/track-gap.ts,
 * the server's rule): the filled-in frames next to the range are stored as drawn, an outside keyframe stops
 * a fill across it, and on a drawn track the interpolated boxes beside that become keyframes.
 */
export function cutGap(draft: EditorDoc, trackId: number, from: number, to: number, interpolate = true): void {
  const track = draft.detections[trackId];
  if (!track) return;
  const opts = { stride: draft.info.frame_stride ?? 1, interpolate };
  const drawn = isDrawnTrack(draft, trackId);
  const plan = planGapCut((f) => frameAt(track, f), from, to, opts, drawn);
  for (const k of plan.keep) blockFor(track, k.frame)[k.frame] = k.det;
  const before = plan.outsideAt === null ? undefined : frameAt(track, from - 1);
  const held = before && { ...before, keypoints: before.keypoints && Float32Array.from(before.keypoints) };
  removeFrames(draft, trackId, from, to);
  if (held) blockFor(track, from)[from] = { ...held, source: 'outside', version: undefined };
  for (const f of plan.keyframesAt) {
    const d = frameAt(track, f);
    if (d) d.source = 'human';
  }
  if (drawn) refillAround(draft, trackId, from, to, true);
}
