// The editor document of the Annotate screen. It holds the annotation set in a compact form and
// only the detections of the frame windows loaded so far, so a 1M-detection set never becomes one giant JSON.
// Shared contract between the view side and the edit side: keep it stable.
import type { ActionSegment, Relationship, VideoInfo } from '../../../domain/types';

/** Number of floats per detection's keypoints: 17 COCO points × (x, y, score). */
export const KEYPOINT_FLOATS = 17 * 3;

/**
 * One detection of one track at one frame. Coordinates are fractions of the frame size (0..1).
 * `keypoints` is 17 × (x, y, score) flattened, or null when the detection has none.
 * Typed arrays are not drafted by immer: a command that changes keypoints must assign a NEW array
 * (`det.keypoints = next`), never write into the old one, or undo history and redraw break.
 */
export interface CompactDetection {
  x1: number; y1: number; x2: number; y2: number;
  confidence: number;
  keypoints: Float32Array | null;
  source: 'ai' | 'human';
}

/** frame → detection of one track (plain object with integer keys: fast in V8 and draftable by immer). */
export type TrackFrames = Record<number, CompactDetection>;

/** First and last frame with a detection of a track over the WHOLE video (not only loaded windows). */
export interface TrackRange { first: number; last: number }

/** A half-open frame window [from, to) whose detections are present in `detections`. */
export interface LoadedWindow { from: number; to: number }

export interface EditorDoc {
  videoId: number;
  info: VideoInfo;
  /** All tracks of the video, ascending (from the summary, not only the loaded windows). */
  trackIds: number[];
  trackRanges: Record<number, TrackRange>;
  segments: ActionSegment[];
  relationships: Relationship[];
  /** trackId → frame → detection, for the loaded windows only. */
  detections: Record<number, TrackFrames>;
  /** Windows already loaded (sorted by `from`, non-overlapping). */
  windows: LoadedWindow[];
}

/**
 * Why the document changed. Only 'edit' is a user's edit (history records it); 'load' is a new
 * document (history resets); the others add or show data without being edits: detections merged in
 * by the loader, fields the server stamped on a saved segment (who, when, version), and the live
 * preview of a drag (squashed onto the drag's mark, see history.ts).
 */
export type DocChangeReason = 'edit' | 'load' | 'detections-loaded' | 'server-stamp' | 'drag-preview';

/** An edit: an immer recipe over the document. The edit helper wraps these with produceWithPatches. */
export type DocCommand = (draft: EditorDoc) => void;

export function emptyDoc(videoId: number, info: VideoInfo): EditorDoc {
  return { videoId, info, trackIds: [], trackRanges: {}, segments: [], relationships: [], detections: {}, windows: [] };
}
