// SQL over auth_sessions: browser sessions, found by the SHA-256 of the cookie's id.
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/connect';
import { authSessions, users } from '../db/schema';

export type SessionRow = typeof authSessions.$inferSelect;
export type UserRow = typeof users.$inferSelect;

export async function insertSession(db: Db, row: SessionRow): Promise<void> {
  await db.insert(authSessions).values(row);
}

/** The session and its user, by the hash of the cookie's id. */
export async function findSessionWithUser(
  db: Db,
  idHash: string,
): Promise<{ session: SessionRow; user: UserRow } | null> {
  const [row] = await db
    .select({ session: authSessions, user: users })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(eq(authSessions.idHash, idHash))
    .limit(1);
  return row ?? null;
}

export async function touchSession(db: Db, idHash: string, at: Date): Promise<void> {
  await db.update(authSessions).set({ lastSeenAt: at }).where(eq(authSessions.idHash, idHash));
}

export async function deleteSessionByHash(db: Db | Tx, idHash: string): Promise<void> {
  await db.delete(authSessions).where(eq(authSessions.idHash, idHash));
}

/** Deletes a user's sessions, all of them or all but one; returns how many ended. */
export async function deleteUserSessions(db: Db | Tx, userId: string, exceptHash?: string): Promise<number> {
  const where = exceptHash
    ? and(eq(authSessions.userId, userId), sql`${authSessions.idHash} <> ${exceptHash}`)
    : eq(authSessions.userId, userId);
  return (await db.delete(authSessions).where(where).returning({ h: authSessions.handle })).length;
}

export async function deleteUserSessionByHandle(db: Db, userId: string, handle: string): Promise<boolean> {
  const rows = await db
    .delete(authSessions)
    .where(and(eq(authSessions.userId, userId), eq(authSessions.handle, handle)))
    .returning({ h: authSessions.handle });
  return rows.length > 0;
}

export const listUserSessions = (db: Db, userId: string): Promise<SessionRow[]> =>
  db.select().from(authSessions).where(eq(authSessions.userId, userId)).orderBy(asc(authSessions.createdAt));

/** Removes sessions past their absolute limit or idle since before `idleSince`. */
export async function deleteExpiredSessions(db: Db, now: Date, idleSince: Date): Promise<void> {
  await db
    .delete(authSessions)
    .where(sql`${authSessions.expiresAt} <= ${now} or ${authSessions.lastSeenAt} <= ${idleSince}`);
}

/** Users that can sign in by password: any such user means the first-start setup is done. */
export async function countUsersWithPassword(db: Db | Tx): Promise<number> {
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(isNotNull(users.passwordHash));
  return n;
}
