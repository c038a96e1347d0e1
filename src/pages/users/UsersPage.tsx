// User Management (/admin/users): super users add, edit and delete accounts; admins see the list read-only;
// everyone else sees only the restriction notice. The list is kept sorted by id; a saved or added row is
// replaced by the record the server answers. Where the server signs people in, super users also set
// passwords, make reset links, disable accounts and end sessions.
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Role } from '../../../domain/constants';
import { atLeast } from '../../../domain/roles';
import {
  addUser,
  deleteUser,
  listUsers,
  setUserDisabled,
  setUserPassword,
  updateUser,
  type UserRecord,
} from '../../api/users';
import { Alert, type Severity } from '../../components/dialogs/Alert';
import { Button } from '../../components/ui/Button';
import { RefreshIcon } from '../../components/ui/icons';
import { ROLE_LABELS } from '../../components/shell/SignInDialog';
import { useSession } from '../../session';
import { AddUserForm } from './AddUserForm';
import { DeleteUserDialog } from './DeleteUserDialog';
import { fieldClass } from './roles';
import { ResetLinkDialog } from './ResetLinkDialog';
import { SessionsDialog } from './SessionsDialog';
import { SetPasswordDialog } from './SetPasswordDialog';
import { UsersTable, type AccountActions, type UserRow } from './UsersTable';

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const ALL = 'all';

export function UsersPage() {
  const { user, role, auth } = useSession();
  const isSuper = atLeast(role, 'super');
  const canView = atLeast(role, 'admin');
  const [rows, setRows] = useState<UserRow[]>([]);
  const [loading, setLoading] = useState(true);
  const [notices, setNotices] = useState<Array<{ key: number; severity: Severity; text: string }>>([]);
  const [search, setSearch] = useState('');
  const [roleFilter, setRoleFilter] = useState<Role | typeof ALL>(ALL);
  const [saving, setSaving] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [accountDialog, setAccountDialog] = useState<{ kind: 'password' | 'reset' | 'sessions'; id: string } | null>(
    null,
  );

  const notify = (severity: Severity, text: string) =>
    setNotices((n) => [...n.slice(-2), { key: Date.now() + Math.random(), severity, text }]);
  const replaceRow = (rec: UserRecord) => setRows((rs) => [...rs.filter((r) => r.id !== rec.id), rec].sort(byId));

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setRows((await listUsers()).sort(byId));
    } catch (e) {
      notify('error', (e as Error).message || 'Failed to load users');
    }
    setLoading(false);
  }, []);
  useEffect(() => {
    if (canView) void load();
  }, [canView, load]);

  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    return rows.filter(
      (r) =>
        (roleFilter === ALL || r.role === roleFilter) &&
        (!q || r.id.toLowerCase().includes(q) || (r.name ?? '').toLowerCase().includes(q)),
    );
  }, [rows, search, roleFilter]);

  const onAdd = async (u: { id: string; name: string; role: Role }) => {
    try {
      replaceRow(await addUser(u));
      // A new account has no password: say what lets the person sign in.
      notify(
        'success',
        auth.mode === 'password'
          ? `Added ${u.id}. Set a password or make a reset link so they can sign in.`
          : `Added ${u.id}`,
      );
      return true;
    } catch (e) {
      notify('error', (e as Error).message || 'Failed to add user');
      return false;
    }
  };
  const onEdit = (id: string, change: { name?: string; role?: Role }) =>
    setRows((rs) => rs.map((r) => (r.id === id ? { ...r, ...change, unsaved: true } : r)));
  const onSave = async (row: UserRow) => {
    setSaving(row.id);
    try {
      replaceRow(await updateUser(row.id, { role: row.role, name: (row.name ?? '').trim() }));
      notify('success', `Updated ${row.id}`);
    } catch (e) {
      notify('error', (e as Error).message || 'Failed to update user');
    }
    setSaving(null);
  };
  const onConfirmDelete = async () => {
    if (!toDelete) return;
    setDeleting(true);
    try {
      await deleteUser(toDelete);
      setRows((rs) => rs.filter((r) => r.id !== toDelete));
      notify('success', `Removed ${toDelete}`);
    } catch (e) {
      notify('error', (e as Error).message || 'Failed to delete user');
    }
    setDeleting(false);
    setToDelete(null);
  };

  const onSetPassword = async (id: string, password: string, mustChange: boolean) => {
    try {
      await setUserPassword(id, password, mustChange);
    } catch (e) {
      return (e as Error).message || 'Failed to set the password';
    }
    setAccountDialog(null);
    notify(
      'success',
      mustChange ? `Password set for ${id}; they choose their own at the next sign-in` : `Password set for ${id}`,
    );
    void load();
    return null;
  };
  const onToggleDisabled = async (row: UserRow) => {
    try {
      replaceRow(await setUserDisabled(row.id, !row.disabled));
      notify(
        'success',
        row.disabled ? `Enabled ${row.id}` : `Disabled ${row.id}: they are signed out and cannot sign in`,
      );
    } catch (e) {
      notify('error', (e as Error).message);
    }
  };
  const account: AccountActions | undefined =
    auth.mode === 'open'
      ? undefined
      : {
          mode: auth.mode,
          onSetPassword: (r) => setAccountDialog({ kind: 'password', id: r.id }),
          onResetLink: (r) => setAccountDialog({ kind: 'reset', id: r.id }),
          onToggleDisabled: (r) => void onToggleDisabled(r),
          onSessions: (r) => setAccountDialog({ kind: 'sessions', id: r.id }),
        };

  return (
    <section data-testid="users.page" className="space-y-4 p-6">
      <div className="flex flex-wrap items-center gap-3">
        <div className="flex-1">
          <h2 className="text-xl font-semibold">User Management</h2>
          <p className="text-sm text-slate-600">Manage user accounts and role assignments</p>
        </div>
        {canView && (
          <Button data-testid="users.refresh" disabled={loading} onClick={() => void load()}>
            <RefreshIcon /> Refresh
          </Button>
        )}
      </div>
      {!isSuper && (
        <Alert severity="warning" testId="users.restricted">
          User-role management is restricted to super users.
        </Alert>
      )}
      {notices.map((n) => (
        <Alert
          key={n.key}
          severity={n.severity}
          testId="users.notice"
          onClose={() => setNotices((all) => all.filter((x) => x.key !== n.key))}
        >
          {n.text}
        </Alert>
      ))}
      {canView && (
        <>
          <AddUserForm disabled={!isSuper} onAdd={onAdd} />
          <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
            <div className="mb-3 flex flex-wrap items-center gap-3">
              <input
                data-testid="users.search"
                placeholder="Search by ID or name..."
                value={search}
                onChange={(e) => setSearch(e.target.value)}
                className={`${fieldClass} w-64`}
              />
              <select
                data-testid="users.roleFilter"
                aria-label="Role filter"
                value={roleFilter}
                onChange={(e) => setRoleFilter(e.target.value as Role | typeof ALL)}
                className={fieldClass}
              >
                <option value={ALL}>All Roles</option>
                {(Object.keys(ROLE_LABELS) as Role[]).map((r) => (
                  <option key={r} value={r}>
                    {ROLE_LABELS[r]}
                  </option>
                ))}
              </select>
              <span data-testid="users.count" className="text-sm text-slate-600">
                Showing {shown.length} of {rows.length} users
              </span>
            </div>
            {loading && !rows.length ? (
              <p data-testid="users.loading" className="text-sm text-slate-500">
                Loading users...
              </p>
            ) : !rows.length ? (
              <p data-testid="users.empty" className="text-sm text-slate-500">
                No users recorded yet.
              </p>
            ) : !shown.length ? (
              <p data-testid="users.empty" className="text-sm text-slate-500">
                No users match the current filters.
              </p>
            ) : (
              <UsersTable
                rows={shown}
                selfId={user.signedIn ? user.id : null}
                canEdit={isSuper}
                saving={saving}
                onEdit={onEdit}
                onSave={(r) => void onSave(r)}
                onDelete={(r) => setToDelete(r.id)}
                account={account}
              />
            )}
          </div>
        </>
      )}
      {accountDialog?.kind === 'password' && (
        <SetPasswordDialog
          userId={accountDialog.id}
          onCancel={() => setAccountDialog(null)}
          onSet={(password, mustChange) => onSetPassword(accountDialog.id, password, mustChange)}
        />
      )}
      {accountDialog?.kind === 'reset' && (
        <ResetLinkDialog userId={accountDialog.id} onClose={() => setAccountDialog(null)} />
      )}
      {accountDialog?.kind === 'sessions' && (
        <SessionsDialog userId={accountDialog.id} onClose={() => setAccountDialog(null)} />
      )}
      <DeleteUserDialog
        userId={toDelete}
        busy={deleting}
        onCancel={() => setToDelete(null)}
        onConfirm={() => void onConfirmDelete()}
      />
    </section>
  );
}
