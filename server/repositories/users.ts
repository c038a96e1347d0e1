// SQL over the users table (ids and the roles the server decides by) and its audit trail. Every write
// takes a lock on the super users first, so two concurrent changes cannot both remove "the other" super.
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/connect';
import { userAudit, users } from '../db/schema';
import type { Role } from '../../domain/constants';

export type UserRow = typeof users.$inferSelect;
export type UserAuditRow = typeof userAudit.$inferSelect;

export async function findUser(db: Db | Tx, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export const listUsers = (db: Db): Promise<UserRow[]> => db.select().from(users).orderBy(asc(users.id));

export async function countUsers(db: Db): Promise<number> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return n;
}

export async function insertUsersIfAbsent(db: Db, rows: Array<{ id: string; role: Role }>): Promise<void> {
  await db
    .insert(users)
    .values(rows.map((r) => ({ ...r, name: null })))
    .onConflictDoNothing();
}

/** The ids of the super users, locked until the transaction ends. */
async function lockedSupers(tx: Tx): Promise<string[]> {
  const rows = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'super')).for('update');
  return rows.map((r) => r.id);
}

export type UserWrite =
  | { kind: 'upsert'; id: string; name: string | null; role: Role }
  | { kind: 'update'; id: string; name: string | null; role: Role }
  | { kind: 'delete'; id: string };

/**
 * Runs one account change in a transaction: `check` sees the row as it is and the locked super ids and
 * may throw to refuse; then the write and its audit row are stored together. Returns the row after the
 * change (the deleted row for a delete), or null when an update or delete found no such user.
 */
export async function writeUser(
  db: Db,
  write: UserWrite,
  by: string,
  check: (before: UserRow | null, superIds: string[]) => void,
): Promise<UserRow | null> {
  return db.transaction(async (tx) => {
    const superIds = await lockedSupers(tx);
    const [before] = await tx.select().from(users).where(eq(users.id, write.id)).for('update');
    if (!before && write.kind !== 'upsert') return null;
    check(before ?? null, superIds);
    let after: UserRow;
    if (write.kind === 'delete') {
      [after] = await tx.delete(users).where(eq(users.id, write.id)).returning();
    } else if (write.kind === 'update' || before) {
      [after] = await tx
        .update(users)
        .set({ name: write.name, role: write.role, updatedAt: new Date() })
        .where(eq(users.id, write.id))
        .returning();
    } else {
      [after] = await tx.insert(users).values({ id: write.id, name: write.name, role: write.role }).returning();
    }
    const deleted = write.kind === 'delete';
    if (!before || deleted || before.name !== after.name || before.role !== after.role) {
      await tx.insert(userAudit).values({
        userId: write.id,
        action: deleted ? 'delete' : before ? 'update' : 'create',
        changedById: by,
        oldName: before?.name ?? null,
        oldRole: before?.role ?? null,
        newName: deleted ? null : after.name,
        newRole: deleted ? null : after.role,
      });
    }
    return after;
  });
}

/** The audit trail of one user id, newest first. */
export const userHistory = (db: Db, id: string, limit = 50): Promise<UserAuditRow[]> =>
  db
    .select()
    .from(userAudit)
    .where(eq(userAudit.userId, id))
    .orderBy(desc(userAudit.changedAt), desc(userAudit.id))
    .limit(limit);
