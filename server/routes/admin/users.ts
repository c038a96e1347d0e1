// /api/v1/admin/users: list and audit trail for admin and super; writes for super only.
import { z } from 'zod';
import { caller } from '../../http/identity';
import { userIdSchema as userId } from '../../http/params';
import type { RoutePlugin } from '../../http/types';
import { listUsers, type UserAuditRow, type UserRow } from '../../repositories/users';
import { accountHistory, addUser, changeUser, removeUser } from '../../services/users';
import { ROLES } from '../../../domain/constants';

export const userDto = (u: UserRow) => ({
  id: u.id, name: u.name, role: u.role, created_at: u.createdAt.toISOString(), updated_at: u.updatedAt.toISOString(),
  disabled: u.disabled, has_password: u.passwordHash !== null, must_change_password: u.mustChangePassword,
  last_sign_in_at: u.lastSignInAt?.toISOString() ?? null,
});
const auditDto = (a: UserAuditRow) => ({
  id: a.id, user_id: a.userId, action: a.action, changed_by_id: a.changedById, changed_at: a.changedAt.toISOString(),
  old_name: a.oldName, new_name: a.newName, old_role: a.oldRole, new_role: a.newRole, detail: a.detail,
});
const name = z.string().trim().max(200).nullish().transform((n) => n || null);
const idParams = z.object({ id: userId });

export const adminUserRoutes: RoutePlugin = (app, { database: { db } }) => {
  app.get('/admin/users', { config: { role: 'admin' } }, async () => (await listUsers(db)).map(userDto));

  // Adding an id that exists replaces that row.
  app.post('/admin/users', { config: { role: 'super' }, schema: { body: z.object({ id: userId, name, role: z.enum(ROLES).default('annotator') }) } },
    async (req) => userDto(await addUser(db, caller(req), req.body)));

  app.put('/admin/users/:id', { config: { role: 'super' }, schema: { params: idParams, body: z.object({ name, role: z.enum(ROLES) }) } },
    async (req) => userDto(await changeUser(db, caller(req), req.params.id, req.body)));

  app.delete('/admin/users/:id', { config: { role: 'super' }, schema: { params: idParams } }, async (req) => {
    await removeUser(db, caller(req), req.params.id);
    return { deleted: req.params.id };
  });

  app.get('/admin/users/:id/history', { config: { role: 'admin' }, schema: { params: idParams } },
    async (req) => (await accountHistory(db, req.params.id)).map(auditDto));
};
