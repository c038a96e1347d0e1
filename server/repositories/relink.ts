// The rows a reprocess keeps (human-verified segments, human-edited detections: keyframes, outside keyframes and
// the boxes filled from them) and the boxes of their
// tracks, and the moves that re-link them to a new track. The matching rules are in
// server/jobs/kinds/processing/relink.ts.
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Tx } from '../db/connect';
import { actionSegments, detections } from '../db/schema';

export interface KeptSegmentRow {
  id: number;
  trackId: number;
  actionClass: string;
  startTime: number;
  endTime: number;
}

export const selectVerifiedSegments = (tx: Tx, videoId: number): Promise<KeptSegmentRow[]> =>
  tx
    .select({
      id: actionSegments.id,
      trackId: actionSegments.trackId,
      actionClass: actionSegments.actionClass,
      startTime: actionSegments.startTime,
      endTime: actionSegments.endTime,
    })
    .from(actionSegments)
    .where(and(eq(actionSegments.videoId, videoId), eq(actionSegments.humanVerified, true)))
    .orderBy(actionSegments.id);

export const selectHumanDetectionFrames = (tx: Tx, videoId: number) =>
  tx
    .select({ trackId: detections.trackId, frame: detections.frame })
    .from(detections)
    .where(and(eq(detections.videoId, videoId), ne(detections.source, 'ai')));

export const selectTrackBoxes = (tx: Tx, videoId: number, tracks: number[]) =>
  tracks.length
    ? tx
        .select({
          trackId: detections.trackId,
          frame: detections.frame,
          x1: detections.x1,
          y1: detections.y1,
          x2: detections.x2,
          y2: detections.y2,
        })
        .from(detections)
        .where(and(eq(detections.videoId, videoId), inArray(detections.trackId, tracks)))
    : Promise.resolve([]);

export const moveSegmentToTrack = (tx: Tx, segmentId: number, trackId: number) =>
  tx.update(actionSegments).set({ trackId }).where(eq(actionSegments.id, segmentId));

export const moveHumanDetections = (tx: Tx, videoId: number, fromTrack: number, toTrack: number) =>
  tx
    .update(detections)
    .set({ trackId: toTrack })
    .where(and(eq(detections.videoId, videoId), eq(detections.trackId, fromTrack), ne(detections.source, 'ai')));
