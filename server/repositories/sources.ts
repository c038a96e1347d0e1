// SQL over the sources table (the configured library roots).
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { sources } from '../db/schema';

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
