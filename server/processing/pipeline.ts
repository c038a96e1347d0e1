// One video through the whole analysis: ffmpeg frames → pose (worker pool: crop tracking, top-down detector
// + keypoints on every frame, or MoveNet MultiPose) → calibrated confidence → tracker → re-link of broken
// tracks → action proposals.
// Pure of the database: the job (server/jobs/kinds/processing/video-processor.ts) stores what this returns.
import type { VideoSettings } from '../../domain/constants';
import type { AnalysisResult, FoundPerson, FramePeople, VideoToAnalyse } from './analysis-result';
import { calibratedConfidence } from './calibration';
import { trackPeopleByCrops, type CropTrackingOptions, type CropTrackingStats } from './crop-tracking';
import { analysisGeometry, analysisLongSide, decodeFrames, topDownLongSide } from './frames';
import type { PosePool } from './pose-pool';
import { decodePoseRows } from './pose-rows';
import type { PoseModelName } from './pose-protocol';
import { DETECTOR_MIN_SCORE, stackingKeepsScale } from './topdown';
import { passInterval } from './crop-schedule';
import { trackFramePeople } from './track-people';

export type { AnalysisResult, VideoToAnalyse } from './analysis-result';

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

/** The whole analysis: the models over every analysed frame, then tracking, smoothing and action proposals. */
export async function analyseVideo(video: VideoToAnalyse, o: AnalysisOptions): Promise<AnalysisResult> {
  const found = await analyseFrames(video, o);
  o.onStage?.('tracking');
  return trackFramePeople(video, found, {
    trackerName: o.settings.tracker_name,
    keepCandidates: o.keepCandidates,
    onActions: () => o.onStage?.('proposing actions'),
  });
}

/** The models' side: decoding and pose (and crop tracking's optical flow) over every analysed frame. */
export async function analyseFrames(video: VideoToAnalyse, o: AnalysisOptions): Promise<FramePeople> {
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
  const people: FoundPerson[][] = [];
  const flowFrames = new Set<number>();
  const inFlight = new Set<Promise<void>>();
  const maxInFlight = o.pool.threads * 2;
  let done = 0;
  let failure: Error | null = null;
  let cropTracking: CropTrackingStats | undefined;
  if (poseModel === 'tracking') {
    const cadence = {
      passEvery: passInterval(video.fps, stride, o.passesPerSecond),
      stackDetections: STACK_DETECTIONS && stackingKeepsScale(g.inputW, g.scaledH),
      ...o.cropTracking,
    };
    // the frames the first detector passes read, decoded apart so the reading is decided before the first pass
    const detectorStep = stride * (cadence.passEvery ?? 1) * (cadence.detectEvery ?? 1);
    cropTracking = await trackPeopleByCrops(
      decodeFrames(o.ffmpegPath, video.path, g, stride, o.signal),
      g,
      o.pool,
      { ...cadence, firstPassFrames: decodeFrames(o.ffmpegPath, video.path, g, detectorStep, o.signal) },
      minScore,
      (frame, found, pass) => {
        if (!pass) flowFrames.add(frames.length);
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
  return {
    frames,
    people,
    passes: frames.map((_, i) => !flowFrames.has(i)),
    stride,
    poseModel,
    inputW: g.inputW,
    inputH: g.inputH,
    longSide,
    decodeInferMs: performance.now() - t0,
    cropTracking,
  };
}
