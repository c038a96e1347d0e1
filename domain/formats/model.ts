// The neutral model every interchange format (PoseTrack, MOTChallenge, CVAT for video) is written from
// and read into: tracks of per-frame detections in fractions of the frame, as the database stores them.
// Formats speak pixels; the conversion happens here so that each format module only lays out its file.
import { clipBoxToFrame, detectionProblem, TrackCounts, trackIdProblem } from './import-limits';

export interface FormatVideo {
  id: number;
  /** The video's file name; formats use its stem for image and task names. */
  filename: string;
  width: number;
  height: number;
  /** Frames of the video (0 when unknown: the last detected frame then bounds the file). */
  totalFrames: number;
  /** The AI analysed every n-th frame: gaps up to this many frames are interpolated, not absences. */
  frameStride: number;
  /** Frames per second: action segments are stored in seconds, the formats speak frames. */
  fps: number;
  /** Frames between analysed ones show the blend of their neighbours (true, the default) or hold the one
   *  before (false): the render settings' `realtime.interpolation`, as the editor and the render draw them. */
  interpolate?: boolean;
}

export interface FormatDetection {
  frame: number;
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  confidence: number;
  /** 17 × [x, y, score] flattened in fractions; NaN marks an absent keypoint. Null: no skeleton. */
  keypoints: number[] | null;
  /** Per keypoint 2 visible, 1 occluded, 0 absent as a person set it; null or left out: the score decides. */
  visibility?: number[] | null;
  human: boolean;
  /** A frame filled in between two stored boxes (drawn by the editor, not stored): written so, and marked
   *  where the format has a place for it (MOT's conf column, COCO's and PoseTrack's `filled_in`). */
  filled?: boolean;
}

/** An action of the track's person from startTime up to (not including) endTime, in seconds. */
export interface FormatSegment {
  actionClass: string;
  startTime: number;
  endTime: number;
}

/** `segments` is carried only by formats that hold actions (CVAT for video); the others leave it out. */
export interface FormatTrack {
  trackId: number;
  detections: FormatDetection[];
  segments?: FormatSegment[];
  /** Frames of the track's outside keyframes (the person leaves there until the next box); CVAT writes them as outside="1". */
  outsideFrames?: number[];
}

export interface DecodedFile {
  tracks: FormatTrack[];
  warnings: string[];
}

/** A file that does not follow its format; the message says where. */
export class FormatError extends Error {}

export const FORMAT_NAMES = ['coco-keypoints', 'posetrack18', 'mot', 'cvat-video'] as const;
export type FormatName = (typeof FORMAT_NAMES)[number];

/** A keypoint whose score reaches this is written as visible; below it as labelled but hidden. */
export const VISIBLE_SCORE = 0.3;
/** Scores given to keypoints read from a file that carries only visibility flags. */
export const IMPORTED_VISIBLE_SCORE = 1;
export const IMPORTED_HIDDEN_SCORE = 0.1;

/** Pixel values are written with two decimals: well below a pixel, and stable through a float32 store. */
export const px = (v: number) => Math.round(v * 100) / 100;
/** Scores and confidences are written with four decimals. */
export const score4 = (v: number) => Math.round(v * 10000) / 10000;

/** The frames the file covers: the video's, or up to the last detected frame when the count is unknown. */
export function frameCount(video: FormatVideo, tracks: FormatTrack[]): number {
  if (video.totalFrames > 0) return video.totalFrames;
  let last = -1;
  for (const t of tracks) for (const d of t.detections) last = Math.max(last, d.frame);
  return last + 1;
}

/** Keypoints in pixels as (x, y, score) triples, or null for an absent one. */
export function keypointPixels(
  video: { width: number; height: number },
  flat: number[],
): Array<[number, number, number] | null> {
  const out: Array<[number, number, number] | null> = [];
  for (let i = 0; i < 17; i++) {
    const x = flat[i * 3],
      y = flat[i * 3 + 1],
      s = flat[i * 3 + 2];
    out.push(
      Number.isFinite(x) && Number.isFinite(y)
        ? [px(x * video.width), px(y * video.height), Number.isFinite(s) ? s : 0]
        : null,
    );
  }
  return out;
}

/** The box of a skeleton's present keypoints (fractions), for a pose that comes without a box. */
export function boxOfKeypoints(flat: number[]): { x1: number; y1: number; x2: number; y2: number } | null {
  let x1 = Infinity,
    y1 = Infinity,
    x2 = -Infinity,
    y2 = -Infinity;
  for (let i = 0; i < 17; i++) {
    const x = flat[i * 3],
      y = flat[i * 3 + 1];
    if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
    x1 = Math.min(x1, x);
    y1 = Math.min(y1, y);
    x2 = Math.max(x2, x);
    y2 = Math.max(y2, y);
  }
  return x1 === Infinity ? null : { x1, y1, x2, y2 };
}

/** Tracks ordered by id, each track's detections by frame: every format writes in this order. */
export function ordered(tracks: FormatTrack[]): FormatTrack[] {
  return [...tracks]
    .sort((a, b) => a.trackId - b.trackId)
    .map((t) => ({ ...t, detections: [...t.detections].sort((a, b) => a.frame - b.frame) }));
}

/**
 * Collects rows keyed by file track id into tracks, in order; a second row for one (track, frame) is an
 * error. Every row meets the import rules (import-limits.ts) here, its box clipped to the frame.
 */
export class TrackCollector {
  private byId = new Map<number, Map<number, FormatDetection>>();
  private counts = new TrackCounts();
  add(trackId: number, d: FormatDetection, where: string): void {
    const wrong = trackIdProblem(trackId) ?? clipBoxToFrame(d) ?? detectionProblem(d, 0);
    if (wrong) throw new FormatError(`${where}: ${wrong}`);
    let frames = this.byId.get(trackId);
    if (frames?.has(d.frame)) throw new FormatError(`${where}: track ${trackId} has two entries for frame ${d.frame}`);
    const over = this.counts.add(trackId, d.frame);
    if (over) throw new FormatError(`${where}: ${over}`);
    if (!frames) this.byId.set(trackId, (frames = new Map()));
    frames.set(d.frame, d);
  }
  get(trackId: number, frame: number): FormatDetection | undefined {
    return this.byId.get(trackId)?.get(frame);
  }
  tracks(): FormatTrack[] {
    return ordered([...this.byId].map(([trackId, frames]) => ({ trackId, detections: [...frames.values()] })));
  }
}
