// SQL of the per-track versions (annotation_tracks): read, lock and bump. A track without a row is at
// version 1 and AI-made. Every function runs inside the caller's transaction.
import { and, eq, inArray, max, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/connect';
import { actionSegments, annotationTracks, detectionRows } from '../db/schema';

export type TrackVersionRow = typeof annotationTracks.$inferSelect;

const ofTracks = (videoId: number, trackIds: number[]) =>
  and(eq(annotationTracks.videoId, videoId), inArray(annotationTracks.trackId, trackIds));

/**
 * The rows of `trackIds`, created at version 1 where missing and locked until the transaction ends, so
 * the version a range edit checked is the one its write replaces.
 */
export async function lockTrackVersions(
  tx: Tx,
  videoId: number,
  trackIds: number[],
): Promise<Map<number, TrackVersionRow>> {
  if (!trackIds.length) return new Map();
  await tx
    .insert(annotationTracks)
    .values(trackIds.map((trackId) => ({ videoId, trackId })))
    .onConflictDoNothing();
  const rows = await tx
    .select()
    .from(annotationTracks)
    .where(ofTracks(videoId, trackIds))
    .orderBy(annotationTracks.trackId)
    .for('update');
  return new Map(rows.map((r) => [r.trackId, r]));
}

/** Raises the version of each of `trackIds` by one (a missing row starts at 1, so it becomes 2); answers the new versions. */
export async function bumpTrackVersions(
  tx: Db | Tx,
  videoId: number,
  trackIds: number[],
  by: string | null,
  humanMade?: boolean,
): Promise<Record<number, number>> {
  const ids = [...new Set(trackIds)].sort((a, b) => a - b);
  if (!ids.length) return {};
  const now = new Date();
  const rows = await tx
    .insert(annotationTracks)
    .values(
      ids.map((trackId) => ({
        videoId,
        trackId,
        version: 2,
        humanMade: humanMade ?? false,
        updatedById: by,
        updatedAt: now,
      })),
    )
    .onConflictDoUpdate({
      target: [annotationTracks.videoId, annotationTracks.trackId],
      set: {
        version: sql`${annotationTracks.version} + 1`,
        updatedById: by,
        updatedAt: now,
        ...(humanMade !== undefined ? { humanMade } : {}),
      },
    })
    .returning({ trackId: annotationTracks.trackId, version: annotationTracks.version });
  return Object.fromEntries(rows.map((r) => [r.trackId, r.version]));
}

/** Version and human_made of every track row of a video. */
export async function listTrackVersions(db: Db | Tx, videoId: number): Promise<Map<number, TrackVersionRow>> {
  const rows = await db.select().from(annotationTracks).where(eq(annotationTracks.videoId, videoId));
  return new Map(rows.map((r) => [r.trackId, r]));
}

/**
 * A new track id: above every id the video's boxes (hidden ones too: an import writing its tracks), segments
 * and track rows ever used (a deleted id is not reused).
 */
export async function nextFreeTrackId(tx: Db | Tx, videoId: number): Promise<number> {
  const [d] = await tx
    .select({ top: max(detectionRows.trackId) })
    .from(detectionRows)
    .where(eq(detectionRows.videoId, videoId));
  const [s] = await tx
    .select({ top: max(actionSegments.trackId) })
    .from(actionSegments)
    .where(eq(actionSegments.videoId, videoId));
  const [t] = await tx
    .select({ top: max(annotationTracks.trackId) })
    .from(annotationTracks)
    .where(eq(annotationTracks.videoId, videoId));
  return Math.max(d?.top ?? 0, s?.top ?? 0, t?.top ?? 0) + 1;
}

/**
 * After a processing result replaced the AI tracks (their ids are handed out anew): every track of the
 * video rises above the highest version the video had, so no edit based on an old track lands on a new
 * one; a track that now holds AI boxes counts as AI-made.
 */
export async function raiseAllTrackVersions(tx: Tx, videoId: number): Promise<void> {
  const [top] = await tx
    .select({ v: max(annotationTracks.version) })
    .from(annotationTracks)
    .where(eq(annotationTracks.videoId, videoId));
  const next = (top?.v ?? 1) + 1;
  await tx.execute(sql`
    insert into annotation_tracks (video_id, track_id, version, human_made, updated_at)
    select ${videoId}::int, track_id, ${next}::int, false, now() from (
      select track_id from detections where video_id = ${videoId} union select track_id from action_segments where video_id = ${videoId}
    ) t
    on conflict (video_id, track_id) do update set version = ${next}::int, updated_at = now(),
      human_made = annotation_tracks.human_made and not exists (
        select 1 from detections d where d.video_id = ${videoId} and d.track_id = excluded.track_id and d.source = 'ai')`);
  await tx
    .update(annotationTracks)
    .set({ version: next })
    .where(and(eq(annotationTracks.videoId, videoId), sql`${annotationTracks.version} < ${next}`));
}

/**
 * Claims a new track id at version 1 (human-made when a person drew it): from `from` upwards, the first id
 * no other writer claimed in the meantime.
 */
export async function claimTrackId(
  tx: Tx,
  videoId: number,
  from: number,
  humanMade: boolean,
  by: string,
): Promise<TrackVersionRow> {
  for (let id = from; ; id++) {
    const [row] = await tx
      .insert(annotationTracks)
      .values({ videoId, trackId: id, version: 1, humanMade, updatedById: by, updatedAt: new Date() })
      .onConflictDoNothing()
      .returning();
    if (row) return row;
  }
}
