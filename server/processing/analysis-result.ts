// What an analysis hands on: the people found on each analysed frame (the models' side, pipeline.ts), and the
// tracked result built from them (track-people.ts) that the processing job stores.
import type { CropTrackingStats } from './crop-tracking';
import type { PersonPose } from './pose-rows';
import type { PoseModelName } from './pose-protocol';
import type { SegmentProposal } from './segment-proposals';

export interface VideoToAnalyse {
  path: string;
  width: number;
  height: number;
  fps: number;
  duration: number;
  totalFrames: number;
}

/** One person found on one analysed frame, with the calibrated probability that it is a person. */
export type FoundPerson = PersonPose & { confidence: number };

/** The models' answer over the whole video, before tracking: per analysed frame, the people found. */
export interface FramePeople {
  /** Video frame number of each analysed frame. */
  frames: number[];
  people: FoundPerson[][];
  /**
   * Per analysed frame: whether its people come from a model pass there (false: moved onto it by the optical
   * flow from the last pass; crop tracking only, every frame true otherwise).
   */
  passes: boolean[];
  stride: number;
  poseModel: PoseModelName;
  inputW: number;
  inputH: number;
  longSide: number;
  decodeInferMs: number;
  cropTracking?: CropTrackingStats;
}

export interface AnalysedDetection {
  trackId: number;
  frame: number;
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  confidence: number;
  /** 17 × [x, y, score] flattened, fractions of the frame size; null where none were seen (hidden-gaps.ts). */
  keypoints: number[] | null;
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
    /** The video's frame rate (the still-thing rule measures stillness in seconds). */
    fps?: number;
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
    /** Boxes added where someone was out of sight for a moment (hidden-gaps.ts). */
    hiddenBoxes?: number;
    /** Tracks dropped whole as unconvincing (track-keep.ts): weak median confidence, or flickering and below the review mark. */
    weakTracks: number;
    /** Crop tracking only: detector passes (and why), crops read, people lost between detections. */
    cropTracking?: CropTrackingStats;
  };
}
