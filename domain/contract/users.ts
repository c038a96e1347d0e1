// /api/v1/admin/users: accounts and their audit trail.
import { z } from 'zod';
import { ROLES } from '../constants';
import { isoTime, rowId } from './common';
import { userIdSchema } from './params';

export const role = z.enum(ROLES);

export const userRecord = z
  .object({
    id: z.string(),
    name: z.string().nullable(),
    role,
    created_at: isoTime,
    updated_at: isoTime,
    /** The sign-in fields: meaningful when the server signs people in itself (password and proxy modes). */
    disabled: z.boolean(),
    has_password: z.boolean(),
    must_change_password: z.boolean(),
    last_sign_in_at: isoTime.nullable(),
  })
  .meta({ id: 'User' });
export type UserRecord = z.infer<typeof userRecord>;

export const userAuditEntry = z
  .object({
    id: rowId,
    user_id: z.string(),
    action: z.string().describe('create | update | delete | sign-in | password-change | … (the account events)'),
    changed_by_id: z.string(),
    changed_at: isoTime,
    old_name: z.string().nullable(),
    new_name: z.string().nullable(),
    old_role: role.nullable(),
    new_role: role.nullable(),
    detail: z.string().nullable(),
  })
  .meta({ id: 'UserAuditEntry' });
export type UserAuditEntry = z.infer<typeof userAuditEntry>;

const userName = z
  .string()
  .trim()
  .max(200)
  .nullish()
  .transform((n) => n || null);

export const userIdParams = z.object({ id: userIdSchema });
export const addUserBody = z.object({ id: userIdSchema, name: userName, role: role.default('annotator') });
export const changeUserBody = z.object({ name: userName, role });
export const deletedUser = z.object({ deleted: z.string() });
