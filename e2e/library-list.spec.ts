// Video Library list against the real server and sample library: sign-in, search, filters, pagination and
// URL state, focus and restore, the narrow-screen drawer, and what a failed load shows.
import { test, expect, expectConsole, grantRole, listVideos } from './fixtures';

test('signing in through the account dialog validates the user id and shows the chip with the role the server grants', async ({
  page,
  request,
}) => {
  await page.goto('/videos');
  await expect(page.getByTestId('shell.sessionChip')).toHaveText('Guest');
  await page.getByTestId('shell.account').click();
  const dialog = page.getByTestId('dialog.signIn');
  await expect(dialog.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await expect(dialog.getByTestId('signIn.userIdHelp')).toHaveText('3–64 chars: letters, numbers, . _ - @');
  await dialog.getByTestId('signIn.submit').click();
  await expect(dialog.getByTestId('signIn.userIdHelp')).toHaveText('User ID is required');
  await dialog.getByTestId('signIn.userId').fill('a b');
  await dialog.getByTestId('signIn.submit').click();
  await expect(dialog.getByTestId('signIn.userIdHelp')).toHaveText('3–64 chars: letters, numbers, . _ - @');
  await dialog.getByTestId('signIn.userId').fill('  lib.tester ');
  await dialog.getByTestId('signIn.role').selectOption({ label: 'Administrator' });
  await dialog.getByTestId('signIn.submit').click();
  // Picking Administrator grants nothing: the server's users table does not know lib.tester.
  await expect(page.getByTestId('snackbar')).toContainText('This server has not granted you the Administrator role');
  await expect(page.getByTestId('shell.sessionChip')).toHaveText('Signed in: lib.tester (annotator)');
  await expect(page.getByTestId('shell.menu.assignments')).toHaveCount(0);
  // Once a super user grants the role, a reload shows it, and says nothing more.
  await grantRole(request, 'lib.tester', 'admin');
  await page.reload();
  await expect(page.getByTestId('shell.sessionChip')).toHaveText('Signed in: lib.tester (admin)');
  await expect(page.getByTestId('shell.menu.assignments')).toBeVisible();
  await expect(page.getByTestId('snackbar')).toHaveCount(0);
  await page.getByTestId('shell.account').click();
  await expect(page.getByRole('heading', { name: 'Account' })).toBeVisible();
  await page.getByTestId('signIn.signOut').click();
  await expect(page.getByTestId('shell.sessionChip')).toHaveText('Guest');
  await expect(page.getByTestId('shell.menu.assignments')).toHaveCount(0);
});

test('search, status and source filters narrow the list', async ({ page, request }) => {
  const all = await listVideos(request);
  await page.goto('/videos');
  await expect(page.getByTestId('library.row').first()).toBeVisible();
  await page.getByTestId('library.search').fill('counter_');
  await expect(page.getByTestId('library.row')).toHaveCount(1);
  await expect(page.getByTestId('library.filename')).toHaveText(/^counter_/);
  await expect(page).toHaveURL(/q=counter_/);
  await page.getByTestId('library.search').fill('');
  await expect(page.getByTestId('library.row')).toHaveCount(Math.min(10, all.length));

  const pending = all.filter((v) => v.processing_status === 'pending').length;
  await page.getByTestId('library.statusFilter').click();
  await page.getByTestId('library.statusOption.pending').click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/status=pending/);
  await expect(page.getByTestId('library.pageInfo')).toContainText(`of ${pending}`);
  for (const s of await page.getByTestId('library.status').allTextContents()) expect(s).toBe('pending');
  await page.getByTestId('library.statusFilter').click();
  await page.getByRole('option', { name: 'All statuses' }).click();
  await page.keyboard.press('Escape');
  await expect(page).not.toHaveURL(/status=/);

  const root = all[0].source_root;
  await expect(page.getByTestId('library.reingest')).toHaveCount(0);
  await page.getByTestId('library.sourceFilter').selectOption(root);
  await expect(page).toHaveURL(/source=/);
  await expect(page.getByTestId('library.pageInfo')).toContainText(
    `of ${all.filter((v) => v.source_root === root).length}`,
  );
  await expect(page.getByTestId('library.reingest')).toBeVisible();
});

test('pagination and rows per page survive a reload through the URL', async ({ page, request }) => {
  const all = await listVideos(request);
  expect(all.length).toBeGreaterThanOrEqual(6);
  await page.goto('/videos');
  await page.getByTestId('library.rowsPerPage').selectOption('5');
  await expect(page.getByTestId('library.row')).toHaveCount(5);
  await expect(page.getByTestId('library.pageInfo')).toHaveText(`1–5 of ${all.length}`);
  await page.getByTestId('library.nextPage').click();
  await expect(page).toHaveURL(/page=1/);
  await expect(page.getByTestId('library.pageInfo')).toHaveText(`6–${Math.min(10, all.length)} of ${all.length}`);
  await expect(page.getByTestId('library.row').first()).toHaveAttribute('data-video-id', String(all[5].id));
  await page.getByTestId('library.search').fill('_');
  await expect(page).toHaveURL(/q=_/);
  await page.reload();
  await expect(page.getByTestId('library.search')).toHaveValue('_');
  await expect(page.getByTestId('library.rowsPerPage')).toHaveValue('5');
  // A bare /videos visit comes back to the saved list state.
  await page.goto('/videos');
  await expect(page).toHaveURL(/rows=5/);
});

test('focus=<id> opens the page holding that row and highlights it; restore=1 brings back the saved filters', async ({
  page,
  request,
}) => {
  const all = await listVideos(request);
  const target = all[6];
  await page.goto(`/videos?rows=5&focus=${target.id}`);
  const row = page.locator(`[data-testid="library.row"][data-video-id="${target.id}"]`);
  await expect(row).toBeVisible();
  await expect(row).toHaveClass(/outline-amber/);
  await expect(page).toHaveURL(/page=1/);
  await expect(page.getByTestId('library.pageInfo')).toContainText('6–');

  await page.goto('/videos?q=counter_&rows=25');
  await expect(page.getByTestId('library.row')).toHaveCount(1);
  await page.goto('/upload');
  await page.goto('/videos?restore=1');
  await expect(page).toHaveURL(/q=counter_/);
  await expect(page).toHaveURL(/rows=25/);
  await expect(page.getByTestId('library.search')).toHaveValue('counter_');
});

test('on a narrow screen the side menu is a drawer that Escape closes', async ({ page }) => {
  await page.setViewportSize({ width: 600, height: 800 });
  await page.goto('/videos');
  const drawer = page.getByTestId('shell.drawer');
  await expect(drawer).toBeVisible();
  await expect(drawer).toContainText('Video Annotation Tool');
  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);
  await page.getByTestId('shell.menuToggle').click();
  await drawer.getByRole('link', { name: 'Upload' }).click();
  await expect(page).toHaveURL(/\/upload$/);
  await expect(drawer).toHaveCount(0);
});

test('load failures show the spec texts: list message or fallback, log error, history error entry', async ({
  page,
}) => {
  expectConsole(page, /status of (500|503)/); // the failures this test provokes
  await page.route('**/api/v1/videos/?*', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ detail: 'Database is restarting' }),
    }),
  );
  await page.goto('/videos');
  await expect(page.getByTestId('library.error')).toHaveText('Database is restarting');
  await expect(page.getByTestId('library.row')).toHaveCount(0);
  await page.unroute('**/api/v1/videos/?*');
  await page.route('**/api/v1/videos/?*', (route) => route.fulfill({ status: 500, body: '' }));
  await page.getByTestId('library.refresh').click();
  await expect(page.getByTestId('library.error')).toHaveText('Failed to load videos');
  await page.unroute('**/api/v1/videos/?*');
  await page.getByTestId('library.refresh').click();
  await expect(page.getByTestId('library.row').first()).toBeVisible();
  await expect(page.getByTestId('library.error')).toHaveCount(0);

  await page.route('**/api/v1/videos/*/log', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ detail: 'log store offline' }),
    }),
  );
  await page.route('**/api/v1/videos/*/history', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ detail: 'history offline' }),
    }),
  );
  await page.getByTestId('library.rowMenu').first().click();
  await page.getByRole('menuitem', { name: 'View Log' }).click();
  await expect(page.getByTestId('log.text')).toHaveText('Error loading log: log store offline');
  await page.keyboard.press('Escape');
  await page.getByTestId('library.rowMenu').first().click();
  await page.getByRole('menuitem', { name: 'View History' }).click();
  await expect(page.getByTestId('history.entry')).toHaveCount(1);
  await expect(page.getByTestId('history.entry')).toContainText('→ error');
});
