// The frames a track is drawn on, as the exports write them: every stored box, and every frame the editor
// fills in between two stored boxes (domain/overlay/detection.ts's trackBoxAt, the one rule the overlay,
// the render and the review summary follow), marked `filled`. A track is never drawn before its first
// stored box or past its last, nor in a gap wider than the stride, nor after an outside keyframe.
import { trackBoxAt, type CompactDetection, type InterpolationOptions } from '../overlay/detection';
import type { FormatDetection, FormatTrack, FormatVideo } from './model';

const compact = (d: FormatDetection): CompactDetection => ({
  x1: d.x1,
  y1: d.y1,
  x2: d.x2,
  y2: d.y2,
  confidence: d.confidence,
  keypoints: d.keypoints ? Float32Array.from(d.keypoints) : null,
  visibility: d.visibility?.length === 17 ? Uint8Array.from(d.visibility) : null,
  source: d.human ? 'human' : 'ai',
});

const OUTSIDE: CompactDetection = { x1: 0, y1: 0, x2: 0, y2: 0, confidence: 0, keypoints: null, source: 'outside' };

/** How the video's frames between analysed ones are drawn: its stride, and the interpolation setting. */
export const drawOptions = (video: FormatVideo): InterpolationOptions => ({
  stride: Math.max(1, video.frameStride),
  interpolate: video.interpolate !== false,
});

/** A track's drawn frames in frame order: its stored boxes as they are, the filled-in ones marked. */
export function drawnDetections(track: FormatTrack, opts: InterpolationOptions): FormatDetection[] {
  const stored = new Map<number, FormatDetection>();
  const rows = new Map<number, CompactDetection>();
  let first = Infinity,
    last = -Infinity;
  for (const d of track.detections) {
    stored.set(d.frame, d);
    rows.set(d.frame, compact(d));
    first = Math.min(first, d.frame);
    last = Math.max(last, d.frame);
  }
  for (const f of track.outsideFrames ?? []) if (!rows.has(f)) rows.set(f, OUTSIDE);
  const out: FormatDetection[] = [];
  for (let frame = first; frame <= last; frame++) {
    const box = trackBoxAt((f) => rows.get(f), frame, opts);
    if (!box) continue;
    if (box.kind === 'stored') {
      out.push(stored.get(frame)!);
      continue;
    }
    const d = box.det;
    out.push({
      frame,
      x1: d.x1,
      y1: d.y1,
      x2: d.x2,
      y2: d.y2,
      confidence: d.confidence,
      keypoints: d.keypoints ? Array.from(d.keypoints) : null,
      visibility: d.visibility ? Array.from(d.visibility) : null,
      human: d.source === 'human',
      filled: true,
    });
  }
  return out;
}

/** Every track with its drawn frames (see drawnDetections). */
export const drawnTracks = (video: FormatVideo, tracks: FormatTrack[]): FormatTrack[] =>
  tracks.map((t) => ({ ...t, detections: drawnDetections(t, drawOptions(video)) }));
