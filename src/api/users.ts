// User accounts (super users write, admins read) and each account's audit trail.
import type { Role } from '../../domain/constants';
import type { UserAuditEntry, UserRecord } from '../../domain/contract/users';
import type { ResetLink, UserSession } from '../../domain/contract/auth';
import { request } from './request';

export type { UserAuditEntry, UserRecord, UserSession };

const path = (id: string) => `/api/v1/admin/users/${encodeURIComponent(id)}`;

export const listUsers = () => request<UserRecord[]>('/api/v1/admin/users', { fallback: 'Failed to load users' });
export const addUser = (u: { id: string; name: string; role: Role }) =>
  request<UserRecord>('/api/v1/admin/users', { method: 'POST', json: u, fallback: 'Failed to add user' });
export const updateUser = (id: string, change: { role: Role; name: string }) =>
  request<UserRecord>(path(id), { method: 'PUT', json: change, fallback: 'Failed to update user' });
export const deleteUser = (id: string) =>
  request<{ deleted: string }>(path(id), { method: 'DELETE', fallback: 'Failed to delete user' });
export const userHistory = (id: string) => request<UserAuditEntry[]>(`${path(id)}/history`);

export const setUserPassword = (id: string, password: string, mustChange: boolean) =>
  request<void>(`${path(id)}/password`, {
    method: 'PUT',
    json: { password, must_change: mustChange },
    fallback: 'Failed to set the password',
  });
export const createResetLink = (id: string) =>
  request<ResetLink>(`${path(id)}/reset-link`, { method: 'POST', fallback: 'Failed to make a reset link' });
export const setUserDisabled = (id: string, disabled: boolean) =>
  request<UserRecord>(`${path(id)}/disabled`, {
    method: 'PUT',
    json: { disabled },
    fallback: disabled ? 'Failed to disable the account' : 'Failed to enable the account',
  });
export const listUserSessions = (id: string) =>
  request<UserSession[]>(`${path(id)}/sessions`, { fallback: 'Failed to load the sessions' });
export const endUserSessions = (id: string) =>
  request<void>(`${path(id)}/sessions`, { method: 'DELETE', fallback: 'Failed to end the sessions' });
export const endUserSession = (id: string, sessionId: string) =>
  request<void>(`${path(id)}/sessions/${encodeURIComponent(sessionId)}`, {
    method: 'DELETE',
    fallback: 'Failed to end the session',
  });
