// The editor document of the Annotate screen. It holds the annotation set in a compact form and
// only the detections of the frame windows loaded so far, so a 1M-detection set never becomes one giant JSON.
// Shared contract between the view side and the edit side: keep it stable.
import type { ActionSegment, Relationship, VideoInfo } from '../../../domain/types';

// The compact detection (fractions of the frame; keypoints 17 × (x, y, score), replaced never mutated)
// is shared with the server's renderer.
export { KEYPOINT_FLOATS, type CompactDetection, type TrackFrames } from '../../../domain/overlay/detection';
import type { BlockedFrames } from './frame-blocks';

/** First and last frame with a detection of a track over the WHOLE video (not only loaded windows). */
export interface TrackRange {
  first: number;
  last: number;
}

/** A half-open frame window [from, to) whose detections are present in `detections`. */
export interface LoadedWindow {
  from: number;
  to: number;
}

export interface EditorDoc {
  videoId: number;
  info: VideoInfo;
  /** All tracks of the video, ascending (from the summary, not only the loaded windows). */
  trackIds: number[];
  trackRanges: Record<number, TrackRange>;
  /** trackId → the track's version (summary, then stamped from range ops' answers); range ops send it. */
  trackVersions?: Record<number, number>;
  segments: ActionSegment[];
  relationships: Relationship[];
  /** trackId → block → frame → detection, for the loaded windows only (see frame-blocks.ts). */
  detections: Record<number, BlockedFrames>;
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
