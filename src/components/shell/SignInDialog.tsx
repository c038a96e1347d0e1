// Sign-in dialog: title 'Account' when signed in, else 'Sign In'; User ID with helper
// text and validation, optional Name, Role select; Sign Out (signed in only), Close, Sign In / Update.
import { useEffect, useState } from 'react';
import type { Role } from '../../../domain/constants';
import { USER_ID_RULE, validateUserId } from '../../../domain/validation';
import type { SessionUser } from '../../../machines/session';
import { Button } from '../ui/Button';
import { Modal } from '../dialogs/Modal';

export const ROLE_LABELS: Record<Role, string> = { annotator: 'Annotator / Reviewer', admin: 'Administrator', super: 'Super User' };

export interface SignInDialogProps {
  open: boolean;
  user: SessionUser;
  onClose: () => void;
  onSubmit: (values: { id: string; name: string; role: Role }) => void;
  onSignOut: () => void;
}

const field = 'mt-1 w-full rounded border px-2 py-1.5 text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500';

export function SignInDialog({ open, user, onClose, onSubmit, onSignOut }: SignInDialogProps) {
  const [id, setId] = useState(user.id);
  const [name, setName] = useState(user.name);
  const [role, setRole] = useState<Role>(user.role);
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (open) { setId(user.id); setName(user.name); setRole(user.role); setTouched(false); }
  }, [open, user]);
  const error = touched ? validateUserId(id) : null;
  const submit = () => {
    setTouched(true);
    if (validateUserId(id) !== null) return;
    onSubmit({ id: id.trim(), name: name.trim(), role });
    onClose();
  };
  return (
    <Modal open={open} onClose={onClose} title={user.signedIn ? 'Account' : 'Sign In'} testId="dialog.signIn"
      actions={<>
        {user.signedIn && <Button variant="danger" data-testid="signIn.signOut" onClick={() => { onSignOut(); onClose(); }}>Sign Out</Button>}
        <Button onClick={onClose}>Close</Button>
        <Button variant="primary" data-testid="signIn.submit" onClick={submit}>{user.signedIn ? 'Update' : 'Sign In'}</Button>
      </>}>
      <form className="space-y-3" onSubmit={(e) => { e.preventDefault(); submit(); }} noValidate>
        <div>
          <label htmlFor="signin-id" className="block text-sm font-medium text-slate-700">User ID</label>
          <input id="signin-id" data-testid="signIn.userId" autoFocus value={id} aria-invalid={!!error} aria-describedby="signin-id-help"
            onChange={(e) => setId(e.target.value)} onBlur={() => setTouched(true)}
            className={`${field} ${error ? 'border-red-500' : 'border-slate-300'}`} />
          <p id="signin-id-help" data-testid="signIn.userIdHelp" className={`mt-1 text-xs ${error ? 'text-red-600' : 'text-slate-500'}`}>{error ?? USER_ID_RULE}</p>
        </div>
        <div>
          <label htmlFor="signin-name" className="block text-sm font-medium text-slate-700">Name (optional)</label>
          <input id="signin-name" data-testid="signIn.name" value={name} maxLength={200} onChange={(e) => setName(e.target.value)} className={`${field} border-slate-300`} />
        </div>
        <div>
          <label htmlFor="signin-role" className="block text-sm font-medium text-slate-700">Role</label>
          <select id="signin-role" data-testid="signIn.role" value={role} onChange={(e) => setRole(e.target.value as Role)} className={`${field} border-slate-300 bg-white`}>
            {(Object.keys(ROLE_LABELS) as Role[]).map((r) => <option key={r} value={r}>{ROLE_LABELS[r]}</option>)}
          </select>
        </div>
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </form>
    </Modal>
  );
}
