// SQL over the sources table (the configured library roots).
import { and, asc, eq, isNull, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { sources, videos } from '../db/schema';

export type SourceRow = typeof sources.$inferSelect;

export const listSources = (db: Db): Promise<SourceRow[]> => db.select().from(sources).orderBy(asc(sources.root));

export async function findSource(db: Db, root: string): Promise<SourceRow | null> {
  const [row] = await db.select().from(sources).where(eq(sources.root, root)).limit(1);
  return row ?? null;
}

/** Adds a root (already normalised) unless it is configured. */
export async function insertSourceIfAbsent(db: Db, root: string, label: string): Promise<void> {
  await db.insert(sources).values({ root, label, enabled: true }).onConflictDoNothing();
}

export async function countSources(db: Db): Promise<number> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(sources);
  return n;
}

export type SourceValues = Pick<typeof sources.$inferInsert, 'root' | 'label' | 'role' | 'enabled'>;

export async function insertSource(db: Db, values: SourceValues): Promise<SourceRow> {
  const [row] = await db.insert(sources).values(values).returning();
  return row;
}

/** Changes a source; a new root carries its videos along (the collection moved: same relative
 * paths under the new root). */
export async function updateSource(db: Db, originalRoot: string, values: SourceValues): Promise<SourceRow | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx.update(sources).set(values).where(eq(sources.root, originalRoot)).returning();
    if (row && values.root !== originalRoot)
      await tx
        .update(videos)
        .set({ sourceRoot: values.root, path: sql`${values.root} || '/' || ${videos.relPath}` })
        .where(eq(videos.sourceRoot, originalRoot));
    return row ?? null;
  });
}

/** Deletes a source and its videos' rows (annotations, history and logs go with them by cascade). */
export async function deleteSourceAndVideos(db: Db, root: string): Promise<number> {
  return db.transaction(async (tx) => {
    const gone = await tx.delete(videos).where(eq(videos.sourceRoot, root)).returning({ id: videos.id });
    await tx.delete(sources).where(eq(sources.root, root));
    return gone.length;
  });
}

/** Video counts per source root and status. */
export const countVideosBySourceAndStatus = (db: Db) =>
  db
    .select({ root: videos.sourceRoot, status: videos.processingStatus, n: sql<number>`count(*)::int` })
    .from(videos)
    .groupBy(videos.sourceRoot, videos.processingStatus);

/** Enabled sources whose role the viewer may see (roles in `hiddenRoles` are left out). */
export async function countActiveSources(db: Db, hiddenRoles: string[]): Promise<number> {
  const visible = hiddenRoles.length ? or(isNull(sources.role), notInArray(sources.role, hiddenRoles)) : undefined;
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(sources)
    .where(and(eq(sources.enabled, true), visible));
  return n;
}
