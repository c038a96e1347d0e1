// Video Library actions on a video against the real server and sample library: status changes (guest Sign-In
// Required, KIV with remark + Status History, Mark Reviewed, Process, a refused reprocess), the preview playing
// the video, the processing log, Batch Export and Re-ingest.
import { test, expect, expectConsole, sampleVideo, signIn } from './fixtures';

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
  await expect(video).toHaveAttribute('src', `/api/v1/videos/${v.id}/download?playback=1`);
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
