// The frames a drawn track's server fills: between neighbouring keyframes, refilled whenever a keyframe
// is written or removed, or a frame range is deleted (domain/ops/keyframe-interpolation holds the
// arithmetic, joint visibility included).
import type { Tx } from '../../db/connect';
import type { DetectionRow } from '../../repositories/detections';
import type { DetectionVersions } from '../../../domain/contract/annotation-edits';
import { deleteInterpolatedBetween, listKeyframes, listTrackFrames, storeRows } from '../../repositories/track-rows';
import {
  fillBetweenKeyframes,
  neighbourKeyframes,
  type Keyframe,
  type PoseBox,
} from '../../../domain/ops/keyframe-interpolation';

const keyframeOf = (r: DetectionRow): Keyframe => ({ frame: r.frame, outside: r.source === 'outside', box: r });

/** A box a call stored, with its new version (the answers' `detection_versions`). */
export type StoredFrame = { frame: number; version: number };

/** `detection_versions` of one track's stored frames, the later of two on one frame kept. */
export function versionsOf(trackId: number, ...lists: StoredFrame[][]): DetectionVersions {
  const at = new Map<number, number>();
  for (const list of lists) for (const r of list) at.set(r.frame, r.version);
  return [...at].sort((a, b) => a[0] - b[0]).map(([frame, version]) => ({ track_id: trackId, frame, version }));
}

/** The visibility a filled box stores: its own, none when it has no joints to be visible. */
export const visibilityOf = (b: PoseBox): number[] | null =>
  b.keypoints && b.keypointVisibility ? Array.from(b.keypointVisibility) : null;

/**
 * Refills the frames between the keyframe at `frame` and its neighbouring keyframes: the interpolated boxes
 * there are replaced (each new one above the version it replaces), frames holding another box are left.
 * Answers the frames filled.
 */
export async function refillAround(
  tx: Tx,
  videoId: number,
  trackId: number,
  frame: number,
  by: string,
): Promise<StoredFrame[]> {
  const keys = await listKeyframes(tx, videoId, trackId);
  const { before, after } = neighbourKeyframes(
    keys.map((k) => k.frame),
    frame,
  );
  return refillSpan(tx, videoId, trackId, keys, before ?? frame, after ?? frame, () => true, by);
}

/**
 * After frames `from` … `to` of a drawn track were deleted: the interpolated frames on both sides of the gap
 * were filled towards keyframes that may be gone, so they are refilled from the keyframes around the gap
 * (or removed where no keyframe is left on one side). The gap itself stays empty, as the person deleted it.
 */
export async function refillAroundGap(
  tx: Tx,
  videoId: number,
  trackId: number,
  from: number,
  to: number,
  by: string,
): Promise<StoredFrame[]> {
  const keys = await listKeyframes(tx, videoId, trackId);
  const frames = keys.map((k) => k.frame);
  const lo = neighbourKeyframes(frames, from).before ?? from;
  const hi = neighbourKeyframes(frames, to).after ?? to;
  return refillSpan(tx, videoId, trackId, keys, lo, hi, (f) => f < from || f > to, by);
}

/** Replaces the interpolated boxes strictly between `lo` and `hi` by the fill of the keyframes there (frames `keep` accepts). */
async function refillSpan(
  tx: Tx,
  videoId: number,
  trackId: number,
  keys: DetectionRow[],
  lo: number,
  hi: number,
  keep: (frame: number) => boolean,
  by: string,
): Promise<StoredFrame[]> {
  const removed = await deleteInterpolatedBetween(tx, videoId, trackId, lo, hi);
  const oldVersion = new Map(removed.map((r) => [r.frame, r.version]));
  const taken = new Set((await listTrackFrames(tx, videoId, trackId, lo, hi)).map((r) => r.frame));
  const span = keys.filter((k) => k.frame >= lo && k.frame <= hi).map(keyframeOf);
  const now = new Date();
  const rows = fillBetweenKeyframes(span)
    .filter((f) => keep(f.frame) && !taken.has(f.frame))
    .map((f) => ({
      trackId,
      frame: f.frame,
      x1: f.box.x1,
      y1: f.box.y1,
      x2: f.box.x2,
      y2: f.box.y2,
      confidence: 1,
      keypoints: f.box.keypoints ? Array.from(f.box.keypoints) : null,
      keypointVisibility: visibilityOf(f.box),
      source: 'interpolated',
      updatedById: by,
      updatedAt: now,
      version: (oldVersion.get(f.frame) ?? 0) + 1,
    }));
  await storeRows(tx, videoId, rows);
  return rows.map((r) => ({ frame: r.frame, version: r.version }));
}
