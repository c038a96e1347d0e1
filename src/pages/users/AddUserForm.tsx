// 'Add New User': User ID (required, trimmed, the sign-in id rule), optional Name, Role with a tooltip
// describing each role, Add User and Clear.
import { useState, type FormEvent } from 'react';
import { ROLES, type Role } from '../../../domain/constants';
import { validateUserId } from '../../../domain/validation';
import { Button } from '../../components/ui/Button';
import { Tooltip } from '../../components/ui/Tooltip';
import { ROLE_LABELS } from '../../components/shell/SignInDialog';
import { fieldClass, ROLE_TOOLTIP } from './roles';

export function AddUserForm({
  disabled,
  onAdd,
}: {
  disabled: boolean;
  onAdd: (u: { id: string; name: string; role: Role }) => Promise<boolean>;
}) {
  const [id, setId] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<Role>('annotator');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const clear = () => {
    setId('');
    setName('');
    setRole('annotator');
    setError(null);
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = validateUserId(id);
    setError(problem);
    if (problem) return;
    setBusy(true);
    const ok = await onAdd({ id: id.trim(), name: name.trim(), role });
    setBusy(false);
    if (ok) clear();
  };
  return (
    <form
      onSubmit={submit}
      data-testid="users.addForm"
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h3 className="mb-3 font-semibold text-slate-800">Add New User</h3>
      <div className="flex flex-wrap items-start gap-3">
        <label className="flex flex-col text-sm">
          <span className="mb-1 text-slate-700">User ID *</span>
          <input
            data-testid="users.add.id"
            value={id}
            disabled={disabled}
            required
            aria-invalid={!!error}
            aria-describedby="users-add-id-help"
            onChange={(e) => {
              setId(e.target.value);
              setError(null);
            }}
            className={`${fieldClass} w-64 ${error ? 'border-red-600' : ''}`}
          />
          <span
            id="users-add-id-help"
            data-testid="users.add.idHelp"
            className={`mt-1 text-xs ${error ? 'text-red-700' : 'text-slate-500'}`}
          >
            {error ?? 'Email or unique identifier'}
          </span>
        </label>
        <label className="flex flex-col text-sm">
          <span className="mb-1 text-slate-700">Name</span>
          <input
            data-testid="users.add.name"
            value={name}
            disabled={disabled}
            maxLength={200}
            onChange={(e) => setName(e.target.value)}
            className={`${fieldClass} w-56`}
          />
          <span className="mt-1 text-xs text-slate-500">Display name (optional)</span>
        </label>
        <label className="flex flex-col text-sm">
          <span className="mb-1 flex items-center gap-1 text-slate-700">
            Role
            <Tooltip text={ROLE_TOOLTIP}>
              <span
                data-testid="users.add.roleInfo"
                tabIndex={0}
                aria-label="Role descriptions"
                className="cursor-help rounded-full border border-slate-400 px-1.5 text-xs text-slate-600"
              >
                i
              </span>
            </Tooltip>
          </span>
          <select
            data-testid="users.add.role"
            value={role}
            disabled={disabled}
            onChange={(e) => setRole(e.target.value as Role)}
            className={`${fieldClass} w-48`}
          >
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </select>
        </label>
        <div className="flex gap-2 pt-6">
          <Button type="submit" variant="primary" data-testid="users.add.submit" disabled={disabled || busy}>
            Add User
          </Button>
          <Button data-testid="users.add.clear" disabled={disabled || busy} onClick={clear}>
            Clear
          </Button>
        </div>
      </div>
    </form>
  );
}
