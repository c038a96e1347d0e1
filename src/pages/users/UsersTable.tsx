// The users table: User ID, Name and Role edited inline (an edited row is highlighted and marked
// 'Unsaved' until saved), Actions save, history and delete. The signed-in user's row carries 'You' and
// cannot be deleted.
import { Fragment, useState } from 'react';
import { ROLES, type Role } from '../../../domain/constants';
import { Button } from '../../components/ui/Button';
import { Tooltip } from '../../components/ui/Tooltip';
import { ROLE_LABELS } from '../../components/shell/SignInDialog';
import type { UserRecord } from '../../api/users';
import { fieldClass, ROLE_TOOLTIP } from './roles';
import { UserHistory } from './UserHistory';

/** A row as the screen holds it: the record plus the client-only unsaved mark. */
export interface UserRow extends UserRecord { unsaved?: boolean }

export interface UsersTableProps {
  rows: UserRow[];
  selfId: string | null;
  canEdit: boolean;
  saving: string | null;
  onEdit: (id: string, change: { name?: string; role?: Role }) => void;
  onSave: (row: UserRow) => void;
  onDelete: (row: UserRow) => void;
}

const chip = 'ml-2 rounded-full px-2 py-0.5 text-xs font-medium';

export function UsersTable({ rows, selfId, canEdit, saving, onEdit, onSave, onDelete }: UsersTableProps) {
  const [historyOf, setHistoryOf] = useState<string | null>(null);
  return (
    <table data-testid="users.table" className="w-full border-collapse text-sm">
      <thead>
        <tr className="border-b border-slate-200 text-left text-slate-600">
          <th className="px-3 py-2">User ID</th>
          <th className="px-3 py-2">Name</th>
          <th className="px-3 py-2">
            <span className="flex items-center gap-1">Role
              <Tooltip text={ROLE_TOOLTIP}><span data-testid="users.roleInfo" tabIndex={0} aria-label="Role descriptions" className="cursor-help rounded-full border border-slate-400 px-1.5 text-xs font-normal">i</span></Tooltip>
            </span>
          </th>
          <th className="px-3 py-2">Actions</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((u) => {
          const self = u.id === selfId;
          return (
            <Fragment key={u.id}>
              <tr data-testid={`users.row.${u.id}`} data-unsaved={u.unsaved ? 'true' : 'false'}
                className={`border-b border-slate-100 ${u.unsaved ? 'bg-amber-50' : ''}`}>
                <td className="px-3 py-2 font-mono">
                  {u.id}
                  {self && <span data-testid="users.youChip" className={`${chip} bg-indigo-100 text-indigo-800`}>You</span>}
                  {u.unsaved && <span data-testid="users.unsavedChip" className={`${chip} bg-amber-200 text-amber-900`}>Unsaved</span>}
                </td>
                <td className="px-3 py-2">
                  <input aria-label={`Name of ${u.id}`} data-testid="users.nameInput" value={u.name ?? ''} disabled={!canEdit} maxLength={200}
                    onChange={(e) => onEdit(u.id, { name: e.target.value })} className={`${fieldClass} w-full min-w-40`} />
                </td>
                <td className="px-3 py-2">
                  <select aria-label={`Role of ${u.id}`} data-testid="users.roleSelect" value={u.role} disabled={!canEdit}
                    onChange={(e) => onEdit(u.id, { role: e.target.value as Role })} className={fieldClass}>
                    {ROLES.map((r) => <option key={r} value={r}>{ROLE_LABELS[r]}</option>)}
                  </select>
                </td>
                <td className="px-3 py-2">
                  <div className="flex gap-1">
                    <Button data-testid="users.save" disabled={!canEdit || !u.unsaved || saving === u.id} onClick={() => onSave(u)}>Save</Button>
                    <Button variant="text" data-testid="users.historyToggle" aria-expanded={historyOf === u.id}
                      onClick={() => setHistoryOf(historyOf === u.id ? null : u.id)}>History</Button>
                    {self ? (
                      <Tooltip text="Cannot delete yourself"><Button variant="danger" data-testid="users.delete" disabled>Delete</Button></Tooltip>
                    ) : (
                      <Button variant="danger" data-testid="users.delete" disabled={!canEdit} onClick={() => onDelete(u)}>Delete</Button>
                    )}
                  </div>
                </td>
              </tr>
              {historyOf === u.id && (
                <tr className="border-b border-slate-100 bg-slate-50"><td colSpan={4} className="px-3 py-2"><UserHistory id={u.id} /></td></tr>
              )}
            </Fragment>
          );
        })}
      </tbody>
    </table>
  );
}
