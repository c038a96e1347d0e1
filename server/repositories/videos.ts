// SQL over the videos table.
import { and, asc, count, eq, isNotNull, lt, ne, sql } from 'drizzle-orm';
import type { Db, SqlRunner, Tx } from '../db/connect';
import { videos } from '../db/schema';

export type VideoRow = typeof videos.$inferSelect;

/** Leaves out videos of sources limited to one of these roles (no condition when there are none). */
const visibleSources = (hidden: string[]) =>
  hidden.length ? sql`${videos.sourceRoot} not in (select root from sources where role in ${hidden})` : undefined;

/** The video row unless it is missing or deleted (a deleted video is gone for every reader and writer). */
export async function findLiveVideo(db: Db | Tx, id: number): Promise<VideoRow | null> {
  const [row] = await db
    .select()
    .from(videos)
    .where(and(eq(videos.id, id), ne(videos.processingStatus, 'deleted')))
    .limit(1);
  return row ?? null;
}

/** The video row whatever its status (deleted too), or null. */
export async function findVideoAnyStatus(db: Db | Tx, id: number): Promise<VideoRow | null> {
  const [row] = await db.select().from(videos).where(eq(videos.id, id)).limit(1);
  return row ?? null;
}

/** Everyone with assigned (live) videos and how many, ordered by id. */
export async function listAssignees(
  db: Db,
  hiddenSourceRoles: string[] = [],
): Promise<Array<{ id: string; name: string | null; count: number }>> {
  const rows = await db
    .select({
      id: videos.assignedToId,
      name: sql<string | null>`max(${videos.assignedToName})`,
      count: count(),
    })
    .from(videos)
    .where(
      and(isNotNull(videos.assignedToId), ne(videos.processingStatus, 'deleted'), visibleSources(hiddenSourceRoles)),
    )
    .groupBy(videos.assignedToId)
    .orderBy(asc(videos.assignedToId));
  return rows.map((r) => ({ id: r.id as string, name: r.name, count: Number(r.count) }));
}

/** Labelled videos (of one source root, or all; sources limited to a hidden role left out), id ascending. */
export const listLabelled = (db: Db, sourceRoot: string | null, hiddenSourceRoles: string[]): Promise<VideoRow[]> =>
  db
    .select()
    .from(videos)
    .where(
      and(
        eq(videos.processingStatus, 'labelled'),
        sourceRoot ? eq(videos.sourceRoot, sourceRoot) : undefined,
        visibleSources(hiddenSourceRoles),
      ),
    )
    .orderBy(asc(videos.id));

/** Ids of pending videos (of one source root, or all; sources limited to a hidden role left out), id ascending. */
export async function listPendingIds(
  db: Db,
  sourceRoot: string | null,
  hiddenSourceRoles: string[],
): Promise<number[]> {
  const where = and(
    eq(videos.processingStatus, 'pending'),
    sourceRoot ? eq(videos.sourceRoot, sourceRoot) : undefined,
    visibleSources(hiddenSourceRoles),
  );
  return (await db.select({ id: videos.id }).from(videos).where(where).orderBy(asc(videos.id))).map((r) => r.id);
}

/** A video's status and previous status as stored now. */
export async function readStatus(db: Db, id: number): Promise<{ status: string; previous: string | null } | null> {
  const [row] = await db
    .select({ status: videos.processingStatus, previous: videos.previousStatus })
    .from(videos)
    .where(eq(videos.id, id));
  return row ?? null;
}

/** Videos in 'processing' (all, or only those whose status has not changed since `staleBefore`). */
export const listProcessing = (db: Db, staleBefore: Date | null) =>
  db
    .select({ id: videos.id, previous: videos.previousStatus })
    .from(videos)
    .where(
      staleBefore
        ? and(eq(videos.processingStatus, 'processing'), lt(videos.statusUpdatedAt, staleBefore))
        : eq(videos.processingStatus, 'processing'),
    );

/** Per status (deleted excluded): how many videos, and their average duration, width and height. */
export async function statusStats(
  sqlRunner: SqlRunner,
  hiddenSourceRoles: string[] = [],
): Promise<Array<{ status: string; n: number; dur: number; w: number; h: number }>> {
  const { rows } = await sqlRunner.query<{
    status: string;
    n: string | number;
    dur: number | null;
    w: number | null;
    h: number | null;
  }>(
    `select processing_status as status, count(*) as n, avg(duration) as dur, avg(width) as w, avg(height) as h
       from videos where processing_status <> 'deleted'
         and source_root not in (select root from sources where role = any($1::text[])) group by processing_status`,
    [hiddenSourceRoles],
  );
  return rows.map((r) => ({
    status: r.status,
    n: Number(r.n),
    dur: Number(r.dur) || 0,
    w: Number(r.w) || 0,
    h: Number(r.h) || 0,
  }));
}

/** Throws when the database does not answer a trivial query. */
export async function pingDatabase(sqlRunner: SqlRunner): Promise<void> {
  await sqlRunner.query('select 1');
}
