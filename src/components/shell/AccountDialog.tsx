// The Account dialog when the server signs people in (password and proxy modes): who you are, with the
// role the server holds (read-only, with the reason); 'Change password' (password mode); your API tokens;
// Sign Out (password mode: the proxy signs people out elsewhere). When the server asks for a new
// password, it opens on 'Change password' and cannot be closed until the password is changed.
import { useState } from 'react';
import type { AuthMode } from '../../../domain/auth';
import type { Role } from '../../../domain/constants';
import type { SessionUser } from '../../../machines/session-identity';
import { Modal } from '../dialogs/Modal';
import { Button } from '../ui/Button';
import { ApiTokensPanel } from './ApiTokensPanel';
import { ChangePasswordForm } from './ChangePasswordForm';
import { ServerRoleField } from './ServerRoleField';

type Tab = 'account' | 'password' | 'tokens';

export interface AccountDialogProps {
  user: SessionUser;
  role: Role;
  mode: Exclude<AuthMode, 'open'>;
  /** The server asks for a new password before anything else. */
  mustChangePassword: boolean;
  proxyHeader: string | null;
  /** The server's words when signing out failed. */
  error: string | null;
  busy: boolean;
  onClose: () => void;
  onSignOut: () => void;
  onPasswordChanged: () => void;
}

const field = 'mt-1 w-full rounded border border-slate-300 bg-slate-100 px-2 py-1.5 text-sm';
const label = 'block text-sm font-medium text-slate-700';

export function AccountDialog({
  user,
  role,
  mode,
  mustChangePassword,
  proxyHeader,
  error,
  busy,
  onClose,
  onSignOut,
  onPasswordChanged,
}: AccountDialogProps) {
  const [chosen, setChosen] = useState<Tab>('account');
  const tab: Tab = mustChangePassword ? 'password' : chosen;
  const tabs: Array<[Tab, string]> = [
    ['account', 'Account'],
    ...(mode === 'password' ? [['password', 'Change password'] as [Tab, string]] : []),
    ['tokens', 'API tokens'],
  ];
  const close = mustChangePassword ? () => {} : onClose;
  return (
    <Modal
      open
      onClose={close}
      title="Account"
      testId="dialog.account"
      width="max-w-2xl"
      actions={
        <>
          {mode === 'password' && (
            <Button variant="danger" data-testid="signIn.signOut" disabled={busy} onClick={onSignOut}>
              {busy ? 'Signing out...' : 'Sign Out'}
            </Button>
          )}
          {!mustChangePassword && <Button onClick={onClose}>Close</Button>}
        </>
      }
    >
      {!mustChangePassword && (
        <div role="tablist" aria-label="Account" className="mb-3 flex gap-1 border-b border-slate-200">
          {tabs.map(([t, text]) => (
            <button
              key={t}
              type="button"
              role="tab"
              aria-selected={tab === t}
              data-testid={`account.tab.${t}`}
              onClick={() => setChosen(t)}
              className={`-mb-px border-b-2 px-3 py-1.5 text-sm ${tab === t ? 'border-indigo-600 font-medium text-indigo-700' : 'border-transparent text-slate-600 hover:text-slate-900'}`}
            >
              {text}
            </button>
          ))}
        </div>
      )}
      {tab === 'account' && (
        <div className="space-y-3">
          <div>
            <label htmlFor="account-id" className={label}>
              User ID
            </label>
            <input id="account-id" data-testid="signIn.userId" readOnly value={user.id} className={field} />
          </div>
          <div>
            <label htmlFor="account-name" className={label}>
              Name (optional)
            </label>
            <input id="account-name" data-testid="signIn.name" readOnly value={user.name} className={field} />
          </div>
          <ServerRoleField role={role} />
          {mode === 'proxy' && (
            <p data-testid="account.proxyText" className="text-sm text-slate-600">
              You are signed in through your organisation&apos;s sign-in
              {proxyHeader ? ` (the ${proxyHeader} header)` : ''}. Sign out there.
            </p>
          )}
        </div>
      )}
      {tab === 'password' && <ChangePasswordForm forced={mustChangePassword} onChanged={onPasswordChanged} />}
      {tab === 'tokens' && <ApiTokensPanel />}
      {error && (
        <p role="alert" data-testid="account.error" className="mt-3 text-sm text-red-700">
          {error}
        </p>
      )}
    </Modal>
  );
}
