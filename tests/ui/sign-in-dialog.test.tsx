// @vitest-environment jsdom
// Sign-in dialog: titles, helper text, validation messages, trimmed id, Sign Out only when signed in.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SignInDialog } from '../../src/components/shell/SignInDialog';
import { GUEST } from '../../machines/session-identity';

afterEach(cleanup);

const setup = (user = GUEST) => {
  const onSubmit = vi.fn(),
    onClose = vi.fn(),
    onSignOut = vi.fn();
  render(<SignInDialog open user={user} onSubmit={onSubmit} onClose={onClose} onSignOut={onSignOut} />);
  return { onSubmit, onClose, onSignOut };
};

describe('sign-in dialog', () => {
  it('shows Sign In with the helper text and no Sign Out for a guest', () => {
    setup();
    expect(screen.getByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByTestId('signIn.userIdHelp')).toHaveTextContent('3–64 chars: letters, numbers, . _ - @');
    expect(screen.queryByRole('button', { name: 'Sign Out' })).not.toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Annotator / Reviewer' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Administrator' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Super User' })).toBeInTheDocument();
  });

  it('says User ID is required for an empty or blank id and does not submit', async () => {
    const { onSubmit } = setup();
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByTestId('signIn.userIdHelp')).toHaveTextContent('User ID is required');
    await userEvent.type(screen.getByLabelText('User ID'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByTestId('signIn.userIdHelp')).toHaveTextContent('User ID is required');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it.each(['ab', 'has space', 'x'.repeat(65), 'bad#char'])('rejects %s with the rule text', async (id) => {
    const { onSubmit } = setup();
    await userEvent.type(screen.getByLabelText('User ID'), id);
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByTestId('signIn.userIdHelp')).toHaveTextContent('3–64 chars: letters, numbers, . _ - @');
    expect(screen.getByLabelText('User ID')).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits the trimmed id, name and chosen role', async () => {
    const { onSubmit, onClose } = setup();
    await userEvent.type(screen.getByLabelText('User ID'), '  jane.doe@lab ');
    await userEvent.type(screen.getByLabelText('Name (optional)'), 'Jane');
    await userEvent.selectOptions(screen.getByLabelText('Role'), 'Super User');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(onSubmit).toHaveBeenCalledWith({ id: 'jane.doe@lab', name: 'Jane', role: 'super' });
    expect(onClose).toHaveBeenCalled();
  });

  it('shows Account, Update and Sign Out when signed in', async () => {
    const { onSignOut } = setup({ signedIn: true, id: 'bob', name: 'Bob', role: 'admin' });
    expect(screen.getByRole('heading', { name: 'Account' })).toBeInTheDocument();
    expect(screen.getByLabelText('User ID')).toHaveValue('bob');
    expect(screen.getByRole('button', { name: 'Update' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(onSignOut).toHaveBeenCalled();
  });
});

describe('sign-in dialog when the server signs people in', () => {
  const setupMode = (mode: 'password' | 'proxy', extra: { error?: string; setupRequired?: boolean } = {}) => {
    const onSubmit = vi.fn(),
      onClose = vi.fn(),
      onSignOut = vi.fn(),
      onLogin = vi.fn();
    render(
      <SignInDialog
        open
        user={GUEST}
        mode={mode}
        onSubmit={onSubmit}
        onClose={onClose}
        onSignOut={onSignOut}
        onLogin={onLogin}
        error={extra.error ?? null}
        setupRequired={extra.setupRequired}
      />,
    );
    return { onSubmit, onClose, onLogin };
  };

  it('password: keeps the spec fields, adds Password, and shows the role as set by an administrator', () => {
    setupMode('password');
    expect(screen.getByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByLabelText('User ID')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Name (optional)')).toBeDisabled();
    expect(screen.getByLabelText('Role')).toBeDisabled();
    expect(screen.getByTestId('signIn.roleReason')).toHaveTextContent('Your role is set by an administrator');
  });

  it('password: posts the trimmed id and the password, and stays open for the server to answer', async () => {
    const { onLogin, onSubmit, onClose } = setupMode('password');
    await userEvent.type(screen.getByLabelText('User ID'), ' ann ');
    await userEvent.type(screen.getByLabelText('Password'), 'correct horse battery');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(onLogin).toHaveBeenCalledWith({ id: 'ann', password: 'correct horse battery' });
    expect(onSubmit).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('password: asks for the password before posting', async () => {
    const { onLogin } = setupMode('password');
    await userEvent.type(screen.getByLabelText('User ID'), 'ann');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(onLogin).not.toHaveBeenCalled();
  });

  it("password: shows the server's words for a failed sign-in, and the setup hint on a new server", () => {
    setupMode('password', { error: 'Wrong user ID or password', setupRequired: true });
    expect(screen.getByRole('alert')).toHaveTextContent('Wrong user ID or password');
    expect(screen.getByTestId('signIn.setupRequired')).toHaveTextContent('no administrator yet');
  });

  it('proxy: has no form, only who signs you in', () => {
    setupMode('proxy');
    expect(screen.queryByLabelText('User ID')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument();
    expect(screen.getByTestId('signIn.proxyText')).toHaveTextContent("organisation's sign-in page");
  });
});
