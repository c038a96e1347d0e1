// SQL over the users table (ids and the roles the server decides by).
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { users } from '../db/schema';
import type { Role } from '../../domain/constants';

export type UserRow = typeof users.$inferSelect;

export async function findUser(db: Db, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export const listUsers = (db: Db): Promise<UserRow[]> => db.select().from(users).orderBy(asc(users.id));

/** Adds the user, or replaces the row of an id that exists. */
export async function upsertUser(db: Db, u: { id: string; name: string | null; role: Role }): Promise<UserRow> {
  const [row] = await db.insert(users).values(u)
    .onConflictDoUpdate({ target: users.id, set: { name: u.name, role: u.role, updatedAt: new Date() } }).returning();
  return row;
}

export async function updateUser(db: Db, id: string, change: { name: string | null; role: Role }): Promise<UserRow | null> {
  const [row] = await db.update(users).set({ ...change, updatedAt: new Date() }).where(eq(users.id, id)).returning();
  return row ?? null;
}

export async function deleteUser(db: Db, id: string): Promise<boolean> {
  return (await db.delete(users).where(eq(users.id, id)).returning({ id: users.id })).length > 0;
}

export async function countUsers(db: Db): Promise<number> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return n;
}

export async function insertUsersIfAbsent(db: Db, rows: Array<{ id: string; role: Role }>): Promise<void> {
  await db.insert(users).values(rows.map((r) => ({ ...r, name: null }))).onConflictDoNothing();
}
