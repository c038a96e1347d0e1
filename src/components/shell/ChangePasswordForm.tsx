// 'Change password' in the Account dialog: current password, new password twice. The server ends the
// user's other sessions and refuses short or common passwords (its words are shown).
import { useState } from 'react';
import { newPasswordProblem, PASSWORD_MIN_LENGTH } from '../../../domain/auth';
import { changePassword } from '../../api/me';
import { Button } from '../ui/Button';

export const passwordField =
  'mt-1 w-full rounded border border-slate-300 px-2 py-1.5 text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500';
const label = 'block text-sm font-medium text-slate-700';

export function ChangePasswordForm({ onChanged, forced = false }: { onChanged: () => void; forced?: boolean }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const local = !current ? 'Enter your current password.' : newPasswordProblem(next, confirm);
    setProblem(local);
    if (local) return;
    setBusy(true);
    try {
      await changePassword(current, next);
      setCurrent('');
      setNext('');
      setConfirm('');
      setDone(true);
      onChanged();
    } catch (e) {
      setProblem((e as Error).message || 'Could not change the password');
    }
    setBusy(false);
  };
  return (
    <form
      data-testid="account.passwordForm"
      className="space-y-3"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {forced && (
        <p data-testid="account.mustChange" className="rounded bg-amber-50 p-2 text-sm text-amber-900">
          An administrator set a temporary password for you. Choose your own password to go on.
        </p>
      )}
      <div>
        <label htmlFor="account-current" className={label}>
          Current password
        </label>
        <input
          id="account-current"
          data-testid="account.currentPassword"
          type="password"
          autoComplete="current-password"
          value={current}
          onChange={(e) => {
            setCurrent(e.target.value);
            setDone(false);
          }}
          className={passwordField}
        />
      </div>
      <div>
        <label htmlFor="account-new" className={label}>
          New password
        </label>
        <input
          id="account-new"
          data-testid="account.newPassword"
          type="password"
          autoComplete="new-password"
          value={next}
          aria-describedby="account-new-help"
          onChange={(e) => {
            setNext(e.target.value);
            setDone(false);
          }}
          className={passwordField}
        />
        <p id="account-new-help" className="mt-1 text-xs text-slate-500">
          At least {PASSWORD_MIN_LENGTH} characters, and not a common password.
        </p>
      </div>
      <div>
        <label htmlFor="account-confirm" className={label}>
          New password again
        </label>
        <input
          id="account-confirm"
          data-testid="account.confirmPassword"
          type="password"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => {
            setConfirm(e.target.value);
            setDone(false);
          }}
          className={passwordField}
        />
      </div>
      {problem && (
        <p role="alert" data-testid="account.passwordError" className="text-sm text-red-700">
          {problem}
        </p>
      )}
      {done && (
        <p role="status" data-testid="account.passwordChanged" className="text-sm text-green-700">
          Your password is changed. You were signed out everywhere else.
        </p>
      )}
      <Button type="submit" variant="primary" data-testid="account.changePassword" disabled={busy}>
        Change password
      </Button>
    </form>
  );
}
