// SQL over the sign-in columns of users (password hash, must-change, disabled, last sign-in) and the
// sign-in events of the user audit trail.
import { and, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/connect';
import { userAudit, users } from '../db/schema';

export type UserRow = typeof users.$inferSelect;

export type SignInAuditAction =
  | 'sign-in'
  | 'sign-in-failed'
  | 'sign-in-throttled'
  | 'password-change'
  | 'password-set'
  | 'reset-link'
  | 'token-create'
  | 'token-revoke'
  | 'session-end'
  | 'disable'
  | 'enable';

export async function auditSignIn(
  db: Db | Tx,
  e: { userId: string; action: SignInAuditAction; by: string; detail?: string | null; at: Date },
): Promise<void> {
  await db
    .insert(userAudit)
    .values({ userId: e.userId, action: e.action, changedById: e.by, detail: e.detail ?? null, changedAt: e.at });
}

export async function setPasswordHash(
  db: Db | Tx,
  id: string,
  hash: string,
  mustChange: boolean,
  at: Date,
): Promise<UserRow | null> {
  const [row] = await db
    .update(users)
    .set({ passwordHash: hash, mustChangePassword: mustChange, updatedAt: at })
    .where(eq(users.id, id))
    .returning();
  return row ?? null;
}

export async function setDisabled(db: Db | Tx, id: string, disabled: boolean, at: Date): Promise<UserRow | null> {
  const [row] = await db.update(users).set({ disabled, updatedAt: at }).where(eq(users.id, id)).returning();
  return row ?? null;
}

export async function markSignedIn(db: Db, id: string, at: Date): Promise<void> {
  await db.update(users).set({ lastSignInAt: at }).where(eq(users.id, id));
}

/** Makes `id` a super user with this password (the first administrator), creating the row if needed. */
export async function upsertSuperWithPassword(
  tx: Tx,
  u: { id: string; name: string | null; hash: string },
  at: Date,
): Promise<UserRow> {
  const [row] = await tx
    .insert(users)
    .values({ id: u.id, name: u.name, role: 'super', passwordHash: u.hash, createdAt: at, updatedAt: at })
    .onConflictDoUpdate({
      target: users.id,
      set: {
        name: u.name,
        role: 'super',
        passwordHash: u.hash,
        mustChangePassword: false,
        disabled: false,
        updatedAt: at,
      },
    })
    .returning();
  return row;
}

/** The enabled super users other than `id`, locked until the transaction ends. */
export const otherActiveSupers = (tx: Tx, id: string) =>
  tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'super'), eq(users.disabled, false), ne(users.id, id)))
    .for('update');

/** Audit rows of these actions since `since` (every account), per action. */
export async function countAuditSince(db: Db, actions: SignInAuditAction[], since: Date) {
  const rows = await db
    .select({ action: userAudit.action, n: sql<number>`count(*)::int` })
    .from(userAudit)
    .where(and(inArray(userAudit.action, actions), gte(userAudit.changedAt, since)))
    .groupBy(userAudit.action);
  return (action: SignInAuditAction) => Number(rows.find((r) => r.action === action)?.n ?? 0);
}
