// SQL of import staging (migration 0023): an import writes a video's boxes into detection_rows under a
// staging row that hides them, then publishes them in one small transaction; what it replaced, or what an
// abandoned staging wrote, is garbage deleted afterwards in short batches.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/connect';
import { detectionStagings, videos } from '../db/schema';
import type { RowPlace } from './detection-copy';

export interface Staging extends RowPlace {
  stagingId: number;
  videoId: number;
  /** The generation the rows replace when published (null: they are added to the live one). */
  replacesGen: number | null;
}

/**
 * Opens the video's staging: its rows go to a fresh generation when they will replace every box of the
 * video, else to the live one. Null when another import is staging this video now.
 */
export async function openStaging(
  tx: Db | Tx,
  videoId: number,
  importJobId: number | null,
  replace: boolean,
): Promise<Staging | null> {
  const [video] = await tx.select({ gen: videos.detectionGen }).from(videos).where(eq(videos.id, videoId));
  if (!video) throw new Error(`video ${videoId} does not exist`);
  const gen = replace ? sql`nextval('detection_gen_seq')::int` : sql`${video.gen}::int`;
  const [row] = await tx
    .insert(detectionStagings)
    .values({ videoId, importJobId, gen, state: 'staging' })
    .onConflictDoNothing()
    .returning({ id: detectionStagings.id, gen: detectionStagings.gen });
  if (!row) return null;
  return { stagingId: row.id, videoId, gen: row.gen, replacesGen: replace ? video.gen : null };
}

/**
 * Makes the staged rows live: they show once their staging is published. A replacing staging's generation
 * becomes the video's (new rows go there) and the one it replaces is hidden at once, as its published
 * staging row names it, until the cleaner has deleted it. Runs in the transaction that re-checked the
 * video's annotation version with its row locked.
 */
export async function publishStaging(tx: Tx, s: Staging): Promise<void> {
  if (s.replacesGen !== null) {
    await tx.update(videos).set({ detectionGen: s.gen }).where(eq(videos.id, s.videoId));
    await tx
      .update(detectionStagings)
      .set({ state: 'published', replacesGen: s.replacesGen })
      .where(eq(detectionStagings.id, s.stagingId));
  } else {
    // nothing to clear afterwards: without its staging row the rows are plain live rows
    await tx.delete(detectionStagings).where(eq(detectionStagings.id, s.stagingId));
  }
}

/** Its rows stay hidden and are garbage from now on. */
export async function abandonStaging(db: Db | Tx, id: number): Promise<void> {
  await db
    .update(detectionStagings)
    .set({ state: 'abandoned' })
    .where(and(eq(detectionStagings.id, id), eq(detectionStagings.state, 'staging')));
}

/** Every staging still writing (after a stop: every one, in the one process of the embedded database). */
export async function abandonAllStagings(db: Db): Promise<number> {
  const rows = await db
    .update(detectionStagings)
    .set({ state: 'abandoned' })
    .where(eq(detectionStagings.state, 'staging'))
    .returning({ id: detectionStagings.id });
  return rows.length;
}

/** Where the cleaner is: the staging whose garbage it deletes, and the frame it has reached. */
export interface GarbageCursor {
  stagingId: number;
  frame: number;
}

/**
 * Deletes up to `limit` garbage rows of the oldest staging that left some (its abandoned rows, or the
 * generation it replaced), walking the video by frame from `at` (detections_video_frame_idx: each batch
 * reads about the rows it deletes), and the staging row once none is left. Where to go on, or null when
 * no garbage is left.
 */
export async function deleteGarbageBatch(
  tx: Tx,
  limit: number,
  at: GarbageCursor | null,
): Promise<GarbageCursor | null> {
  const [s] = await tx
    .select()
    .from(detectionStagings)
    .where(inArray(detectionStagings.state, ['abandoned', 'published']))
    .orderBy(asc(detectionStagings.id))
    .limit(1);
  if (!s) return null;
  const from = at?.stagingId === s.id ? at.frame : 0;
  const garbage = s.state === 'abandoned' ? sql`gen = ${s.gen} and staging_id = ${s.id}` : sql`gen = ${s.replacesGen}`;
  const res = await tx.execute(sql`with batch as (
      select ctid, frame from detection_rows
      where video_id = ${s.videoId} and frame >= ${from} and ${garbage} order by frame limit ${limit}),
    gone as (delete from detection_rows where ctid = any(array(select ctid from batch)) returning 1)
    select (select count(*)::int from gone) as n, (select max(frame) from batch) as last`);
  const { n, last } = (res as unknown as { rows: Array<{ n: number; last: number | null }> }).rows[0];
  if (n < limit) {
    await tx.delete(detectionStagings).where(eq(detectionStagings.id, s.id));
    return { stagingId: s.id, frame: 0 };
  }
  // (the rows of the last frame not deleted yet are read again by the next batch)
  return { stagingId: s.id, frame: last ?? from };
}
