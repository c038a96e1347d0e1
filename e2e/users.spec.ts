// User Management: a super user adds, edits and deletes an account; an admin sees the list read-only.
import { test, expect, grantRole, signIn, SUPER_ID, userHeaders } from './fixtures';

test('a super user adds, edits and deletes a user, and the change is audited', async ({ page, request }) => {
  await signIn(page, SUPER_ID, 'super');
  await page.goto('/admin/users');
  await expect(page.getByText('Manage user accounts and role assignments')).toBeVisible();
  await expect(page.getByTestId(`users.row.${SUPER_ID}`).getByTestId('users.youChip')).toHaveText('You');
  await expect(page.getByTestId(`users.row.${SUPER_ID}`).getByTestId('users.delete')).toBeDisabled();

  // add
  await page.getByTestId('users.add.id').fill('  e2e.new@example.com ');
  await page.getByTestId('users.add.name').fill('New Person');
  await page.getByTestId('users.add.role').selectOption('annotator');
  await page.getByTestId('users.add.submit').click();
  await expect(page.getByTestId('users.notice').filter({ hasText: 'Added e2e.new@example.com' })).toBeVisible();
  const row = page.getByTestId('users.row.e2e.new@example.com');
  await expect(row.getByTestId('users.nameInput')).toHaveValue('New Person');

  // the list is sorted by id and filtered by search
  const ids = await page
    .locator('[data-testid^="users.row."]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!.slice(10)));
  expect(ids).toEqual([...ids].sort());
  await page.getByTestId('users.search').fill('new person');
  await expect(page.getByTestId('users.count')).toHaveText(new RegExp(`^Showing 1 of ${ids.length} users$`));
  await page.getByTestId('users.search').fill('');

  // inline edit: unsaved mark, then save
  await row.getByTestId('users.roleSelect').selectOption('admin');
  await row.getByTestId('users.nameInput').fill('Renamed Person');
  await expect(row.getByTestId('users.unsavedChip')).toHaveText('Unsaved');
  await row.getByTestId('users.save').click();
  await expect(page.getByTestId('users.notice').filter({ hasText: 'Updated e2e.new@example.com' })).toBeVisible();
  await expect(row.getByTestId('users.unsavedChip')).toHaveCount(0);
  const stored = (
    await (await request.get('/api/v1/admin/users', { headers: userHeaders(SUPER_ID, 'super') })).json()
  ).find((u: { id: string }) => u.id === 'e2e.new@example.com');
  expect(stored).toMatchObject({ name: 'Renamed Person', role: 'admin' });

  // history
  await row.getByTestId('users.historyToggle').click();
  await expect(page.getByTestId('users.historyEntry').first()).toContainText('role annotator → admin');

  // delete
  await row.getByTestId('users.delete').click();
  const dialog = page.getByTestId('users.deleteDialog');
  await expect(dialog).toContainText('Confirm Delete User');
  await dialog.getByTestId('users.deleteConfirm').click();
  await expect(page.getByTestId('users.notice').filter({ hasText: 'Removed e2e.new@example.com' })).toBeVisible();
  await expect(page.getByTestId('users.row.e2e.new@example.com')).toHaveCount(0);
});

test('an admin sees the list read-only and the restriction notice; an annotator sees only the notice', async ({
  page,
  request,
  browser,
}) => {
  await grantRole(request, 'e2e-admin-users', 'admin');
  await signIn(page, 'e2e-admin-users', 'admin');
  await page.goto('/admin/users');
  await expect(page.getByTestId('users.restricted')).toHaveText('User-role management is restricted to super users.');
  await expect(page.getByTestId(`users.row.${SUPER_ID}`)).toBeVisible();
  await expect(page.getByTestId('users.add.submit')).toBeDisabled();
  await expect(page.getByTestId(`users.row.${SUPER_ID}`).getByTestId('users.roleSelect')).toBeDisabled();

  const other = await browser.newPage();
  await signIn(other, 'e2e-plain-annotator');
  await other.goto('/admin/users');
  await expect(other.getByTestId('users.restricted')).toBeVisible();
  await expect(other.getByTestId('users.table')).toHaveCount(0);
  await other.close();
});
