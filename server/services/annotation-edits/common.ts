// Shared checks of the annotation write calls: the video exists, a track exists, the transaction type.
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/connect';
import { actionSegments, detections } from '../../db/schema';
import { NotFound } from '../../domain-errors';
import { requireLiveVideo } from '../videos';

export type DbOrTx = Db | Tx;

export interface VideoFacts { id: number; duration: number; totalFrames: number; width: number; height: number }

export async function requireVideo(db: DbOrTx, videoId: number): Promise<VideoFacts> {
  const v = await requireLiveVideo(db, videoId);
  return { id: v.id, duration: v.duration, totalFrames: v.totalFrames, width: v.width, height: v.height };
}

/** A track exists when it has detections or an action segment refers to it. */
export async function trackExists(db: DbOrTx, videoId: number, trackId: number): Promise<boolean> {
  const [d] = await db.select({ one: sql<number>`1` }).from(detections)
    .where(and(eq(detections.videoId, videoId), eq(detections.trackId, trackId))).limit(1);
  if (d) return true;
  const [s] = await db.select({ one: sql<number>`1` }).from(actionSegments)
    .where(and(eq(actionSegments.videoId, videoId), eq(actionSegments.trackId, trackId))).limit(1);
  return Boolean(s);
}

export async function requireTrack(db: DbOrTx, videoId: number, trackId: number): Promise<void> {
  if (!(await trackExists(db, videoId, trackId))) throw new NotFound(`Track ${trackId} not found in video ${videoId}`);
}
