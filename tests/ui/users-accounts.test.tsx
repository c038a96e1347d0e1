// @vitest-environment jsdom
// User Management where the server signs people in: the last sign-in column, the Disabled mark, the
// per-account actions (password mode adds Set password and Reset link; no Disable on your own row), the
// Set password dialog's rule and 'must change' choice, and the Sessions view ending one or all.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserSession } from '../../src/api/users';

const api = vi.hoisted(() => ({ sessions: [] as UserSession[], endOne: vi.fn(), endAll: vi.fn() }));
vi.mock('../../src/api/users', () => ({
  listUserSessions: async () => api.sessions,
  endUserSession: async (id: string, sid: string) => {
    api.endOne(id, sid);
    api.sessions = api.sessions.filter((s) => s.id !== sid);
  },
  endUserSessions: async (id: string) => {
    api.endAll(id);
    api.sessions = [];
  },
}));

const { UsersTable } = await import('../../src/pages/users/UsersTable');
const { SetPasswordDialog } = await import('../../src/pages/users/SetPasswordDialog');
const { SessionsDialog } = await import('../../src/pages/users/SessionsDialog');

const rows = [
  { id: 'boss', name: 'Boss', role: 'super' as const, disabled: false, last_sign_in_at: '2026-03-04T05:06:07Z' },
  { id: 'gone', name: 'Gone', role: 'annotator' as const, disabled: true, has_password: false, last_sign_in_at: null },
];
const noop = () => {};
const actions = (mode: 'password' | 'proxy') => ({
  mode,
  onSetPassword: vi.fn(),
  onResetLink: vi.fn(),
  onToggleDisabled: vi.fn(),
  onSessions: vi.fn(),
});

beforeEach(() => {
  api.endOne.mockClear();
  api.endAll.mockClear();
});
afterEach(cleanup);

describe('users table with server sign-in', () => {
  it('shows the last sign-in and the Disabled mark, and offers Enable for a disabled account', async () => {
    const account = actions('password');
    render(
      <UsersTable
        rows={rows}
        selfId="boss"
        canEdit
        saving={null}
        onEdit={noop}
        onSave={noop}
        onDelete={noop}
        account={account}
      />,
    );
    expect(screen.getByRole('columnheader', { name: 'Last sign-in' })).toBeInTheDocument();
    const gone = screen.getByTestId('users.row.gone');
    expect(within(gone).getByTestId('users.lastSignIn')).toHaveTextContent('Never');
    expect(within(gone).getByTestId('users.disabledChip')).toHaveTextContent('Disabled');
    expect(within(gone).getByTestId('users.noPasswordChip')).toHaveTextContent('No password');
    await userEvent.click(within(gone).getByRole('button', { name: 'Enable' }));
    expect(account.onToggleDisabled).toHaveBeenCalledWith(rows[1]);
    await userEvent.click(within(gone).getByRole('button', { name: 'Set password' }));
    expect(account.onSetPassword).toHaveBeenCalledWith(rows[1]);
    await userEvent.click(within(gone).getByRole('button', { name: 'Reset link' }));
    expect(account.onResetLink).toHaveBeenCalledWith(rows[1]);
    expect(within(screen.getByTestId('users.row.boss')).getByTestId('users.disable')).toBeDisabled();
  });

  it('proxy mode: no password actions; open mode: the spec table unchanged', () => {
    render(
      <UsersTable
        rows={rows}
        selfId="boss"
        canEdit
        saving={null}
        onEdit={noop}
        onSave={noop}
        onDelete={noop}
        account={actions('proxy')}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Set password' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Sessions' })).toHaveLength(2);
    cleanup();
    render(<UsersTable rows={rows} selfId="boss" canEdit saving={null} onEdit={noop} onSave={noop} onDelete={noop} />);
    expect(screen.queryByRole('columnheader', { name: 'Last sign-in' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sessions' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('users.disabledChip')).not.toBeInTheDocument();
  });
});

describe('Set password', () => {
  it('asks for 12 characters twice and sends the must-change choice', async () => {
    const onSet = vi.fn(async () => null);
    render(<SetPasswordDialog userId="gone" onCancel={noop} onSet={onSet} />);
    expect(screen.getByLabelText('Must change at next sign-in')).toBeChecked();
    await userEvent.type(screen.getByLabelText('Password'), 'too-short');
    await userEvent.type(screen.getByLabelText('Password again'), 'too-short');
    await userEvent.click(screen.getByTestId('users.setPasswordConfirm'));
    expect(screen.getByRole('alert')).toHaveTextContent('Use at least 12 characters.');
    expect(onSet).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText('Password'), '-now-longer');
    await userEvent.type(screen.getByLabelText('Password again'), '-now-longer');
    await userEvent.click(screen.getByLabelText('Must change at next sign-in'));
    await userEvent.click(screen.getByTestId('users.setPasswordConfirm'));
    expect(onSet).toHaveBeenCalledWith('too-short-now-longer', false);
  });
});

describe('Sessions', () => {
  it('lists the sessions and ends one, then all', async () => {
    api.sessions = [
      {
        id: 's1',
        created_at: '2026-01-01T00:00:00Z',
        last_seen_at: '2026-01-01T01:00:00Z',
        expires_at: '2026-01-02T00:00:00Z',
        ip: '10.0.0.1',
        user_agent: 'Firefox',
      },
      {
        id: 's2',
        created_at: '2026-01-01T00:00:00Z',
        last_seen_at: '2026-01-01T02:00:00Z',
        expires_at: '2026-01-02T00:00:00Z',
        ip: '10.0.0.2',
        user_agent: 'Chromium',
      },
    ];
    render(<SessionsDialog userId="gone" onClose={noop} />);
    await userEvent.click(within(await screen.findByTestId('users.session.s1')).getByRole('button', { name: 'End' }));
    expect(api.endOne).toHaveBeenCalledWith('gone', 's1');
    await waitFor(() => expect(screen.queryByTestId('users.session.s1')).not.toBeInTheDocument());
    expect(screen.getByTestId('users.session.s2')).toHaveTextContent('10.0.0.2');
    await userEvent.click(screen.getByRole('button', { name: 'End all' }));
    expect(api.endAll).toHaveBeenCalledWith('gone');
    expect(await screen.findByText('gone is not signed in anywhere.')).toBeInTheDocument();
  });
});
