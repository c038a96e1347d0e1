// Assignments screen against the real server: a CSV import (dry run first, then for real) assigns two
// uploaded videos, and the library's Assignee filter shows them; non-admins see the warning.
import fs from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import {
  test,
  expect,
  expectConsole,
  grantRole,
  SUPER_ID,
  listVideos,
  sampleVideo,
  signIn,
  userHeaders,
} from './fixtures';

/** Uploads a copy of a sample clip under `name` through the API; answers the new video's id. */
async function uploadCopy(request: APIRequestContext, name: string): Promise<number> {
  const sample = await sampleVideo(request, 'testsrc_');
  const res = await request.post('/api/v1/videos/upload', {
    headers: userHeaders('uploader2'),
    multipart: { file: { name, mimeType: 'video/mp4', buffer: fs.readFileSync(sample.path) } },
  });
  expect(res.status()).toBe(201);
  return (await res.json()).id;
}

test('an annotator sees that assignments are for administrators', async ({ page }) => {
  await signIn(page, 'plain.annotator');
  await page.goto('/assignments');
  await expect(page.getByTestId('assignments.denied')).toHaveText(
    'Assignments management is limited to administrators.',
  );
  await expect(page.getByTestId('assignments.submit')).toHaveCount(0);
});

test('a dry run reports without changing anything; the real import assigns and the Assignee filter shows it', async ({
  page,
  request,
}) => {
  const ids = [await uploadCopy(request, 'assign-me-1.mp4'), await uploadCopy(request, 'assign-me-2.mp4')];
  const csv =
    'filename,worker_name\r\nassign-me-1.mp4,csv.worker\r\n"assign-me-2.mp4",csv.worker\r\nnot-in-library.mp4,csv.worker\r\n';
  await signIn(page, SUPER_ID, 'super');
  await page.goto('/assignments');
  await expect(page.getByTestId('assignments.submit')).toBeDisabled();
  await page
    .getByTestId('assignments.file')
    .setInputFiles({ name: 'assign.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByTestId('assignments.dryRun').check();
  await page.getByTestId('assignments.submit').click();
  const report = page.getByTestId('assignments.report');
  await expect(report.getByTestId('assignments.count.total_rows')).toHaveText('3');
  await expect(report.getByTestId('assignments.count.assigned')).toHaveText('2');
  await expect(report.getByTestId('assignments.count.missing')).toHaveText('1');
  await expect(report.getByTestId('assignments.rowAction')).toHaveText(['assigned', 'assigned', 'missing']);
  expect(await listVideos(request, '&assignee=csv.worker')).toEqual([]);

  await page.getByTestId('assignments.dryRun').uncheck();
  await page.getByTestId('assignments.submit').click();
  await expect(report).not.toContainText('dry run');
  await expect(report.getByTestId('assignments.count.assigned')).toHaveText('2');
  expect((await listVideos(request, '&assignee=csv.worker')).map((v) => v.id).sort()).toEqual(ids.sort());

  // again without force: both are already assigned
  await page.getByTestId('assignments.submit').click();
  await expect(report.getByTestId('assignments.count.skipped_already_assigned')).toHaveText('2');

  await page.goto('/videos');
  await page.getByTestId('library.assigneeFilter').selectOption('csv.worker');
  await expect(page.getByTestId('library.filename')).toHaveText(['assign-me-1.mp4', 'assign-me-2.mp4']);
});

test('a malformed CSV shows HTTP 400 with the reason', async ({ page }) => {
  expectConsole(page, /status of 400/);
  await signIn(page, SUPER_ID, 'super');
  await page.goto('/assignments');
  await page
    .getByTestId('assignments.file')
    .setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from('filename,owner\na.mp4,x\n') });
  await page.getByTestId('assignments.submit').click();
  await expect(page.getByTestId('assignments.error')).toContainText('HTTP 400: The CSV needs a worker_name column');
});

test('an administrator selects rows in the library and assigns them to a user from the menu', async ({
  page,
  request,
}) => {
  const id = await uploadCopy(request, 'assign-from-menu.mp4');
  await grantRole(request, 'menu.worker', 'annotator');
  await grantRole(request, 'lib.admin', 'admin');
  await signIn(page, 'lib.admin', 'admin');
  await page.goto('/videos?q=assign-from-menu');
  const row = page.locator(`[data-testid="library.row"][data-video-id="${id}"]`);
  await expect(row).toBeVisible();
  await row.getByTestId('library.select').check();
  await expect(page.getByTestId('library.selectedCount')).toHaveText('1 selected');
  await page.getByTestId('library.assignMenu').click();
  await page.getByRole('menuitem', { name: 'menu.worker (menu.worker)' }).click();
  await expect(page.getByTestId('snackbar')).toContainText('Assigned 1 video(s) to menu.worker');
  await expect(page.getByTestId('library.assignBar')).toHaveCount(0);
  await expect(row).toContainText('menu.worker');
  await expect(
    page.getByTestId('library.assigneeFilter').locator('option', { hasText: 'menu.worker (1)' }),
  ).toHaveCount(1);
  expect((await listVideos(request, '&assignee=menu.worker')).map((v) => v.id)).toEqual([id]);
});

test('an annotator has no selection column in the library', async ({ page }) => {
  await signIn(page, 'plain.annotator');
  await page.goto('/videos');
  await expect(page.getByTestId('library.row').first()).toBeVisible();
  await expect(page.getByTestId('library.select')).toHaveCount(0);
});
