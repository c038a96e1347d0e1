// One video through the whole analysis: ffmpeg frames → pose (worker pool: crop tracking, top-down detector
// + keypoints on every frame, or MoveNet MultiPose) → calibrated confidence → tracker → re-link of broken
// tracks → action proposals.
// Pure of the database: the job (server/jobs/kinds/processing/video-processor.ts) stores what this returns.
import type { VideoSettings } from '../../domain/constants';
import { proposeSegments, type SegmentProposal } from './segment-proposals';
import { calibratedConfidence } from './calibration';
import { trackPeopleByCrops, type CropTrackingOptions, type CropTrackingStats } from './crop-tracking';
import { analysisGeometry, analysisLongSide, decodeFrames, topDownLongSide } from './frames';
import type { PosePool } from './pose-pool';
import { decodePoseRows, type PersonPose } from './pose-rows';
import type { PoseModelName } from './pose-protocol';
import { relinkFragments, type FragmentSample } from './relink-fragments';
import { DETECTOR_MIN_SCORE, stackingKeepsScale } from './topdown';
import { passInterval } from './crop-schedule';
import { trackAll, type TrackerName } from './tracker';
import { smoothDetections } from './track-smoother';
import { unconvincingTracks, type TrackEvidence } from './track-keep';

export interface VideoToAnalyse {
  path: string;
  width: number;
  height: number;
  fps: number;
  duration: number;
  totalFrames: number;
}

export interface AnalysedDetection {
  trackId: number;
  frame: number;
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  confidence: number;
  /** 17 × [x, y, score] flattened, fractions of the frame size. */
  keypoints: number[];
}

/** A box the pose model gave, before tracking: what the confidence calibration is fitted on. */
export interface CandidateBox {
  frame: number;
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  score: number;
  keypointScore: number;
  confidence: number;
}

export interface AnalysisResult {
  detections: AnalysedDetection[];
  /** Every box before tracking (only with `keepCandidates`). */
  candidates?: CandidateBox[];
  segments: Array<SegmentProposal & { trackId: number }>;
  stats: {
    framesAnalysed: number;
    stride: number;
    inputW: number;
    inputH: number;
    longSide: number;
    tracker: 'bytetrack' | 'botsort';
    poseModel: PoseModelName;
    peopleFound: number;
    maxPeopleInFrame: number;
    tracks: number;
    decodeInferMs: number;
    trackMs: number;
    actionsMs: number;
    /** Tracks the tracker's pass left, and how many of them the re-link joined to an earlier one. */
    fragments: number;
    relinks: number;
    /** Tracks dropped whole as unconvincing (track-keep.ts): weak median confidence, or flickering and below the review mark. */
    weakTracks: number;
    /** Crop tracking only: detector passes (and why), crops read, people lost between detections. */
    cropTracking?: CropTrackingStats;
  };
}

/**
 * Whether crop tracking's detector passes take two frames each (topdown.ts detectPeopleStacked), chosen by
 * measurement (bench/processing.ts, docs/PROCESSING.md): half the detector's cost for landscape frames,
 * which a single pass would letterbox; frames that stacking would shrink much more (4:3, portrait) go alone.
 */
export const STACK_DETECTIONS = true;

export interface AnalysisOptions {
  ffmpegPath: string;
  pool: PosePool;
  settings: Pick<VideoSettings, 'pipeline_frame_stride' | 'yolo_imgsz' | 'tracker_name'> &
    Partial<Pick<VideoSettings, 'pose_model'>>;
  signal?: AbortSignal;
  /** Called every analysed frame; cheap. */
  onProgress?: (framesAnalysed: number, framesExpected: number) => void;
  /** Return every box before tracking too (calibration fit, evaluation). */
  keepCandidates?: boolean;
  /** Crop tracking's knobs (bench/processing.ts measures them); the defaults are the cadence of crop-schedule.ts and crop-follow.ts's. */
  cropTracking?: Partial<CropTrackingOptions>;
  /** Crop tracking's model passes per second of video (default crop-schedule.ts PASSES_PER_SECOND). */
  passesPerSecond?: number;
  /** Called when the analysis moves past decoding + pose. */
  onStage?: (stage: 'tracking' | 'proposing actions') => void;
}

/** People with a raw MultiPose box score below this are not handed to the tracker at all. */
const MIN_PERSON_SCORE = 0.15;
/**
 * Tracker thresholds on the calibrated scale (probability of a real person): the first pass takes boxes
 * at even odds or better, the second keeps tracks alive through weak ones, a new track needs 0.4.
 */
const TRACK_HIGH = 0.5,
  TRACK_LOW = 0.1,
  TRACK_NEW = 0.4;

export async function analyseVideo(video: VideoToAnalyse, o: AnalysisOptions): Promise<AnalysisResult> {
  const stride = Math.max(1, Math.floor(o.settings.pipeline_frame_stride || 1));
  const poseModel: PoseModelName =
    o.settings.pose_model === 'multipose' || o.settings.pose_model === 'tracking' ? o.settings.pose_model : 'topdown';
  const longSide =
    poseModel !== 'multipose'
      ? topDownLongSide(o.settings.yolo_imgsz, Math.max(video.width, video.height))
      : analysisLongSide(o.settings.yolo_imgsz);
  const g = analysisGeometry(video.width, video.height, longSide);
  const minScore = poseModel !== 'multipose' ? DETECTOR_MIN_SCORE : MIN_PERSON_SCORE;
  const expected = Math.max(1, Math.ceil((video.totalFrames || Math.round(video.duration * video.fps)) / stride));
  const t0 = performance.now();

  // decode and infer concurrently; keep a bounded number of frames in flight so memory stays flat
  const frames: number[] = [];
  const people: Array<Array<PersonPose & { confidence: number }>> = [];
  const inFlight = new Set<Promise<void>>();
  const maxInFlight = o.pool.threads * 2;
  let done = 0;
  let failure: Error | null = null;
  let cropTracking: CropTrackingStats | undefined;
  if (poseModel === 'tracking') {
    cropTracking = await trackPeopleByCrops(
      decodeFrames(o.ffmpegPath, video.path, g, stride, o.signal),
      g,
      o.pool,
      {
        passEvery: passInterval(video.fps, stride, o.passesPerSecond),
        stackDetections: STACK_DETECTIONS && stackingKeepsScale(g.inputW, g.scaledH),
        ...o.cropTracking,
      },
      minScore,
      (frame, found) => {
        frames.push(frame);
        people.push(
          found.map((person) => ({
            ...person,
            confidence: calibratedConfidence(poseModel, person.score, person.keypointScore),
          })),
        );
        o.onProgress?.(++done, expected);
      },
      o.signal,
    );
  } else
    for await (const f of decodeFrames(o.ffmpegPath, video.path, g, stride, o.signal)) {
      if (failure) break;
      const slot = frames.length;
      frames.push(f.frame);
      const p: Promise<void> = o.pool
        .infer(f.rgb, g.inputW, g.inputH, poseModel === 'multipose' ? 'multipose' : 'topdown')
        .then(
          (out) => {
            people[slot] = decodePoseRows(out, g, minScore).map((person) => ({
              ...person,
              confidence: calibratedConfidence(poseModel, person.score, person.keypointScore),
            }));
            o.onProgress?.(++done, expected);
          },
          (e: Error) => {
            failure ??= e;
          },
        )
        .finally(() => inFlight.delete(p));
      inFlight.add(p);
      if (inFlight.size >= maxInFlight) await Promise.race(inFlight);
      if (o.signal?.aborted) throw new Error('stopped');
    }
  await Promise.all(inFlight);
  if (failure) throw failure;
  if (o.signal?.aborted) throw new Error('stopped');
  if (!frames.length) throw new Error('ffmpeg decoded no frames from the video');
  const decodeInferMs = performance.now() - t0;

  // the tracker works in video pixels so its noise model sees square pixels
  o.onStage?.('tracking');
  const t1 = performance.now();
  const trackerName = (o.settings.tracker_name || 'auto') as TrackerName;
  const stepsPerSecond = video.fps / stride;
  const px = (p: PersonPose) => ({
    x1: p.box.x1 * video.width,
    y1: p.box.y1 * video.height,
    x2: p.box.x2 * video.width,
    y2: p.box.y2 * video.height,
  });
  const ids = trackAll(
    trackerName,
    people.map((ps) => ps.map((p) => ({ box: px(p), score: p.confidence }))),
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
  const evidence = new Map<number, TrackEvidence>();
  people.forEach((ps, slot) =>
    ps.forEach((p, i) => {
      const raw = ids[slot][i];
      if (raw == null) return;
      const id = relinked.mapping.get(raw)!;
      const e = evidence.get(id);
      if (e) {
        e.confidences.push(p.confidence);
        e.lastStep = slot;
      } else evidence.set(id, { confidences: [p.confidence], firstStep: slot, lastStep: slot });
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
      const raw = ids[slot][i];
      const trackId = raw == null ? undefined : publicId.get(relinked.mapping.get(raw)!);
      if (trackId == null) return;
      detections.push({
        trackId,
        frame: frames[slot],
        ...p.box,
        confidence: p.confidence,
        keypoints: p.keypoints.flat(),
      });
      let list = perTrack.get(trackId);
      if (!list) perTrack.set(trackId, (list = []));
      list.push({
        t: frames[slot] / video.fps,
        keypoints: p.keypoints.map(([x, y, s]) => [x * video.width, y * video.height, s]),
      });
    }),
  );
  const trackMs = performance.now() - t1;

  o.onStage?.('proposing actions');
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
  return {
    // boxes that hold still where the person does (track-smoother.ts); the whole video is known by now
    detections: smoothDetections(detections, video.fps, video.width, video.height),
    candidates,
    segments,
    stats: {
      framesAnalysed: frames.length,
      stride,
      inputW: g.inputW,
      inputH: g.inputH,
      longSide,
      tracker: trackerName === 'botsort' ? 'botsort' : 'bytetrack',
      poseModel,
      fragments: relinked.before,
      relinks: relinked.links,
      weakTracks: weak.size,
      cropTracking,
      peopleFound: people.reduce((a, ps) => a + ps.length, 0),
      maxPeopleInFrame: people.reduce((a, ps) => Math.max(a, ps.length), 0),
      tracks: perTrack.size,
      decodeInferMs,
      trackMs,
      actionsMs: performance.now() - t2,
    },
  };
}
