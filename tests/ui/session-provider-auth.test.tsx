// @vitest-environment jsdom
// The session provider against a password-mode server: a failed sign-in keeps the dialog with the
// server's words, a good one closes it; a user who must change the password gets the Account dialog on
// 'Change password' without asking; where guests may see nothing, the app knows to ask for sign-in first.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromPromise } from 'xstate';
import { SessionProvider, useSession } from '../../src/session';
import { ApiError } from '../../src/api/request';
import type { AuthConfig, ServerIdentity } from '../../domain/auth';

afterEach(cleanup);

const NOBODY: ServerIdentity = { signed_in: false, id: null, name: null, role: 'annotator' };
function actorsFor(
  auth: Partial<AuthConfig>,
  opts: { me?: ServerIdentity; login?: (id: string, pw: string) => Promise<ServerIdentity> } = {},
) {
  return {
    fetchAuthConfig: fromPromise<AuthConfig>(async () => ({
      mode: 'password',
      guest_access: 'read',
      setup_required: false,
      proxy_user_header: null,
      ...auth,
    })),
    fetchMe: fromPromise<ServerIdentity>(async () => opts.me ?? NOBODY),
    login: fromPromise<ServerIdentity, { id: string; password: string }>(({ input }) =>
      opts.login!(input.id, input.password),
    ),
    logout: fromPromise<void>(async () => {}),
  };
}

function Probe() {
  const { user, role, openSignIn, mustSignInFirst } = useSession();
  return (
    <div>
      <span data-testid="who">{user.signedIn ? `${user.id} ${role}` : 'guest'}</span>
      <span data-testid="gate">{mustSignInFirst ? 'sign in first' : 'browse'}</span>
      <button type="button" onClick={openSignIn}>
        open
      </button>
    </div>
  );
}

const mount = (actors: ReturnType<typeof actorsFor>) =>
  render(
    <SessionProvider storage={null} actors={actors}>
      <Probe />
    </SessionProvider>,
  );

describe('session provider in password mode', () => {
  it("keeps the sign-in dialog with the server's words on a wrong password, and closes it on the right one", async () => {
    const login = vi.fn(async (id: string, pw: string) => {
      if (pw !== 'the right password') throw new ApiError(401, 'Wrong user ID or password');
      return { signed_in: true, id, name: 'Ann', role: 'admin' as const, must_change_password: false };
    });
    mount(actorsFor({}, { login }));
    await userEvent.click(screen.getByRole('button', { name: 'open' }));
    expect(await screen.findByLabelText('Password')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('User ID'), 'ann');
    await userEvent.type(screen.getByLabelText('Password'), 'a wrong password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong user ID or password');
    expect(screen.getByTestId('who')).toHaveTextContent('guest');
    await userEvent.clear(screen.getByLabelText('Password'));
    await userEvent.type(screen.getByLabelText('Password'), 'the right password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(screen.getByTestId('who')).toHaveTextContent('ann admin'));
    expect(screen.queryByTestId('dialog.signIn')).not.toBeInTheDocument();
    expect(login).toHaveBeenLastCalledWith('ann', 'the right password');
  });

  it('opens the Account dialog on Change password by itself when the server asks for a new password', async () => {
    mount(
      actorsFor(
        {},
        { me: { signed_in: true, id: 'temp', name: 'Temp', role: 'annotator', must_change_password: true } },
      ),
    );
    expect(await screen.findByTestId('dialog.account')).toBeInTheDocument();
    expect(screen.getByTestId('account.mustChange')).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toBeInTheDocument();
  });

  it('asks a guest to sign in first where guests may see nothing', async () => {
    mount(actorsFor({ guest_access: 'none' }));
    await waitFor(() => expect(screen.getByTestId('gate')).toHaveTextContent('sign in first'));
  });
});
