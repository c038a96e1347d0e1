// The rules every imported detection meets before it is stored (interchange files and annotation packages
// alike): the numbers an edit could have stored, and bounded tracks per frame and per video. Imports used
// to store NaN, ±Infinity, inverted boxes and 1e30; a MOT id of 3,000,000,000 wrapped around to a negative
// track nobody could edit; and 5,000 tracks on one frame made every per-frame computation explode.
// Each check answers the broken rule in words (or null), and the caller puts the line or element in front.
import { COCO_KEYPOINTS } from '../constants';

/**
 * Tracks on one frame at most. Real footage needs hundreds at most (the densest crowd benchmarks, MOT20,
 * have a few hundred people per frame); more is a broken or hostile file.
 */
export const MAX_TRACKS_PER_FRAME = 1000;
/** Tracks of one video at most: hours of crowded footage with broken-up tracks stay far below it. */
export const MAX_TRACKS_PER_VIDEO = 100_000;
/** Track ids and frames are stored as 4-byte signed integers. */
export const MAX_TRACK_ID = 2_147_483_647;
export const MAX_FRAME = 2_147_483_647;
/**
 * A box from a pixel format may reach past the frame edge (a person walking out of the picture) and is
 * clipped to it; past this many frame widths/heights it is a wrong number, not a person at the edge.
 * Keypoints may sit the same margin outside, as edits allow (fractions -1 to 2).
 */
export const OUTSIDE_MARGIN = 1;

/** A detection in fractions of the frame; keypoints are 17 × (x, y, score), NaN where absent. */
export interface ImportedDetection {
  frame: number;
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  confidence: number;
  keypoints: ArrayLike<number> | null;
}

const inMargin = (v: number) => v >= -OUTSIDE_MARGIN && v <= 1 + OUTSIDE_MARGIN;

export function trackIdProblem(id: number): string | null {
  return Number.isInteger(id) && id >= 0 && id <= MAX_TRACK_ID
    ? null
    : `track id ${id} must be an integer from 0 to ${MAX_TRACK_ID}`;
}

/** `totalFrames` 0: the video's frame count is unknown, only the stored integer bounds the frame. */
export function frameProblem(frame: number, totalFrames: number): string | null {
  if (!Number.isInteger(frame) || frame < 0 || frame > MAX_FRAME)
    return `the frame must be an integer from 0 to ${MAX_FRAME}`;
  if (totalFrames > 0 && frame >= totalFrames) return `the frame is past the video's ${totalFrames} frames`;
  return null;
}

/**
 * Clips a box read from a pixel format to the frame (changing `d`), or says why it cannot be: not a
 * number, or more than the margin outside the picture.
 */
export function clipBoxToFrame(d: ImportedDetection): string | null {
  for (const k of ['x1', 'y1', 'x2', 'y2'] as const) {
    if (!Number.isFinite(d[k])) return `${k} must be a number`;
    if (!inMargin(d[k])) return `the box lies more than a frame outside the picture (${k} ${d[k]})`;
  }
  for (const k of ['x1', 'y1', 'x2', 'y2'] as const) d[k] = Math.min(1, Math.max(0, d[k]));
  return null;
}

/** What an edit demands of a stored detection: box inside the frame with x1 < x2, y1 < y2; scores 0–1. */
export function detectionProblem(d: ImportedDetection, totalFrames: number): string | null {
  const frame = frameProblem(d.frame, totalFrames);
  if (frame) return frame;
  for (const k of ['x1', 'y1', 'x2', 'y2'] as const) {
    if (!(d[k] >= 0 && d[k] <= 1)) return `${k} must be a number from 0 to 1 (got ${d[k]})`;
  }
  if (!(d.x1 < d.x2 && d.y1 < d.y2))
    return 'the box needs x1 < x2 and y1 < y2 (a positive width and height inside the frame)';
  if (!(d.confidence >= 0 && d.confidence <= 1)) return `confidence must be from 0 to 1 (got ${d.confidence})`;
  return d.keypoints ? keypointsProblem(d.keypoints) : null;
}

function keypointsProblem(kp: ArrayLike<number>): string | null {
  if (kp.length !== COCO_KEYPOINTS.length * 3) return `keypoints must be ${COCO_KEYPOINTS.length} × (x, y, score)`;
  for (let i = 0; i < COCO_KEYPOINTS.length; i++) {
    const x = kp[3 * i],
      y = kp[3 * i + 1],
      s = kp[3 * i + 2];
    const name = COCO_KEYPOINTS[i];
    if (Number.isNaN(x) && Number.isNaN(y)) continue; // an absent point
    if (!Number.isFinite(x) || !Number.isFinite(y) || !inMargin(x) || !inMargin(y))
      return `keypoint ${name} lies more than a frame outside the picture`;
    // a score may be missing (NaN: read as 0), never out of 0–1
    if (!Number.isNaN(s) && !(s >= 0 && s <= 1)) return `the score of keypoint ${name} must be from 0 to 1 (got ${s})`;
  }
  return null;
}

/** Counts tracks per frame and per video as rows arrive; says which limit a row breaks. */
export class TrackCounts {
  private readonly perFrame = new Map<number, number>();
  private readonly tracks = new Set<number>();

  /** Counts one row; each (track, frame) must be added once. */
  add(trackId: number, frame: number): string | null {
    if (!this.tracks.has(trackId)) {
      if (this.tracks.size >= MAX_TRACKS_PER_VIDEO)
        return `more than ${MAX_TRACKS_PER_VIDEO} tracks (at most ${MAX_TRACKS_PER_VIDEO} tracks per video)`;
      this.tracks.add(trackId);
    }
    const n = (this.perFrame.get(frame) ?? 0) + 1;
    if (n > MAX_TRACKS_PER_FRAME)
      return `frame ${frame} has more than ${MAX_TRACKS_PER_FRAME} tracks (at most ${MAX_TRACKS_PER_FRAME} tracks per frame)`;
    this.perFrame.set(frame, n);
    return null;
  }

  get trackCount(): number {
    return this.tracks.size;
  }
  /** Rows per frame, for checking against what a video already holds. */
  frames(): ReadonlyMap<number, number> {
    return this.perFrame;
  }
}

/** The largest of `values` (or `empty`), without spreading them into arguments (a spread of 130k overflows the stack). */
export function largest(values: Iterable<number>, empty: number): number {
  let max = empty;
  for (const v of values) if (v > max) max = v;
  return max;
}
