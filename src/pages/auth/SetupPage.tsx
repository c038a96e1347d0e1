// /setup?token=…: 'Create the first administrator' from the one-time link the server prints at its first
// start in password mode. The new account is a super user, and the app goes on signed in as it.
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { newPasswordProblem } from '../../../domain/auth';
import { USER_ID_RULE, validateUserId } from '../../../domain/validation';
import { setupFirstAdmin } from '../../api/auth';
import { passwordField } from '../../components/shell/ChangePasswordForm';
import { Button } from '../../components/ui/Button';
import { useSession } from '../../session';
import { PasswordFields } from './PasswordFields';

const label = 'block text-sm font-medium text-slate-700';

export function SetupPage() {
  const token = useSearchParams()[0].get('token') ?? '';
  const { adopt } = useSession();
  const navigate = useNavigate();
  const [id, setId] = useState('');
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const local = validateUserId(id) ?? newPasswordProblem(password, confirm);
    setProblem(local);
    if (local) return;
    setBusy(true);
    try {
      adopt(await setupFirstAdmin({ token, id: id.trim(), name: name.trim(), password }));
      navigate('/admin/users', { replace: true });
    } catch (e) {
      setProblem((e as Error).message);
      setBusy(false);
    }
  };
  return (
    <section
      data-testid="setup.page"
      className="mx-auto mt-10 max-w-md space-y-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 className="text-xl font-semibold">Create the first administrator</h2>
      {!token ? (
        <p data-testid="setup.noToken" className="text-sm text-slate-700">
          This page needs the setup link the server printed when it started. Open that link instead.
        </p>
      ) : (
        <form
          className="space-y-3"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <p className="text-sm text-slate-600">
            This account will be a super user: it can add the other users and set their roles.
          </p>
          <div>
            <label htmlFor="setup-id" className={label}>
              User ID
            </label>
            <input
              id="setup-id"
              data-testid="setup.userId"
              autoComplete="username"
              value={id}
              aria-describedby="setup-id-help"
              onChange={(e) => setId(e.target.value)}
              className={passwordField}
            />
            <p id="setup-id-help" className="mt-1 text-xs text-slate-500">
              {USER_ID_RULE}
            </p>
          </div>
          <div>
            <label htmlFor="setup-name" className={label}>
              Name
            </label>
            <input
              id="setup-name"
              data-testid="setup.name"
              value={name}
              maxLength={200}
              onChange={(e) => setName(e.target.value)}
              className={passwordField}
            />
          </div>
          <PasswordFields password={password} confirm={confirm} onPassword={setPassword} onConfirm={setConfirm} />
          {problem && (
            <p role="alert" data-testid="setup.error" className="text-sm text-red-700">
              {problem}
            </p>
          )}
          <Button type="submit" variant="primary" data-testid="setup.submit" disabled={busy}>
            Create administrator
          </Button>
        </form>
      )}
    </section>
  );
}
