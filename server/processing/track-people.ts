// The tracking side of an analysis (pure: no model, no frames): the people found on each analysed frame
// (pipeline.ts analyseFrames) → tracks (tracker.ts), tracks that broke apart joined again
// (relink-fragments.ts), unconvincing tracks dropped (track-keep.ts), the moments someone was out of sight
// boxed (hidden-gaps.ts), every track's boxes smoothed
// (track-smoother.ts) and action proposals per track (segment-proposals.ts). Kept apart from the models so
// the eval can run it again on the models' cached answer (bench/eval/people-cache.ts).
import type { AnalysedDetection, AnalysisResult, FramePeople, VideoToAnalyse } from './analysis-result';
import { bodyBox } from './body-box';
import type { PersonPose } from './pose-rows';
import { relinkFragments, type FragmentSample } from './relink-fragments';
import { proposeSegments } from './segment-proposals';
import { trackAll, type TrackerName } from './tracker';
import { smoothDetections } from './track-smoother';
import { fillHiddenGaps } from './hidden-gaps';
import { unconvincingTracks, type TrackEvidence } from './track-keep';

/**
 * Tracker thresholds on the calibrated scale (probability of a real person): the first pass takes boxes
 * at even odds or better, the second keeps tracks alive through weak ones, a new track needs 0.4.
 */
const TRACK_HIGH = 0.5,
  TRACK_LOW = 0.1,
  TRACK_NEW = 0.4;

/** A box reaching below this (fraction of the frame's height) is cut by its bottom edge. */
const BOTTOM_EDGE = 0.995;

export interface TrackingOptions {
  trackerName?: string;
  /** Return every box before tracking too (calibration fit, evaluation). */
  keepCandidates?: boolean;
  /** Called when tracking is done and the action proposals start. */
  onActions?: () => void;
}

export function trackFramePeople(
  video: Pick<VideoToAnalyse, 'width' | 'height' | 'fps' | 'duration'>,
  found: FramePeople,
  o: TrackingOptions = {},
): AnalysisResult {
  const { frames, people, stride, poseModel } = found;
  // the tracker works in video pixels so its noise model sees square pixels
  const t1 = performance.now();
  const trackerName = (o.trackerName || 'auto') as TrackerName;
  const stepsPerSecond = video.fps / stride;
  const px = (p: PersonPose) => ({
    x1: p.box.x1 * video.width,
    y1: p.box.y1 * video.height,
    x2: p.box.x2 * video.width,
    y2: p.box.y2 * video.height,
  });
  const ids = trackAll(
    trackerName,
    people.map((ps) => ps.map((p) => ({ box: px(p), score: p.confidence, appearance: p.appearance }))),
    { stepsPerSecond, highScore: TRACK_HIGH, lowScore: TRACK_LOW, newTrackScore: TRACK_NEW },
  );
  const fragments = new Map<number, FragmentSample[]>();
  people.forEach((ps, slot) =>
    ps.forEach((p, i) => {
      const id = ids[slot][i];
      if (id == null) return;
      let list = fragments.get(id);
      if (!list) fragments.set(id, (list = []));
      list.push({ step: slot, box: px(p), appearance: p.appearance });
    }),
  );
  const relinked = relinkFragments(fragments, { stepsPerSecond });
  // a track taken over at a handover gives way from the step its successor starts (relink-fragments.ts)
  const afterHandover = ids.map((f, slot) =>
    f.map((raw) => (raw != null && slot < (relinked.cuts.get(raw) ?? Infinity) ? raw : null)),
  );
  const evidence = new Map<number, TrackEvidence>();
  people.forEach((ps, slot) =>
    ps.forEach((p, i) => {
      const raw = afterHandover[slot][i];
      if (raw == null) return;
      const id = relinked.mapping.get(raw)!;
      const pass = found.passes[slot] ? 1 : 0;
      const e = evidence.get(id);
      if (e) {
        e.confidences.push(p.confidence);
        e.lastStep = slot;
        e.passSightings! += pass;
      } else evidence.set(id, { confidences: [p.confidence], firstStep: slot, lastStep: slot, passSightings: pass });
    }),
  );
  const weak = unconvincingTracks(evidence);
  // the tracks kept are numbered 1, 2, 3… again in order of first appearance
  const publicId = new Map(
    [...evidence.keys()]
      .filter((id) => !weak.has(id))
      .sort((a, b) => a - b)
      .map((id, i) => [id, i + 1]),
  );
  const detections: AnalysedDetection[] = [];
  const perTrack = new Map<number, Array<{ t: number; keypoints: Array<[number, number, number]> }>>();
  people.forEach((ps, slot) =>
    ps.forEach((p, i) => {
      const raw = afterHandover[slot][i];
      const trackId = raw == null ? undefined : publicId.get(relinked.mapping.get(raw)!);
      if (trackId == null) return;
      detections.push({
        trackId,
        frame: frames[slot],
        // the box that follows the body (body-box.ts); the tracker above matched the detector's boxes
        ...bodyBox(p, video.width, video.height),
        confidence: p.confidence,
        keypoints: p.keypoints.flat(),
      });
      let list = perTrack.get(trackId);
      if (!list) perTrack.set(trackId, (list = []));
      list.push({
        t: frames[slot] / video.fps,
        keypoints: p.keypoints.map(([x, y, s]) => [x * video.width, y * video.height, s]),
        // a box cut by the frame's bottom edge says nothing of posture: someone walking out under the camera
        // gets shorter and wider as a falling person does
        ...(p.box.y2 < BOTTOM_EDGE ? { box: px(p) } : {}),
      });
    }),
  );
  const trackMs = performance.now() - t1;

  o.onActions?.();
  const t2 = performance.now();
  const segments: AnalysisResult['segments'] = [];
  for (const [trackId, samples] of perTrack) {
    for (const a of proposeSegments(samples, video.duration, stride / video.fps)) segments.push({ ...a, trackId });
  }
  const candidates = o.keepCandidates
    ? people.flatMap((ps, slot) =>
        ps.map((p) => ({
          frame: frames[slot],
          ...p.box,
          score: p.score,
          keypointScore: p.keypointScore,
          confidence: p.confidence,
        })),
      )
    : undefined;
  // someone out of sight for a moment boxed where they walked (hidden-gaps.ts)
  const filled = fillHiddenGaps(detections, video.fps, stride);
  return {
    // boxes that hold still where the person does (track-smoother.ts); the whole video is known by now
    detections: smoothDetections(filled, video.fps, video.width, video.height),
    candidates,
    segments,
    stats: {
      framesAnalysed: frames.length,
      stride,
      fps: video.fps,
      inputW: found.inputW,
      inputH: found.inputH,
      longSide: found.longSide,
      tracker: trackerName === 'botsort' ? 'botsort' : 'bytetrack',
      poseModel,
      fragments: relinked.before,
      relinks: relinked.links,
      weakTracks: weak.size,
      hiddenBoxes: filled.length - detections.length,
      cropTracking: found.cropTracking,
      peopleFound: people.reduce((a, ps) => a + ps.length, 0),
      maxPeopleInFrame: people.reduce((a, ps) => Math.max(a, ps.length), 0),
      tracks: perTrack.size,
      decodeInferMs: found.decodeInferMs,
      trackMs,
      actionsMs: performance.now() - t2,
    },
  };
}
