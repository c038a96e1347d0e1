// A new password typed twice, with the rule in plain words (the setup and reset pages).
import { PASSWORD_MIN_LENGTH } from '../../../domain/auth';
import { passwordField } from '../../components/shell/ChangePasswordForm';

const label = 'block text-sm font-medium text-slate-700';

export function PasswordFields({
  password,
  confirm,
  onPassword,
  onConfirm,
}: {
  password: string;
  confirm: string;
  onPassword: (v: string) => void;
  onConfirm: (v: string) => void;
}) {
  return (
    <>
      <div>
        <label htmlFor="new-password" className={label}>
          Password
        </label>
        <input
          id="new-password"
          data-testid="auth.password"
          type="password"
          autoComplete="new-password"
          value={password}
          aria-describedby="new-password-help"
          onChange={(e) => onPassword(e.target.value)}
          className={passwordField}
        />
        <p id="new-password-help" className="mt-1 text-xs text-slate-500">
          At least {PASSWORD_MIN_LENGTH} characters, and not a common password.
        </p>
      </div>
      <div>
        <label htmlFor="confirm-password" className={label}>
          Password again
        </label>
        <input
          id="confirm-password"
          data-testid="auth.confirmPassword"
          type="password"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => onConfirm(e.target.value)}
          className={passwordField}
        />
      </div>
    </>
  );
}
