// SQL over api_tokens: personal tokens for scripts, found by the SHA-256 of the token.
import { and, desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/connect';
import { apiTokens, users } from '../db/schema';

export type TokenRow = typeof apiTokens.$inferSelect;

export async function insertToken(db: Db, row: Omit<TokenRow, 'id' | 'lastUsedAt'>): Promise<TokenRow> {
  const [r] = await db.insert(apiTokens).values(row).returning();
  return r;
}

export async function findTokenWithUser(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ token: apiTokens, user: users })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(eq(apiTokens.tokenHash, tokenHash))
    .limit(1);
  return row ?? null;
}

export async function markTokenUsed(db: Db, id: number, at: Date): Promise<void> {
  await db.update(apiTokens).set({ lastUsedAt: at }).where(eq(apiTokens.id, id));
}

export const listUserTokens = (db: Db, userId: string): Promise<TokenRow[]> =>
  db
    .select()
    .from(apiTokens)
    .where(eq(apiTokens.userId, userId))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));

/** Deletes every token of the user; returns their names. */
export async function deleteUserTokens(db: Db | Tx, userId: string): Promise<string[]> {
  const rows = await db.delete(apiTokens).where(eq(apiTokens.userId, userId)).returning({ name: apiTokens.name });
  return rows.map((r) => r.name);
}

/** Deletes one of the user's tokens; returns it, or null when the user has no such token. */
export async function deleteUserToken(db: Db, userId: string, id: number): Promise<TokenRow | null> {
  const [row] = await db
    .delete(apiTokens)
    .where(and(eq(apiTokens.userId, userId), eq(apiTokens.id, id)))
    .returning();
  return row ?? null;
}
