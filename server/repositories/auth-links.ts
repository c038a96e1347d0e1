// SQL over auth_links: one-time setup and reset links, found by the SHA-256 of their token.
import { and, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../db/connect';
import { authLinks } from '../db/schema';

export type LinkRow = typeof authLinks.$inferSelect;
export type LinkKind = 'setup' | 'reset';

export async function insertLink(db: Db, row: Omit<LinkRow, 'usedAt'>): Promise<void> {
  await db.insert(authLinks).values(row);
}

/** Removes the unused links of a kind (for a user): a new link replaces the ones before it. */
export async function deleteUnusedLinks(db: Db, kind: LinkKind, userId: string | null): Promise<void> {
  await db
    .delete(authLinks)
    .where(
      and(
        eq(authLinks.kind, kind),
        isNull(authLinks.usedAt),
        userId === null ? isNull(authLinks.userId) : eq(authLinks.userId, userId),
      ),
    );
}

/** The link, read without a lock: the check made before any costly work. */
export async function findLink(db: Db, tokenHash: string): Promise<LinkRow | null> {
  const [row] = await db.select().from(authLinks).where(eq(authLinks.tokenHash, tokenHash)).limit(1);
  return row ?? null;
}

/** The link, locked until the transaction ends, so two uses of one link cannot both succeed. */
export async function lockLink(tx: Tx, tokenHash: string): Promise<LinkRow | null> {
  const [row] = await tx.select().from(authLinks).where(eq(authLinks.tokenHash, tokenHash)).for('update');
  return row ?? null;
}

export async function markLinkUsed(tx: Tx, tokenHash: string, at: Date): Promise<void> {
  await tx.update(authLinks).set({ usedAt: at }).where(eq(authLinks.tokenHash, tokenHash));
}
