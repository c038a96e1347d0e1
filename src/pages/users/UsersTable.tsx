// The users table: User ID, Name and Role edited inline (an edited row is highlighted and marked
// 'Unsaved' until saved), Actions save, history and delete. The signed-in user's row carries 'You' and
// cannot be deleted. Where the server signs people in, a super user also sees the last sign-in, a
// 'Disabled' mark, and per account Set password and Reset link (password mode), Disable / Enable and Sessions.
import { Fragment, useState } from 'react';
import { ROLES, type Role } from '../../../domain/constants';
import { Button } from '../../components/ui/Button';
import { Tooltip } from '../../components/ui/Tooltip';
import { ROLE_LABELS } from '../../components/shell/SignInDialog';
import type { UserRecord } from '../../api/users';
import { fieldClass, ROLE_TOOLTIP } from './roles';
import { UserHistory } from './UserHistory';
import { whenText } from '../../components/shell/token-dates';

/** A row as the screen holds it: the record plus the client-only unsaved mark. */
/** A row of the table: a stored account, or one added here and not saved yet (no server fields). */
export type UserRow = Pick<UserRecord, 'id' | 'name' | 'role'> &
  Partial<Omit<UserRecord, 'id' | 'name' | 'role'>> & { unsaved?: boolean };

export interface UsersTableProps {
  rows: UserRow[];
  selfId: string | null;
  canEdit: boolean;
  saving: string | null;
  onEdit: (id: string, change: { name?: string; role?: Role }) => void;
  onSave: (row: UserRow) => void;
  onDelete: (row: UserRow) => void;
  /** Present where the server signs people in (password and proxy modes). */
  account?: AccountActions;
}

export interface AccountActions {
  mode: 'password' | 'proxy';
  onSetPassword: (row: UserRow) => void;
  onResetLink: (row: UserRow) => void;
  onToggleDisabled: (row: UserRow) => void;
  onSessions: (row: UserRow) => void;
}

const chip = 'ml-2 rounded-full px-2 py-0.5 text-xs font-medium';

export function UsersTable({ rows, selfId, canEdit, saving, onEdit, onSave, onDelete, account }: UsersTableProps) {
  const columns = account ? 5 : 4;
  const [historyOf, setHistoryOf] = useState<string | null>(null);
  return (
    <table data-testid="users.table" className="w-full border-collapse text-sm">
      <thead>
        <tr className="border-b border-slate-200 text-left text-slate-600">
          <th className="px-3 py-2">User ID</th>
          <th className="px-3 py-2">Name</th>
          <th className="px-3 py-2">
            <span className="flex items-center gap-1">
              Role
              <Tooltip text={ROLE_TOOLTIP}>
                <span
                  data-testid="users.roleInfo"
                  tabIndex={0}
                  aria-label="Role descriptions"
                  className="cursor-help rounded-full border border-slate-400 px-1.5 text-xs font-normal"
                >
                  i
                </span>
              </Tooltip>
            </span>
          </th>
          {account && <th className="px-3 py-2">Last sign-in</th>}
          <th className="px-3 py-2">Actions</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((u) => {
          const self = u.id === selfId;
          return (
            <Fragment key={u.id}>
              <tr
                data-testid={`users.row.${u.id}`}
                data-unsaved={u.unsaved ? 'true' : 'false'}
                className={`border-b border-slate-100 ${u.unsaved ? 'bg-amber-50' : ''}`}
              >
                <td className="px-3 py-2 font-mono">
                  {u.id}
                  {self && (
                    <span data-testid="users.youChip" className={`${chip} bg-indigo-100 text-indigo-800`}>
                      You
                    </span>
                  )}
                  {u.unsaved && (
                    <span data-testid="users.unsavedChip" className={`${chip} bg-amber-200 text-amber-900`}>
                      Unsaved
                    </span>
                  )}
                  {account && u.disabled && (
                    <span data-testid="users.disabledChip" className={`${chip} bg-slate-200 text-slate-700`}>
                      Disabled
                    </span>
                  )}
                  {account?.mode === 'password' && u.has_password === false && (
                    <span data-testid="users.noPasswordChip" className={`${chip} bg-slate-100 text-slate-600`}>
                      No password
                    </span>
                  )}
                </td>
                <td className="px-3 py-2">
                  <input
                    aria-label={`Name of ${u.id}`}
                    data-testid="users.nameInput"
                    value={u.name ?? ''}
                    disabled={!canEdit}
                    maxLength={200}
                    onChange={(e) => onEdit(u.id, { name: e.target.value })}
                    className={`${fieldClass} w-full min-w-40`}
                  />
                </td>
                <td className="px-3 py-2">
                  <select
                    aria-label={`Role of ${u.id}`}
                    data-testid="users.roleSelect"
                    value={u.role}
                    disabled={!canEdit}
                    onChange={(e) => onEdit(u.id, { role: e.target.value as Role })}
                    className={fieldClass}
                  >
                    {ROLES.map((r) => (
                      <option key={r} value={r}>
                        {ROLE_LABELS[r]}
                      </option>
                    ))}
                  </select>
                </td>
                {account && (
                  <td data-testid="users.lastSignIn" className="px-3 py-2 text-slate-600">
                    {whenText(u.last_sign_in_at, 'Never')}
                  </td>
                )}
                <td className="px-3 py-2">
                  <div className="flex flex-wrap gap-1">
                    <Button
                      data-testid="users.save"
                      disabled={!canEdit || !u.unsaved || saving === u.id}
                      onClick={() => onSave(u)}
                    >
                      Save
                    </Button>
                    <Button
                      variant="text"
                      data-testid="users.historyToggle"
                      aria-expanded={historyOf === u.id}
                      onClick={() => setHistoryOf(historyOf === u.id ? null : u.id)}
                    >
                      History
                    </Button>
                    {self ? (
                      <Tooltip text="Cannot delete yourself">
                        <Button variant="danger" data-testid="users.delete" disabled>
                          Delete
                        </Button>
                      </Tooltip>
                    ) : (
                      <Button
                        variant="danger"
                        data-testid="users.delete"
                        disabled={!canEdit}
                        onClick={() => onDelete(u)}
                      >
                        Delete
                      </Button>
                    )}
                    {account && canEdit && (
                      <>
                        {account.mode === 'password' && (
                          <>
                            <Button
                              variant="text"
                              data-testid="users.setPassword"
                              onClick={() => account.onSetPassword(u)}
                            >
                              Set password
                            </Button>
                            <Button variant="text" data-testid="users.resetLink" onClick={() => account.onResetLink(u)}>
                              Reset link
                            </Button>
                          </>
                        )}
                        {self ? (
                          <Tooltip text="Cannot disable yourself">
                            <Button variant="text" data-testid="users.disable" disabled>
                              Disable
                            </Button>
                          </Tooltip>
                        ) : (
                          <Button
                            variant="text"
                            data-testid="users.disable"
                            onClick={() => account.onToggleDisabled(u)}
                          >
                            {u.disabled ? 'Enable' : 'Disable'}
                          </Button>
                        )}
                        <Button variant="text" data-testid="users.sessions" onClick={() => account.onSessions(u)}>
                          Sessions
                        </Button>
                      </>
                    )}
                  </div>
                </td>
              </tr>
              {historyOf === u.id && (
                <tr className="border-b border-slate-100 bg-slate-50">
                  <td colSpan={columns} className="px-3 py-2">
                    <UserHistory id={u.id} />
                  </td>
                </tr>
              )}
            </Fragment>
          );
        })}
      </tbody>
    </table>
  );
}
