// @vitest-environment jsdom
// Account dialog (password and proxy modes): the server's role read-only with the reason, a forced
// password change that cannot be closed, tokens shown once with Copy and the warning, revoke after a confirm.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiToken, NewApiToken } from '../../src/api/me';

const api = vi.hoisted(() => ({
  tokens: [] as ApiToken[],
  changePassword: vi.fn(async () => undefined),
  createToken: vi.fn(),
  revokeToken: vi.fn(async () => undefined),
}));
vi.mock('../../src/api/me', () => ({
  changePassword: api.changePassword,
  listTokens: async () => api.tokens,
  createToken: api.createToken,
  revokeToken: api.revokeToken,
}));

const { AccountDialog } = await import('../../src/components/shell/AccountDialog');

const ann = { signedIn: true, id: 'ann', name: 'Ann', role: 'annotator' as const };
const open = (props: Partial<Parameters<typeof AccountDialog>[0]> = {}) => {
  const handlers = { onClose: vi.fn(), onSignOut: vi.fn(), onPasswordChanged: vi.fn() };
  render(
    <AccountDialog
      user={ann}
      role="admin"
      mode="password"
      mustChangePassword={false}
      proxyHeader={null}
      error={null}
      busy={false}
      {...handlers}
      {...props}
    />,
  );
  return handlers;
};

beforeEach(() => {
  api.tokens = [];
  api.changePassword.mockClear();
  api.createToken.mockReset();
  api.revokeToken.mockClear();
});
afterEach(cleanup);

describe('account dialog', () => {
  it('shows who you are with the role the server holds, read-only, and signs out', async () => {
    const { onSignOut } = open();
    expect(screen.getByLabelText('User ID')).toHaveValue('ann');
    expect(screen.getByLabelText('Role')).toHaveValue('admin');
    expect(screen.getByLabelText('Role')).toBeDisabled();
    expect(screen.getByTestId('signIn.roleReason')).toHaveTextContent('Your role is set by an administrator');
    await userEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(onSignOut).toHaveBeenCalled();
  });

  it('proxy: no password tab and no Sign Out, and says where you signed in', () => {
    open({ mode: 'proxy', proxyHeader: 'X-Forwarded-User' });
    expect(screen.queryByRole('tab', { name: 'Change password' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign Out' })).not.toBeInTheDocument();
    expect(screen.getByTestId('account.proxyText')).toHaveTextContent('X-Forwarded-User');
  });

  it('holds a user who must change the password on Change password, with no Close, until it is changed', async () => {
    const { onClose, onPasswordChanged } = open({ mustChangePassword: true });
    expect(screen.getByTestId('account.mustChange')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText('Current password'), 'temporary-pass');
    await userEvent.type(screen.getByLabelText('New password'), 'short');
    await userEvent.type(screen.getByLabelText('New password again'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Use at least 12 characters.');
    expect(api.changePassword).not.toHaveBeenCalled();
    await userEvent.clear(screen.getByLabelText('New password'));
    await userEvent.clear(screen.getByLabelText('New password again'));
    await userEvent.type(screen.getByLabelText('New password'), 'my own long password');
    await userEvent.type(screen.getByLabelText('New password again'), 'my own long password');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(api.changePassword).toHaveBeenCalledWith('temporary-pass', 'my own long password');
    await waitFor(() => expect(onPasswordChanged).toHaveBeenCalled());
  });

  it('creates a token, shows it once with Copy and the warning, and lists it', async () => {
    const made: NewApiToken = {
      id: 1,
      name: 'nightly export',
      token: 'vat_secret123',
      created_at: '2026-01-02T03:04:05Z',
      expires_at: null,
    };
    api.createToken.mockImplementation(async () => {
      api.tokens = [{ ...made, last_used_at: null }];
      return made;
    });
    open();
    await userEvent.click(screen.getByRole('tab', { name: 'API tokens' }));
    expect(await screen.findByText('You have no API tokens.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Token name'), 'nightly export');
    await userEvent.type(screen.getByLabelText('Expires in days'), '30');
    await userEvent.click(screen.getByRole('button', { name: 'Create token' }));
    expect(api.createToken).toHaveBeenCalledWith('nightly export', 30);
    expect(await screen.findByText('Copy this token now. It will not be shown again.')).toBeInTheDocument();
    expect(screen.getByTestId('tokens.value')).toHaveValue('vat_secret123');
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(await screen.findByTestId('tokens.row.1')).toHaveTextContent('Never used');
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByText('vat_secret123')).not.toBeInTheDocument();
    expect(screen.queryByTestId('tokens.value')).not.toBeInTheDocument();
  });

  it('refuses an expiry that is not a whole number of days', async () => {
    open();
    await userEvent.click(screen.getByRole('tab', { name: 'API tokens' }));
    await userEvent.type(screen.getByLabelText('Token name'), 'ci');
    await userEvent.type(screen.getByLabelText('Expires in days'), '1.5');
    await userEvent.click(screen.getByRole('button', { name: 'Create token' }));
    expect(screen.getByRole('alert')).toHaveTextContent('whole number of days');
    expect(api.createToken).not.toHaveBeenCalled();
  });

  it('revokes a token only after the confirm', async () => {
    api.tokens = [
      {
        id: 9,
        name: 'old script',
        created_at: '2026-01-01T00:00:00Z',
        expires_at: null,
        last_used_at: '2026-02-01T00:00:00Z',
      },
    ];
    open();
    await userEvent.click(screen.getByRole('tab', { name: 'API tokens' }));
    await userEvent.click(await screen.findByTestId('tokens.revoke'));
    expect(api.revokeToken).not.toHaveBeenCalled();
    expect(screen.getByText('Scripts that use this token will stop working at once.')).toBeInTheDocument();
    api.tokens = [];
    await userEvent.click(screen.getByTestId('tokens.confirmRevoke'));
    expect(api.revokeToken).toHaveBeenCalledWith(9);
    expect(await screen.findByText('You have no API tokens.')).toBeInTheDocument();
  });
});
