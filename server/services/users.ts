// Users: the table the server reads roles from. VAT_BOOTSTRAP_SUPER seeds super users on an empty table;
// a super user manages the rest. Rules: there is always at least one super user (the last one can be
// neither demoted nor deleted), nobody deletes themself (a super may hand over and step down while
// another super remains), and every change is audited.
import type { Db } from '../db/connect';
import { Conflict, Invalid, NotFound } from '../domain-errors';
import {
  countUsers,
  insertUsersIfAbsent,
  listUsers,
  userHistory,
  writeUser,
  type UserAuditRow,
  type UserRow,
} from '../repositories/users';
import type { Role } from '../../domain/constants';
import type { Identity } from '../../domain/types';

export const LAST_SUPER_DEMOTE = 'Cannot remove the super role from the last super user';
export const LAST_SUPER_DELETE = 'Cannot delete the last super user';

export async function bootstrapUsers(db: Db, superIds: string[]): Promise<void> {
  if (!superIds.length) return;
  if ((await countUsers(db)) > 0) return;
  await insertUsersIfAbsent(
    db,
    superIds.map((id) => ({ id, role: 'super' })),
  );
}

/** Refuses a change that would leave no super user. */
function keepsASuper(before: UserRow | null, superIds: string[], newRole: Role | null, message: string): void {
  if (before?.role === 'super' && newRole !== 'super' && superIds.length <= 1) throw new Conflict(message);
}

/** Adds a user; adding an id that exists replaces that row (the same rules as an edit apply). */
export async function addUser(
  db: Db,
  who: Identity,
  u: { id: string; name: string | null; role: Role },
): Promise<UserRow> {
  const row = await writeUser(db, { kind: 'upsert', ...u }, who.id, (before, supers) => {
    keepsASuper(before, supers, u.role, LAST_SUPER_DEMOTE);
  });
  return row!;
}

export async function changeUser(
  db: Db,
  who: Identity,
  id: string,
  change: { name: string | null; role: Role },
): Promise<UserRow> {
  const row = await writeUser(db, { kind: 'update', id, ...change }, who.id, (before, supers) => {
    keepsASuper(before, supers, change.role, LAST_SUPER_DEMOTE);
  });
  if (!row) throw new NotFound(`User ${id} not found`);
  return row;
}

export async function removeUser(db: Db, who: Identity, id: string): Promise<void> {
  if (id === who.id) throw new Invalid('Cannot delete yourself');
  const row = await writeUser(db, { kind: 'delete', id }, who.id, (before, supers) =>
    keepsASuper(before, supers, null, LAST_SUPER_DELETE),
  );
  if (!row) throw new NotFound(`User ${id} not found`);
}

/** The audit trail of one user id (kept after the account is deleted), newest first. */
export const accountHistory = (db: Db, id: string): Promise<UserAuditRow[]> => userHistory(db, id);

/** Every account, for the user administration list. */
export const listAccounts = (db: Db): Promise<UserRow[]> => listUsers(db);
