// Sign-in dialog: title 'Account' when signed in, else 'Sign In'; User ID with helper
// text and validation, optional Name, Role select; Sign Out (signed in only), Close, Sign In / Update.
// When the server signs people in: in `password` mode it adds Password, posts it to the server
// and shows the server's words when that fails; Name and Role are the server's, shown read-only with the
// reason. In `proxy` mode there is no form: the proxy in front of the server signs people in.
import { useEffect, useState } from 'react';
import type { AuthMode } from '../../../domain/auth';
import type { Role } from '../../../domain/constants';
import { USER_ID_RULE, validateUserId } from '../../../domain/validation';
import type { SessionUser } from '../../../machines/session-identity';
import { Button } from '../ui/Button';
import { Modal } from '../dialogs/Modal';
import { ServerRoleField } from './ServerRoleField';

export const ROLE_LABELS: Record<Role, string> = {
  annotator: 'Annotator / Reviewer',
  admin: 'Administrator',
  super: 'Super User',
};

export interface SignInDialogProps {
  open: boolean;
  user: SessionUser;
  onClose: () => void;
  onSubmit: (values: { id: string; name: string; role: Role }) => void;
  onSignOut: () => void;
  /** How the server signs people in; open (the default) is the client-side sign-in. */
  mode?: AuthMode;
  /** Password mode: sign in with the server; the dialog stays open until the session closes it. */
  onLogin?: (values: { id: string; password: string }) => void;
  /** Password mode: the server's words for the last failed sign-in. */
  error?: string | null;
  busy?: boolean;
  /** Password mode: the server has no administrator yet. */
  setupRequired?: boolean;
}

const field =
  'mt-1 w-full rounded border px-2 py-1.5 text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500';
const label = 'block text-sm font-medium text-slate-700';

export function SignInDialog({
  open,
  user,
  onClose,
  onSubmit,
  onSignOut,
  mode = 'open',
  onLogin,
  error: serverError = null,
  busy = false,
  setupRequired = false,
}: SignInDialogProps) {
  const [id, setId] = useState(user.id);
  const [name, setName] = useState(user.name);
  const [role, setRole] = useState<Role>(user.role);
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (open) {
      setId(user.id);
      setName(user.name);
      setRole(user.role);
      setPassword('');
      setTouched(false);
    }
  }, [open, user]);
  const byPassword = mode === 'password';
  const error = touched ? validateUserId(id) : null;
  const passwordMissing = touched && byPassword && !password;
  const submit = () => {
    setTouched(true);
    if (validateUserId(id) !== null) return;
    if (byPassword) {
      if (password && !busy) onLogin?.({ id: id.trim(), password });
      return;
    }
    onSubmit({ id: id.trim(), name: name.trim(), role });
    onClose();
  };

  if (mode === 'proxy') {
    return (
      <Modal
        open={open}
        onClose={onClose}
        title="Sign In"
        testId="dialog.signIn"
        actions={<Button onClick={onClose}>Close</Button>}
      >
        <p data-testid="signIn.proxyText" className="text-sm text-slate-700">
          This server signs you in through your organisation&apos;s sign-in page, but it did not say who you are. Reload
          the page to sign in again, or ask your administrator.
        </p>
      </Modal>
    );
  }
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={user.signedIn ? 'Account' : 'Sign In'}
      testId="dialog.signIn"
      actions={
        <>
          {user.signedIn && (
            <Button
              variant="danger"
              data-testid="signIn.signOut"
              onClick={() => {
                onSignOut();
                onClose();
              }}
            >
              Sign Out
            </Button>
          )}
          <Button onClick={onClose}>Close</Button>
          <Button variant="primary" data-testid="signIn.submit" disabled={busy} onClick={submit}>
            {user.signedIn ? 'Update' : busy ? 'Signing in...' : 'Sign In'}
          </Button>
        </>
      }
    >
      <form
        className="space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        noValidate
      >
        {byPassword && setupRequired && (
          <p data-testid="signIn.setupRequired" className="rounded bg-amber-50 p-2 text-sm text-amber-900">
            This server has no administrator yet. Open the setup link the server printed when it started.
          </p>
        )}
        <div>
          <label htmlFor="signin-id" className={label}>
            User ID
          </label>
          <input
            id="signin-id"
            data-testid="signIn.userId"
            autoFocus
            value={id}
            aria-invalid={!!error}
            aria-describedby="signin-id-help"
            autoComplete={byPassword ? 'username' : undefined}
            onChange={(e) => setId(e.target.value)}
            onBlur={() => setTouched(true)}
            className={`${field} ${error ? 'border-red-500' : 'border-slate-300'}`}
          />
          <p
            id="signin-id-help"
            data-testid="signIn.userIdHelp"
            className={`mt-1 text-xs ${error ? 'text-red-600' : 'text-slate-500'}`}
          >
            {error ?? USER_ID_RULE}
          </p>
        </div>
        {byPassword && (
          <div>
            <label htmlFor="signin-password" className={label}>
              Password
            </label>
            <input
              id="signin-password"
              data-testid="signIn.password"
              type="password"
              autoComplete="current-password"
              value={password}
              aria-invalid={passwordMissing}
              onChange={(e) => setPassword(e.target.value)}
              className={`${field} ${passwordMissing ? 'border-red-500' : 'border-slate-300'}`}
            />
            {passwordMissing && <p className="mt-1 text-xs text-red-600">Password is required</p>}
          </div>
        )}
        <div>
          <label htmlFor="signin-name" className={label}>
            Name (optional)
          </label>
          <input
            id="signin-name"
            data-testid="signIn.name"
            value={byPassword ? '' : name}
            maxLength={200}
            disabled={byPassword}
            placeholder={byPassword ? 'Kept by the server' : undefined}
            onChange={(e) => setName(e.target.value)}
            className={`${field} border-slate-300 disabled:bg-slate-100`}
          />
        </div>
        {byPassword ? (
          <ServerRoleField role={null} />
        ) : (
          <div>
            <label htmlFor="signin-role" className={label}>
              Role
            </label>
            <select
              id="signin-role"
              data-testid="signIn.role"
              value={role}
              onChange={(e) => setRole(e.target.value as Role)}
              className={`${field} border-slate-300 bg-white`}
            >
              {(Object.keys(ROLE_LABELS) as Role[]).map((r) => (
                <option key={r} value={r}>
                  {ROLE_LABELS[r]}
                </option>
              ))}
            </select>
          </div>
        )}
        {serverError && (
          <p role="alert" data-testid="signIn.error" className="rounded bg-red-50 p-2 text-sm text-red-700">
            {serverError}
          </p>
        )}
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </form>
    </Modal>
  );
}
