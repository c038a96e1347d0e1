// @vitest-environment jsdom
// User Management parts: the add form's id rule and trimming, and the table's marks (You, Unsaved) and
// the self-delete guard.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AddUserForm } from '../../src/pages/users/AddUserForm';
import { UsersTable } from '../../src/pages/users/UsersTable';

afterEach(cleanup);

describe('Add New User', () => {
  it('requires an id, applies the id rule and sends trimmed values', async () => {
    const onAdd = vi.fn().mockResolvedValue(true);
    render(<AddUserForm disabled={false} onAdd={onAdd} />);
    expect(screen.getByTestId('users.add.idHelp')).toHaveTextContent('Email or unique identifier');
    expect(screen.getByText('Display name (optional)')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('users.add.submit'));
    expect(onAdd).not.toHaveBeenCalled();
    await userEvent.type(screen.getByTestId('users.add.id'), 'a b');
    await userEvent.click(screen.getByTestId('users.add.submit'));
    expect(screen.getByTestId('users.add.idHelp')).toHaveTextContent('3–64 chars: letters, numbers, . _ - @');
    await userEvent.clear(screen.getByTestId('users.add.id'));
    await userEvent.type(screen.getByTestId('users.add.id'), '  new@x.org ');
    await userEvent.type(screen.getByTestId('users.add.name'), ' Newbie ');
    await userEvent.selectOptions(screen.getByTestId('users.add.role'), 'admin');
    await userEvent.click(screen.getByTestId('users.add.submit'));
    expect(onAdd).toHaveBeenCalledWith({ id: 'new@x.org', name: 'Newbie', role: 'admin' });
    expect(screen.getByTestId('users.add.id')).toHaveValue('');
  });
  it('the role tooltip describes every role', () => {
    render(<AddUserForm disabled={false} onAdd={vi.fn()} />);
    const tip = screen.getAllByRole('tooltip')[0];
    expect(tip).toHaveTextContent('annotator: Can view and annotate videos, create annotations, and review work');
    expect(tip).toHaveTextContent('admin: Can manage sources, assignments, repository, and view all users');
    expect(tip).toHaveTextContent('super: Full system access including user management and all admin privileges');
  });
});

describe('users table', () => {
  const rows = [
    { id: 'me.super', name: 'Me', role: 'super' as const },
    { id: 'other', name: null, role: 'annotator' as const, unsaved: true },
  ];
  it('marks my row You and refuses its delete; an edited row is Unsaved and can be saved', async () => {
    const onSave = vi.fn();
    render(
      <UsersTable
        rows={rows}
        selfId="me.super"
        canEdit
        saving={null}
        onEdit={vi.fn()}
        onSave={onSave}
        onDelete={vi.fn()}
      />,
    );
    const mine = screen.getByTestId('users.row.me.super');
    expect(within(mine).getByTestId('users.youChip')).toHaveTextContent('You');
    expect(within(mine).getByTestId('users.delete')).toBeDisabled();
    expect(within(mine).getByText('Cannot delete yourself')).toBeInTheDocument();
    expect(within(mine).getByTestId('users.save')).toBeDisabled();
    const other = screen.getByTestId('users.row.other');
    expect(within(other).getByTestId('users.unsavedChip')).toHaveTextContent('Unsaved');
    expect(other).toHaveAttribute('data-unsaved', 'true');
    await userEvent.click(within(other).getByTestId('users.save'));
    expect(onSave).toHaveBeenCalledWith(rows[1]);
  });
  it('is read-only without edit rights', () => {
    render(
      <UsersTable
        rows={rows}
        selfId={null}
        canEdit={false}
        saving={null}
        onEdit={vi.fn()}
        onSave={vi.fn()}
        onDelete={vi.fn()}
      />,
    );
    for (const el of screen.getAllByTestId('users.nameInput')) expect(el).toBeDisabled();
    for (const el of screen.getAllByTestId('users.delete')) expect(el).toBeDisabled();
  });
});
