// 'Set password' (super, password mode): a new password for another account, by default one the user must
// change at their next sign-in. The server ends that user's sessions.
import { useState } from 'react';
import { newPasswordProblem } from '../../../domain/auth';
import { Modal } from '../../components/dialogs/Modal';
import { Button } from '../../components/ui/Button';
import { PasswordFields } from '../auth/PasswordFields';

export function SetPasswordDialog({
  userId,
  onCancel,
  onSet,
}: {
  userId: string;
  onCancel: () => void;
  /** Resolves to an error text, or null once the password is set. */
  onSet: (password: string, mustChange: boolean) => Promise<string | null>;
}) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [mustChange, setMustChange] = useState(true);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const local = newPasswordProblem(password, confirm);
    setProblem(local);
    if (local) return;
    setBusy(true);
    const failed = await onSet(password, mustChange);
    setBusy(false);
    setProblem(failed);
  };
  return (
    <Modal
      open
      onClose={busy ? () => {} : onCancel}
      title={`Set password for ${userId}`}
      testId="users.setPasswordDialog"
      actions={
        <>
          <Button disabled={busy} onClick={onCancel}>
            Cancel
          </Button>
          <Button
            variant="primary"
            data-testid="users.setPasswordConfirm"
            disabled={busy}
            onClick={() => void submit()}
          >
            Set password
          </Button>
        </>
      }
    >
      <form
        className="space-y-3"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <PasswordFields password={password} confirm={confirm} onPassword={setPassword} onConfirm={setConfirm} />
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            data-testid="users.mustChange"
            checked={mustChange}
            onChange={(e) => setMustChange(e.target.checked)}
          />
          Must change at next sign-in
        </label>
        <p className="text-xs text-slate-500">Setting a password signs {userId} out everywhere.</p>
        {problem && (
          <p role="alert" className="text-sm text-red-700">
            {problem}
          </p>
        )}
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </form>
    </Modal>
  );
}
