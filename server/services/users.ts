// Users: the table the server reads roles from. VAT_BOOTSTRAP_SUPER seeds super users on an empty table;
// a super user manages the rest but can neither demote nor delete themself.
import type { Db } from '../db/connect';
import { Conflict, Invalid, NotFound } from '../domain-errors';
import { countUsers, deleteUser, insertUsersIfAbsent, updateUser, type UserRow } from '../repositories/users';
import type { Role } from '../../domain/constants';
import type { Identity } from '../../domain/types';

export async function bootstrapUsers(db: Db, superIds: string[]): Promise<void> {
  if (!superIds.length) return;
  if ((await countUsers(db)) > 0) return;
  await insertUsersIfAbsent(db, superIds.map((id) => ({ id, role: 'super' })));
}

export async function changeUser(db: Db, who: Identity, id: string, change: { name: string | null; role: Role }): Promise<UserRow> {
  if (id === who.id && change.role !== 'super') throw new Conflict('You cannot remove your own super role');
  const row = await updateUser(db, id, change);
  if (!row) throw new NotFound(`User ${id} not found`);
  return row;
}

export async function removeUser(db: Db, who: Identity, id: string): Promise<void> {
  if (id === who.id) throw new Invalid('Cannot delete yourself');
  if (!(await deleteUser(db, id))) throw new NotFound(`User ${id} not found`);
}
