// The frames a drawn track's server fills: between neighbouring keyframes, refilled whenever a keyframe
// is written or removed (domain/ops/keyframe-interpolation holds the arithmetic).
import type { Tx } from '../../db/connect';
import type { DetectionRow } from '../../repositories/detections';
import { deleteInterpolatedBetween, listKeyframes, listTrackFrames, storeRows } from '../../repositories/track-rows';
import { fillBetweenKeyframes, neighbourKeyframes, type Keyframe } from '../../../domain/ops/keyframe-interpolation';

const keyframeOf = (r: DetectionRow): Keyframe => ({ frame: r.frame, outside: r.source === 'outside', box: r });

/**
 * Refills the frames between the keyframe at `frame` and its neighbouring keyframes: the interpolated boxes
 * there are replaced (each new one above the version it replaces), frames holding another box are left.
 * Answers how many frames were filled.
 */
export async function refillAround(tx: Tx, videoId: number, trackId: number, frame: number, by: string): Promise<number> {
  const keys = await listKeyframes(tx, videoId, trackId);
  const { before, after } = neighbourKeyframes(keys.map((k) => k.frame), frame);
  const lo = before ?? frame; const hi = after ?? frame;
  const removed = await deleteInterpolatedBetween(tx, videoId, trackId, lo, hi);
  const oldVersion = new Map(removed.map((r) => [r.frame, r.version]));
  const taken = new Set((await listTrackFrames(tx, videoId, trackId, lo, hi)).map((r) => r.frame));
  const span = keys.filter((k) => k.frame >= lo && k.frame <= hi).map(keyframeOf);
  const now = new Date();
  const rows = fillBetweenKeyframes(span).filter((f) => !taken.has(f.frame)).map((f) => ({
    trackId, frame: f.frame, x1: f.box.x1, y1: f.box.y1, x2: f.box.x2, y2: f.box.y2, confidence: 1,
    keypoints: f.box.keypoints ? Array.from(f.box.keypoints) : null, source: 'interpolated', updatedById: by, updatedAt: now,
    version: (oldVersion.get(f.frame) ?? 0) + 1,
  }));
  await storeRows(tx, videoId, rows);
  return rows.length;
}
