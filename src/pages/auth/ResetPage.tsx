// /reset?token=…: set a new password from the one-time link an administrator made; the app goes on
// signed in with it.
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { newPasswordProblem } from '../../../domain/auth';
import { resetPassword } from '../../api/auth';
import { Button } from '../../components/ui/Button';
import { useSession } from '../../session';
import { PasswordFields } from './PasswordFields';

export function ResetPage() {
  const token = useSearchParams()[0].get('token') ?? '';
  const { adopt } = useSession();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const local = newPasswordProblem(password, confirm);
    setProblem(local);
    if (local) return;
    setBusy(true);
    try {
      adopt(await resetPassword({ token, new_password: password }));
      navigate('/', { replace: true });
    } catch (e) {
      setProblem((e as Error).message);
      setBusy(false);
    }
  };
  return (
    <section
      data-testid="reset.page"
      className="mx-auto mt-10 max-w-md space-y-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 className="text-xl font-semibold">Choose a new password</h2>
      {!token ? (
        <p data-testid="reset.noToken" className="text-sm text-slate-700">
          This page needs the reset link an administrator gave you. Open that link instead.
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
          <p className="text-sm text-slate-600">The link works once. After this you sign in with the new password.</p>
          <PasswordFields password={password} confirm={confirm} onPassword={setPassword} onConfirm={setConfirm} />
          {problem && (
            <p role="alert" data-testid="reset.error" className="text-sm text-red-700">
              {problem}
            </p>
          )}
          <Button type="submit" variant="primary" data-testid="reset.submit" disabled={busy}>
            Set password
          </Button>
        </form>
      )}
    </section>
  );
}
