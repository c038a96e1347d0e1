// Someone out of sight for a moment: walking behind another person, or missed by the models for a frame or
// two. The tracker keeps their id across it (tracker.ts, relink-fragments.ts), but the track had no box on
// the frames between, so an annotator had to draw them in, as they would in CVAT, with a keyframe on each
// side and an interpolation. Those frames now get the box moved evenly between the two sides, with no
// joints (none were seen). Only where the gap is explained: short enough to be a blink of the models, or
// behind someone, with the track's own boxes at both ends clear of any other track's (a second track on
// one person has gaps under the first, and filling them would only add boxes on no one) and of about one
// size.
import { lerpPose } from '../../domain/ops/keyframe-interpolation';
import type { AnalysedDetection } from './analysis-result';
import { insideShare, iou } from './kalman';

export const HIDDEN_GAP = {
  /** Any gap up to this long (seconds) is filled: a person does not vanish for a third of a second. */
  blinkSeconds: 0.3,
  /** A gap behind someone is filled up to this long (seconds). */
  behindSeconds: 2,
  /** A filled box is behind someone when at least this share of it lies inside another track's box… */
  behindShare: 0.3,
  /** …on at least half of the gap's frames. */
  behindFrames: 0.5,
  /** The track's boxes at the gap's ends must overlap every other track's box by at most this (IoU). */
  maxEndOverlap: 0.3,
  /**
   * …and differ in height by at most this factor: a box that swelled onto the person in front as its track
   * lost someone is no end to move evenly from.
   */
  maxSizeChange: 1.5,
} as const;

/**
 * The detections (boxes in fractions of the frame, one track's frames `stride` apart) with each explained
 * gap of a track filled. At most one box per frame of a gap no longer than `behindSeconds`.
 */
export function fillHiddenGaps(detections: AnalysedDetection[], fps: number, stride: number): AnalysedDetection[] {
  const byTrack = new Map<number, AnalysedDetection[]>();
  const byFrame = new Map<number, AnalysedDetection[]>();
  for (const d of detections) {
    let list = byTrack.get(d.trackId);
    if (!list) byTrack.set(d.trackId, (list = []));
    list.push(d);
    let at = byFrame.get(d.frame);
    if (!at) byFrame.set(d.frame, (at = []));
    at.push(d);
  }
  const others = (d: AnalysedDetection) => (byFrame.get(d.frame) ?? []).filter((o) => o.trackId !== d.trackId);
  const endOverlap = (d: AnalysedDetection) => Math.max(0, ...others(d).map((o) => iou(d, o)));
  const blink = HIDDEN_GAP.blinkSeconds * fps,
    behind = HIDDEN_GAP.behindSeconds * fps;
  const out = [...detections];
  for (const list of byTrack.values()) {
    list.sort((a, b) => a.frame - b.frame);
    for (let i = 1; i < list.length; i++) {
      const a = list[i - 1],
        b = list[i];
      const span = b.frame - a.frame;
      if (span <= stride || span > behind) continue;
      if (Math.max(endOverlap(a), endOverlap(b)) > HIDDEN_GAP.maxEndOverlap) continue;
      const grow = (b.y2 - b.y1) / Math.max(1e-9, a.y2 - a.y1);
      if (grow > HIDDEN_GAP.maxSizeChange || grow < 1 / HIDDEN_GAP.maxSizeChange) continue;
      const filled = between(a, b, stride);
      const hidden = filled.filter((d) => others(d).some((o) => insideShare(d, o) >= HIDDEN_GAP.behindShare)).length;
      if (span <= blink || hidden >= HIDDEN_GAP.behindFrames * filled.length) out.push(...filled);
    }
  }
  // in frame order, as the tracks came (the sort is stable)
  return out.length === detections.length ? out : out.sort((a, b) => a.frame - b.frame);
}

/** The boxes on the analysed frames strictly between `a` and `b`, moved evenly from one to the other, with no joints. */
function between(a: AnalysedDetection, b: AnalysedDetection, stride: number): AnalysedDetection[] {
  const out: AnalysedDetection[] = [];
  for (let f = a.frame + stride; f < b.frame; f += stride) {
    // the arithmetic a drawn track's frames between keyframes get; with no joints at the ends, none between
    const { x1, y1, x2, y2 } = lerpPose(
      { ...a, keypoints: null },
      { ...b, keypoints: null },
      (f - a.frame) / (b.frame - a.frame),
    );
    out.push({
      trackId: a.trackId,
      frame: f,
      x1,
      y1,
      x2,
      y2,
      confidence: Math.min(a.confidence, b.confidence),
      keypoints: null,
    });
  }
  return out;
}
