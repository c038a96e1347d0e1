// /api/v1/admin/users: list and audit trail for admin and super; writes for super only.
import { z } from 'zod';
import { caller } from '../../http/identity';
import { json } from '../../http/contract';
import type { RoutePlugin } from '../../http/types';
import { accountHistory, addUser, changeUser, listAccounts, removeUser } from '../../services/users';
import { auditDto, userDto } from '../../services/user-dto';
import {
  addUserBody,
  changeUserBody,
  deletedUser,
  userAuditEntry,
  userIdParams as idParams,
  userRecord,
} from '../../../domain/contract/users';

export const adminUserRoutes: RoutePlugin = (app, { database: { db } }) => {
  app.get('/admin/users', { config: { role: 'admin' }, schema: { response: json(z.array(userRecord)) } }, async () =>
    (await listAccounts(db)).map(userDto),
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
