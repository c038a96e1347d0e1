// /api/v1/admin/users: list for admin and super; writes for super only.
import { z } from 'zod';
import { caller } from '../../http/identity';
import { userIdSchema as userId } from '../../http/params';
import type { RoutePlugin } from '../../http/types';
import { listUsers, upsertUser, type UserRow } from '../../repositories/users';
import { changeUser, removeUser } from '../../services/users';
import { ROLES } from '../../../domain/constants';

const userDto = (u: UserRow) => ({ id: u.id, name: u.name, role: u.role, created_at: u.createdAt.toISOString(), updated_at: u.updatedAt.toISOString() });
const name = z.string().trim().max(200).nullish().transform((n) => n || null);
const idParams = z.object({ id: userId });

export const adminUserRoutes: RoutePlugin = (app, { database: { db } }) => {
  app.get('/admin/users', { config: { role: 'admin' } }, async () => (await listUsers(db)).map(userDto));

  // Adding an id that exists replaces that row.
  app.post('/admin/users', { config: { role: 'super' }, schema: { body: z.object({ id: userId, name, role: z.enum(ROLES).default('annotator') }) } },
    async (req) => userDto(await upsertUser(db, req.body)));

  app.put('/admin/users/:id', { config: { role: 'super' }, schema: { params: idParams, body: z.object({ name, role: z.enum(ROLES) }) } },
    async (req) => userDto(await changeUser(db, caller(req), req.params.id, req.body)));

  app.delete('/admin/users/:id', { config: { role: 'super' }, schema: { params: idParams } }, async (req) => {
    await removeUser(db, caller(req), req.params.id);
    return { deleted: req.params.id };
  });
};
