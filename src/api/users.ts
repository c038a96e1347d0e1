// User accounts (super users write, admins read) and each account's audit trail.
import type { Role } from '../../domain/constants';
import { request } from './request';

export interface UserRecord { id: string; name: string | null; role: Role; created_at?: string; updated_at?: string }
export interface UserAuditEntry {
  id: number; user_id: string; action: 'create' | 'update' | 'delete'; changed_by_id: string; changed_at: string;
  old_name: string | null; new_name: string | null; old_role: Role | null; new_role: Role | null;
}

const path = (id: string) => `/api/v1/admin/users/${encodeURIComponent(id)}`;

export const listUsers = () => request<UserRecord[]>('/api/v1/admin/users', { fallback: 'Failed to load users' });
export const addUser = (u: { id: string; name: string; role: Role }) =>
  request<UserRecord>('/api/v1/admin/users', { method: 'POST', json: u, fallback: 'Failed to add user' });
export const updateUser = (id: string, change: { role: Role; name: string }) =>
  request<UserRecord>(path(id), { method: 'PUT', json: change, fallback: 'Failed to update user' });
export const deleteUser = (id: string) => request<unknown>(path(id), { method: 'DELETE', fallback: 'Failed to delete user' });
export const userHistory = (id: string) => request<UserAuditEntry[]>(`${path(id)}/history`);
