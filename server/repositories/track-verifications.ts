// SQL of the per-track "verified" marks (track_verifications): set, clear, list, and the stamp an edit of a
// verified track leaves ("edited since verified"). Every function runs in the caller's transaction or pool.
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../db/connect';
import { trackVerifications } from '../db/schema';

export type TrackVerificationRow = typeof trackVerifications.$inferSelect;

/** Marks a track verified by `by` now; a new mark replaces the old one and clears its edited stamp. */
export async function upsertVerification(
  tx: Db | Tx,
  videoId: number,
  trackId: number,
  by: { id: string; name: string | null },
): Promise<TrackVerificationRow> {
  const values = {
    verifiedById: by.id,
    verifiedByName: by.name,
    verifiedAt: new Date(),
    editedAt: null,
    editedById: null,
  };
  const [row] = await tx
    .insert(trackVerifications)
    .values({ videoId, trackId, ...values })
    .onConflictDoUpdate({ target: [trackVerifications.videoId, trackVerifications.trackId], set: values })
    .returning();
  return row;
}

export async function deleteVerification(
  tx: Db | Tx,
  videoId: number,
  trackId: number,
): Promise<TrackVerificationRow | null> {
  const [row] = await tx
    .delete(trackVerifications)
    .where(and(eq(trackVerifications.videoId, videoId), eq(trackVerifications.trackId, trackId)))
    .returning();
  return row ?? null;
}

export const listVerifications = (db: Db | Tx, videoId: number): Promise<TrackVerificationRow[]> =>
  db.select().from(trackVerifications).where(eq(trackVerifications.videoId, videoId));

/** An edit of verified tracks keeps their marks and records who edited them when (the first edit since wins). */
export async function stampTracksEdited(tx: Db | Tx, videoId: number, trackIds: number[], by: string): Promise<void> {
  if (!trackIds.length) return;
  await tx
    .update(trackVerifications)
    .set({ editedAt: new Date(), editedById: by })
    .where(and(eq(trackVerifications.videoId, videoId), inArray(trackVerifications.trackId, trackIds)));
}
