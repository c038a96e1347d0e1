// SQL of the range edits of tracks: read a track's boxes and segments, remove boxes by frame, store moved
// or filled boxes, and apply a segment plan. Every function runs inside the caller's transaction.
import { and, asc, desc, eq, gt, gte, inArray, lt, lte, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/connect';
import { actionSegments, detections } from '../db/schema';
import type { SegmentPlan } from '../../domain/ops/track-ranges';
import type { DetectionRow } from './detections';
import type { SegmentRow } from './annotations';
import { insertDetections } from './detection-bulk';
import type { NewDetection } from './new-detection';

const ofTrack = (videoId: number, trackId: number) =>
  and(eq(detections.videoId, videoId), eq(detections.trackId, trackId));

/** Every box of `trackIds`, by track then frame. */
export const listTrackRows = (tx: Tx, videoId: number, trackIds: number[]): Promise<DetectionRow[]> =>
  tx
    .select()
    .from(detections)
    .where(and(eq(detections.videoId, videoId), inArray(detections.trackId, trackIds)))
    .orderBy(asc(detections.trackId), asc(detections.frame));

/** Boxes of one track with from ≤ frame ≤ to (either end open when null), by frame. */
export const listTrackFrames = (
  tx: Tx,
  videoId: number,
  trackId: number,
  from: number | null,
  to: number | null,
): Promise<DetectionRow[]> =>
  tx
    .select()
    .from(detections)
    .where(
      and(
        ofTrack(videoId, trackId),
        ...(from !== null ? [gte(detections.frame, from)] : []),
        ...(to !== null ? [lte(detections.frame, to)] : []),
      ),
    )
    .orderBy(asc(detections.frame));

/** The boxes of every track but `trackId` with from ≤ frame ≤ to, by frame (what a follow must not run into). */
export const listOtherTracksFrames = (
  tx: Tx | Db,
  videoId: number,
  trackId: number,
  from: number,
  to: number,
): Promise<Array<Pick<DetectionRow, 'trackId' | 'frame' | 'x1' | 'y1' | 'x2' | 'y2' | 'source'>>> =>
  tx
    .select({
      trackId: detections.trackId,
      frame: detections.frame,
      x1: detections.x1,
      y1: detections.y1,
      x2: detections.x2,
      y2: detections.y2,
      source: detections.source,
    })
    .from(detections)
    .where(
      and(
        eq(detections.videoId, videoId),
        ne(detections.trackId, trackId),
        gte(detections.frame, from),
        lte(detections.frame, to),
      ),
    )
    .orderBy(asc(detections.frame));

/** The keyframes of a track (human and outside boxes), by frame. */
export const listKeyframes = (tx: Tx, videoId: number, trackId: number): Promise<DetectionRow[]> =>
  tx
    .select()
    .from(detections)
    .where(and(ofTrack(videoId, trackId), inArray(detections.source, ['human', 'outside'])))
    .orderBy(asc(detections.frame));

export const listSegmentsOfTracks = (tx: Tx, videoId: number, trackIds: number[]): Promise<SegmentRow[]> =>
  tx
    .select()
    .from(actionSegments)
    .where(and(eq(actionSegments.videoId, videoId), inArray(actionSegments.trackId, trackIds)))
    .orderBy(asc(actionSegments.id));

/** Removes the boxes of `trackId` at `frames`; answers the removed rows. */
export async function deleteTrackFrames(
  tx: Tx,
  videoId: number,
  trackId: number,
  frames: number[],
): Promise<DetectionRow[]> {
  const out: DetectionRow[] = [];
  for (let i = 0; i < frames.length; i += 5000) {
    out.push(
      ...(await tx
        .delete(detections)
        .where(and(ofTrack(videoId, trackId), inArray(detections.frame, frames.slice(i, i + 5000))))
        .returning()),
    );
  }
  return out;
}

/** Removes the boxes of `trackId` with from ≤ frame ≤ to; answers the removed rows. */
export const deleteTrackRange = (
  tx: Tx,
  videoId: number,
  trackId: number,
  from: number,
  to: number,
): Promise<DetectionRow[]> =>
  tx
    .delete(detections)
    .where(and(ofTrack(videoId, trackId), gte(detections.frame, from), lte(detections.frame, to)))
    .returning();

/** Removes the `interpolated` boxes of `trackId` strictly between two frames; answers the removed rows. */
export const deleteInterpolatedBetween = (
  tx: Tx,
  videoId: number,
  trackId: number,
  after: number,
  before: number,
): Promise<DetectionRow[]> =>
  tx
    .delete(detections)
    .where(
      and(
        ofTrack(videoId, trackId),
        gt(detections.frame, after),
        lt(detections.frame, before),
        eq(detections.source, 'interpolated'),
      ),
    )
    .returning();

/** Stores boxes (each with its version) and the kept AI boxes of those that have one. */
export async function storeRows(
  tx: Tx,
  videoId: number,
  rows: Array<NewDetection & { aiBox?: number[] | null }>,
): Promise<void> {
  if (!rows.length) return;
  await insertDetections(tx, videoId, rows);
  for (const r of rows) {
    if (r.aiBox)
      await tx
        .update(detections)
        .set({ aiBox: r.aiBox })
        .where(and(ofTrack(videoId, r.trackId), eq(detections.frame, r.frame)));
  }
}

/** Applies a segment plan: changed segments take their new track and times (new version), cut-off pieces are added. */
export async function applySegmentPlan(tx: Tx, videoId: number, plan: SegmentPlan, by: string): Promise<void> {
  const now = new Date();
  for (const c of plan.changed) {
    await tx
      .update(actionSegments)
      .set({
        trackId: c.trackId,
        startTime: c.start,
        endTime: c.end,
        version: sql`${actionSegments.version} + 1`,
        updatedById: by,
        updatedAt: now,
      })
      .where(and(eq(actionSegments.id, c.id), eq(actionSegments.videoId, videoId)));
  }
  for (const c of plan.created) {
    const [from] = await tx.select().from(actionSegments).where(eq(actionSegments.id, c.from));
    await tx.insert(actionSegments).values({
      videoId,
      trackId: c.trackId,
      actionClass: from.actionClass,
      startTime: c.start,
      endTime: c.end,
      confidence: from.confidence,
      humanVerified: from.humanVerified,
      createdById: by,
      createdAt: now,
      updatedById: by,
      updatedAt: now,
    });
  }
}

/**
 * The nearest frame of a track after (or before) `from` whose box has one of `sources` (one index range
 * scan of the track, stopping at the first match), or null.
 */
export async function neighbourFrame(
  db: Db | Tx,
  videoId: number,
  trackId: number,
  from: number,
  direction: 'prev' | 'next',
  sources: readonly string[],
): Promise<number | null> {
  const rows = await db
    .select({ frame: detections.frame })
    .from(detections)
    .where(
      and(
        ofTrack(videoId, trackId),
        direction === 'next' ? gt(detections.frame, from) : lt(detections.frame, from),
        inArray(detections.source, [...sources]),
      ),
    )
    .orderBy(direction === 'next' ? asc(detections.frame) : desc(detections.frame))
    .limit(1);
  return rows[0]?.frame ?? null;
}
