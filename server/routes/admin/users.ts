// /api/v1/admin/users: list and audit trail for admin and super; writes for super only.
import { z } from 'zod';
import { caller } from '../../http/identity';
import { json } from '../../http/contract';
import type { RoutePlugin } from '../../http/types';
import { listUsers, type UserAuditRow, type UserRow } from '../../repositories/users';
import { accountHistory, addUser, changeUser, removeUser } from '../../services/users';
import type { Role } from '../../../domain/constants';
import {
  addUserBody,
  changeUserBody,
  deletedUser,
  userAuditEntry,
  userIdParams as idParams,
  userRecord,
  type UserAuditEntry,
  type UserRecord,
} from '../../../domain/contract/users';

export const userDto = (u: UserRow): UserRecord => ({
  id: u.id,
  name: u.name,
  role: u.role as Role,
  created_at: u.createdAt.toISOString(),
  updated_at: u.updatedAt.toISOString(),
  disabled: u.disabled,
  has_password: u.passwordHash !== null,
  must_change_password: u.mustChangePassword,
  last_sign_in_at: u.lastSignInAt?.toISOString() ?? null,
});
const auditDto = (a: UserAuditRow): UserAuditEntry => ({
  id: a.id,
  user_id: a.userId,
  action: a.action,
  changed_by_id: a.changedById,
  changed_at: a.changedAt.toISOString(),
  old_name: a.oldName,
  new_name: a.newName,
  old_role: a.oldRole as Role | null,
  new_role: a.newRole as Role | null,
  detail: a.detail,
});

export const adminUserRoutes: RoutePlugin = (app, { database: { db } }) => {
  app.get('/admin/users', { config: { role: 'admin' }, schema: { response: json(z.array(userRecord)) } }, async () =>
    (await listUsers(db)).map(userDto),
  );

  // Adding an id that exists replaces that row.
  app.post(
    '/admin/users',
    { config: { role: 'super' }, schema: { body: addUserBody, response: json(userRecord) } },
    async (req) => userDto(await addUser(db, caller(req), req.body)),
  );

  app.put(
    '/admin/users/:id',
    { config: { role: 'super' }, schema: { params: idParams, body: changeUserBody, response: json(userRecord) } },
    async (req) => userDto(await changeUser(db, caller(req), req.params.id, req.body)),
  );

  app.delete(
    '/admin/users/:id',
    { config: { role: 'super' }, schema: { params: idParams, response: json(deletedUser) } },
    async (req) => {
      await removeUser(db, caller(req), req.params.id);
      return { deleted: req.params.id };
    },
  );

  app.get(
    '/admin/users/:id/history',
    { config: { role: 'admin' }, schema: { params: idParams, response: json(z.array(userAuditEntry)) } },
    async (req) => (await accountHistory(db, req.params.id)).map(auditDto),
  );
};
