// Row → API shape of a user account and of its audit trail, shared by the user and user-access routes.
import type { UserAuditRow, UserRow } from '../repositories/users';
import type { Role } from '../../domain/constants';
import type { UserAuditEntry, UserRecord } from '../../domain/contract/users';

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

export const auditDto = (a: UserAuditRow): UserAuditEntry => ({
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
