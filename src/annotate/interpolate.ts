// Detection of a track at a frame, with interpolation between analysed frames:
// when the AI analysed every `stride`-th frame, frames in between show the linear blend of the analysed
// neighbours (realtime.interpolation on) or hold the last analysed detection (off).
import type { CompactDetection, EditorDoc, TrackFrames } from './document/types';

export interface InterpolationOptions { stride: number; interpolate: boolean }

function lerpKeypoints(a: Float32Array | null, b: Float32Array | null, t: number): Float32Array | null {
  if (!a || !b) return a ?? null;
  const out = new Float32Array(a.length);
  for (let i = 0; i < a.length; i++) out[i] = a[i] + (b[i] - a[i]) * t;
  return out;
}

export function lerpDetection(a: CompactDetection, b: CompactDetection, t: number): CompactDetection {
  return {
    x1: a.x1 + (b.x1 - a.x1) * t, y1: a.y1 + (b.y1 - a.y1) * t, x2: a.x2 + (b.x2 - a.x2) * t, y2: a.y2 + (b.y2 - a.y2) * t,
    confidence: a.confidence + (b.confidence - a.confidence) * t,
    keypoints: lerpKeypoints(a.keypoints, b.keypoints, t),
    source: a.source,
  };
}

/**
 * The detection shown for `frame`: the stored one if present; otherwise, within `stride` frames of an
 * analysed frame, the interpolated (or held) one; otherwise none (the track is absent here).
 */
export function detectionAt(frames: TrackFrames | undefined, frame: number, opts: InterpolationOptions): CompactDetection | null {
  if (!frames) return null;
  const exact = frames[frame];
  if (exact) return exact;
  const stride = Math.max(1, Math.floor(opts.stride));
  if (stride <= 1) return null;
  let prev: CompactDetection | undefined; let prevFrame = -1;
  for (let f = frame - 1; f >= frame - stride + 1 && f >= 0; f--) { const d = frames[f]; if (d) { prev = d; prevFrame = f; break; } }
  if (!prev) return null;
  if (!opts.interpolate) return prev;
  for (let f = frame + 1; f <= prevFrame + stride; f++) {
    const next = frames[f];
    if (next) return lerpDetection(prev, next, (frame - prevFrame) / (f - prevFrame));
  }
  return prev;
}

/** The parts of the document and UI state that decide what is shown. */
export interface ShownInputs {
  doc: Pick<EditorDoc, 'detections'> & { info: { frame_stride?: number | null } };
  ui: { interpolation: boolean };
}

/**
 * What is shown at `frame`, per track: the stored detection, or between analysed frames the
 * interpolated (or held) one, following the document's stride and the UI's interpolation toggle.
 * The overlay, the edit handles, the hotkeys and the test hooks all ask this one selector, so what a
 * user edits is always what they see.
 */
export function shownAt(doc: ShownInputs['doc'], ui: ShownInputs['ui'], frame: number): (trackId: number) => CompactDetection | null {
  const opts: InterpolationOptions = { stride: doc.info.frame_stride ?? 1, interpolate: ui.interpolation };
  return (trackId) => detectionAt(doc.detections[trackId], frame, opts);
}
