// Applies a gap cut (domain/ops/track-gap.ts) to a track's stored rows inside a range edit's transaction:
// the rows of the range go, the filled-in frames next to it are stored as they were drawn, and an outside
// keyframe stops a fill across it, so everything outside the range is drawn as before on a strided video.
import type { Tx } from '../../db/connect';
import type { DetectionRow } from '../../repositories/detections';
import { deleteTrackFrames, deleteTrackRange, listTrackFrames, storeRows } from '../../repositories/track-rows';
import { planGapCut } from '../../../domain/ops/track-gap';
import type { CompactDetection, InterpolationOptions } from '../../../domain/overlay/detection';

/** A stored row as the shared drawing rule reads it. */
export function compactOf(r: DetectionRow): CompactDetection {
  return {
    x1: r.x1,
    y1: r.y1,
    x2: r.x2,
    y2: r.y2,
    confidence: r.confidence,
    keypoints: r.keypoints ? Float32Array.from(r.keypoints) : null,
    visibility: r.keypointVisibility ? Uint8Array.from(r.keypointVisibility) : null,
    source: r.source as CompactDetection['source'],
  };
}

/** The row values of a drawn box (fractions, keypoints flattened). */
const valuesOf = (d: CompactDetection) => ({
  x1: d.x1,
  y1: d.y1,
  x2: d.x2,
  y2: d.y2,
  confidence: d.confidence,
  keypoints: d.keypoints ? Array.from(d.keypoints) : null,
  keypointVisibility: d.keypoints && d.visibility ? Array.from(d.visibility) : null,
});

/**
 * Removes frames `from` … `to` of a track and keeps the rest drawn as it was. Answers the removed rows and
 * the frames it stored (filled-in frames kept, the outside keyframe, rows made keyframes).
 */
export async function cutGap(
  tx: Tx,
  videoId: number,
  trackId: number,
  from: number,
  to: number,
  opts: InterpolationOptions,
  drawn: boolean,
  by: string,
): Promise<{ deleted: DetectionRow[]; stored: number[] }> {
  const stride = Math.max(1, Math.floor(opts.stride));
  const near = await listTrackFrames(tx, videoId, trackId, Math.max(0, from - stride), to + stride);
  const rowAt = new Map(near.map((r) => [r.frame, r]));
  const shown = new Map(near.map((r) => [r.frame, compactOf(r)]));
  const plan = planGapCut((f) => shown.get(f), from, to, opts, drawn);
  const deleted = await deleteTrackRange(tx, videoId, trackId, from, to);
  const now = new Date();
  const made = { trackId, updatedById: by, updatedAt: now };
  const rows = plan.keep.map((k) => ({
    ...made,
    frame: k.frame,
    ...valuesOf(k.det),
    source: 'interpolated',
    version: 1,
  }));
  const before =
    plan.outsideAt === null ? null : (plan.keep.find((k) => k.frame === from - 1)?.det ?? shown.get(from - 1));
  if (plan.outsideAt !== null && before) {
    const was = deleted.find((r) => r.frame === plan.outsideAt);
    rows.push({
      ...made,
      frame: plan.outsideAt,
      ...valuesOf(before),
      source: 'outside',
      version: (was?.version ?? 0) + 1,
    });
  }
  const keyed = plan.keyframesAt.map((f) => rowAt.get(f)!).filter(Boolean);
  await deleteTrackFrames(
    tx,
    videoId,
    trackId,
    keyed.map((r) => r.frame),
  );
  for (const r of keyed)
    rows.push({ ...made, frame: r.frame, ...valuesOf(compactOf(r)), source: 'human', version: r.version + 1 });
  await storeRows(tx, videoId, rows);
  return { deleted, stored: rows.map((r) => r.frame).sort((a, b) => a - b) };
}
