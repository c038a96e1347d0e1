// Video Library against the real server and sample library: sign-in, search, filters, pagination, URL state,
// KIV with remark + Status History, guest Sign-In Required, and the preview playing the video.
import { test, expect, expectConsole, grantRole, listVideos, sampleVideo, signIn } from './fixtures';

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

test('a guest gets Sign-In Required instead of changing a status', async ({ page }) => {
  await page.goto('/videos');
  await page.getByTestId('library.rowMenu').first().click();
  await page.getByRole('menuitem', { name: 'Mark KIV' }).click();
  const dialog = page.getByTestId('dialog.signInRequired');
  await expect(dialog).toContainText('Please sign in to perform this action.');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
});

test('marking KIV with a remark shows in Status History, and Unmark KIV goes back', async ({ page, request }) => {
  const v = await sampleVideo(request, 'mandelbrot_');
  await signIn(page, 'kiv-tester', 'annotator');
  await page.goto(`/videos?q=${encodeURIComponent(v.filename)}`);
  const row = page.locator(`[data-testid="library.row"][data-video-id="${v.id}"]`);
  const before = (await row.getByTestId('library.status').textContent())!;
  await row.getByTestId('library.rowMenu').click();
  await page.getByRole('menuitem', { name: 'Mark KIV' }).click();
  const dialog = page.getByTestId('dialog.remark');
  await expect(dialog.getByRole('heading', { name: 'Mark as KIV' })).toBeVisible();
  await expect(dialog.getByTestId('remark.counter')).toHaveText('0 / 150 chars • 0 / 20 words');
  await dialog.getByTestId('remark.text').fill(Array.from({ length: 21 }, () => 'w').join(' '));
  await expect(dialog.getByTestId('remark.confirm')).toBeDisabled();
  await dialog.getByTestId('remark.text').fill('needs a second look');
  await expect(dialog.getByTestId('remark.counter')).toHaveText('19 / 150 chars • 4 / 20 words');
  await dialog.getByTestId('remark.confirm').click();
  await expect(row.getByTestId('library.status')).toHaveText('kiv');
  await expect(row.getByTestId('library.statusBy')).toContainText('By kiv-tester @');

  await row.getByTestId('library.rowMenu').click();
  await page.getByRole('menuitem', { name: 'View History' }).click();
  const history = page.getByTestId('dialog.history');
  await expect(history.getByTestId('history.entry').first()).toContainText(`${before} → kiv`);
  await expect(history.getByTestId('history.entry').first()).toContainText('needs a second look');
  await expect(history.getByTestId('history.entry').first()).toContainText('by kiv-tester');
  await history.getByRole('button', { name: 'Close' }).click();

  await row.getByTestId('library.rowMenu').click();
  await page.getByRole('menuitem', { name: 'Unmark KIV' }).click();
  await expect(row.getByTestId('library.status')).toHaveText(before);
});

test('the preview dialog plays the video from the download endpoint', async ({ page, request }) => {
  const v = await sampleVideo(request, 'counter_');
  await page.goto(`/videos?q=${encodeURIComponent(v.filename)}`);
  await page.getByTestId('library.play').first().click();
  const dialog = page.getByTestId('dialog.preview');
  await expect(dialog.getByRole('button', { name: 'Open in new tab' })).toBeVisible();
  const video = dialog.getByTestId('preview.video');
  await expect(video).toHaveAttribute('src', `/api/v1/videos/${v.id}/download`);
  await expect
    .poll(() => video.evaluate((el: HTMLVideoElement) => el.currentTime), { timeout: 15_000 })
    .toBeGreaterThan(0.2);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
});

test('the processing log dialog shows the log or (no log yet)', async ({ page, request }) => {
  const v = await sampleVideo(request, 'portrait_');
  await page.goto(`/videos?q=${encodeURIComponent(v.filename)}`);
  await page.getByTestId('library.rowMenu').first().click();
  await page.getByRole('menuitem', { name: 'View Log' }).click();
  const dialog = page.getByTestId('dialog.log');
  await expect(dialog.getByRole('heading', { name: 'Processing Log' })).toBeVisible();
  const log = await (await request.get(`/api/v1/videos/${v.id}/log`)).text();
  await expect(dialog.getByTestId('log.text')).toHaveText(log.trim() ? log : '(no log yet)');
  await expect(dialog.getByRole('button', { name: 'Open Raw' })).toBeVisible();
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

test('Batch Export downloads a zip named by the server; Re-ingest reports its counts', async ({ page, request }) => {
  const v = await sampleVideo(request, 'ntsc_');
  const headers = { 'X-User-Id': 'export-tester' };
  // Labelled is set only from completed or reviewed: a never-processed sample video goes through reviewed.
  // The server offers no way back to pending, so the video stays labelled for the rest of the run.
  const status = async () => (await (await request.get(`/api/v1/videos/${v.id}/status`)).json()).status as string;
  const set = async (to: string) =>
    expect((await request.patch(`/api/v1/videos/${v.id}/status`, { headers, data: { status: to } })).ok()).toBeTruthy();
  if (!['reviewed', 'completed', 'labelled'].includes(await status())) await set('reviewed');
  if ((await status()) !== 'labelled') await set('labelled');
  await signIn(page, 'export-tester');
  await page.goto('/videos');
  await page.getByTestId('library.exportMenu').click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'All labelled (100%)' }).click();
  expect((await download).suggestedFilename()).toMatch(/^annotations_1\.0_.+\.zip$/);

  await page.getByTestId('library.sourceFilter').selectOption(v.source_root);
  await page.getByTestId('library.reingest').click();
  await expect(page.getByTestId('snackbar').filter({ hasText: 'Re-ingest completed' })).toHaveText(
    /Re-ingest completed • Added \d+ • Removed \d+/,
  );
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

test('Process from the row menu queues the video and status polling shows the worker taking it', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const v = await sampleVideo(request, 'portrait_');
  const status = (await (await request.get(`/api/v1/videos/${v.id}/status`)).json()).status;
  expect(status).toBe('pending');
  await signIn(page, 'process-tester');
  await page.goto(`/videos?q=${encodeURIComponent(v.filename)}`);
  const row = page.locator(`[data-testid="library.row"][data-video-id="${v.id}"]`);
  await row.getByTestId('library.rowMenu').click();
  await page.getByRole('menuitem', { name: 'Process', exact: true }).click();
  await expect(page.getByTestId('snackbar').filter({ hasText: 'Processing started' })).toBeVisible();
  // Polling picks up the worker's progress without a reload: pending → processing (→ completed or failed).
  await expect(row.getByTestId('library.status')).toHaveText(/^(processing|completed|failed)$/, { timeout: 200_000 });
  if ((await row.getByTestId('library.status').textContent()) === 'processing')
    await expect(row).toContainText(/Updated \d+s ago|completed|failed/);
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

test('Mark Reviewed in the preview needs a signed-in user and is disabled once reviewed', async ({ page, request }) => {
  const v = await sampleVideo(request, 'testsrc_');
  await signIn(page, 'review-tester');
  await page.goto(`/videos?q=${encodeURIComponent(v.filename)}`);
  const row = page.locator(`[data-testid="library.row"][data-video-id="${v.id}"]`);
  await row.getByTestId('library.play').click();
  const dialog = page.getByTestId('dialog.preview');
  // The server offers no way back from reviewed to pending, so the video stays reviewed for the rest of the run.
  await dialog.getByTestId('preview.markReviewed').click();
  await expect(dialog.getByTestId('preview.markReviewed')).toBeDisabled();
  await expect(row.getByTestId('library.status')).toHaveText('reviewed');
  expect((await (await request.get(`/api/v1/videos/${v.id}/status`)).json()).status).toBe('reviewed');
});

test('a refused reprocess restores the previous status and shows the spec text', async ({ page, request }) => {
  expectConsole(page, /status of 500/); // the refusal this test provokes
  const v = await sampleVideo(request, 'vp9_');
  // The list answers this row as failed so Reprocess is offered; the server call itself is refused.
  await page.route('**/api/v1/videos/?*', async (route) => {
    const res = await route.fetch();
    const rows = (await res.json()) as Array<{ id: number; processing_status: string }>;
    await route.fulfill({
      response: res,
      json: rows.map((r) => (r.id === v.id ? { ...r, processing_status: 'failed' } : r)),
    });
  });
  await page.route(`**/api/v1/videos/${v.id}/reprocess`, (route) => route.fulfill({ status: 500, body: '' }));
  await signIn(page, 'reprocess-tester');
  await page.goto(`/videos?q=${encodeURIComponent(v.filename)}`);
  const row = page.locator(`[data-testid="library.row"][data-video-id="${v.id}"]`);
  await expect(row.getByTestId('library.status')).toHaveText('failed');
  await row.getByTestId('library.rowMenu').click();
  await expect(page.getByRole('menuitem', { name: 'Process', exact: true })).toHaveAttribute('aria-disabled', 'true');
  await page.getByRole('menuitem', { name: 'Reprocess' }).click();
  await expect(page.getByTestId('snackbar').filter({ hasText: 'Failed to start reprocessing' })).toBeVisible();
  await expect(row.getByTestId('library.status')).toHaveText('failed');
});
