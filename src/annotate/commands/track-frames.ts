// Shared by the correction commands: keyframes of a track, and moving, removing and
// interpolating frame ranges in the (draft) document. The server applies the same rules to every frame;
// these keep the loaded windows showing what the server now stores.
import { mergeRanges } from '../../../domain/ops/track-merge';
import { lerpPose } from '../../../domain/ops/keyframe-interpolation';
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
 * Interpolates a track strictly between two of its keyframes: the box, and each joint present at both ends,
 * with the joints' visibility by the server's rule (lerpPose), so the preview shows what the server stores.
 */
export function fillBetween(draft: EditorDoc, trackId: number, a: number, b: number): void {
  const track = draft.detections[trackId];
  const da = frameAt(track, a);
  const db = frameAt(track, b);
  if (!track || !da || !db || b - a < 2 || da.source === 'outside') return;
  for (let f = a + 1; f < b; f++) {
    const t = (f - a) / (b - a);
    const pose = lerpPose(poseOf(da), poseOf(db), t);
    blockFor(track, f)[f] = {
      x1: pose.x1,
      y1: pose.y1,
      x2: pose.x2,
      y2: pose.y2,
      confidence: da.confidence + (db.confidence - da.confidence) * t,
      keypoints: pose.keypoints ? Float32Array.from(pose.keypoints) : null,
      visibility: pose.keypointVisibility ? Uint8Array.from(pose.keypointVisibility) : null,
      source: 'interpolated',
      version: frameAt(track, f)?.version,
    };
  }
}

const poseOf = (d: CompactDetection) => ({
  x1: d.x1,
  y1: d.y1,
  x2: d.x2,
  y2: d.y2,
  keypoints: d.keypoints,
  keypointVisibility: d.visibility,
});

/** The keyframes around `frame` (≤ frame, > frame) for the interpolate command. */
export function keyframesAround(track: BlockedFrames | undefined, frame: number): { from: number; to: number } | null {
  const here = isKeyframe(frameAt(track, frame)) ? frame : prevKeyframe(track, frame);
  const after = nextKeyframe(track, frame);
  if (here === null || after === null) return null;
  // on a keyframe the playhead interpolates towards the next one
  return { from: here, to: after };
}
