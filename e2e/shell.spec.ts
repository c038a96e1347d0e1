import { test, expect, listVideos, SUPER_ID } from './fixtures';

test('the app opens on the dashboard route inside the shell', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('shell.topbar')).toContainText('Video Annotation Tool');
  await expect(page.getByTestId('shell.sidemenu')).toBeVisible();
});

test('unknown paths go to the library and unknown API paths answer JSON 404', async ({ page, request }) => {
  await page.goto('/no/such/screen');
  await expect(page).toHaveURL(/\/videos$/);
  const res = await request.get('/api/v1/no-such-thing');
  expect(res.status()).toBe(404);
  expect((await res.json()).detail).toMatch(/No such endpoint/);
});

test('the sample library is ingested with probed metadata', async ({ request }) => {
  const videos = await listVideos(request);
  const counter = videos.find((v) => v.filename.startsWith('counter_'));
  expect(counter).toMatchObject({ width: 640, height: 360, fps: 30, total_frames: 600 });
  const ntsc = videos.find((v) => v.filename.startsWith('ntsc_'));
  expect(ntsc?.fps_rational).toBe('30000/1001');
  expect(videos.some((v) => v.filename.endsWith('.webm'))).toBe(true);
  expect(videos.some((v) => v.filename.startsWith('people_'))).toBe(true);
});

test('a bootstrapped super user who signs in with the default role sees super and the super-only menu', async ({
  page,
}) => {
  await page.goto('/videos');
  await page.getByTestId('shell.account').click();
  const dialog = page.getByTestId('dialog.signIn');
  await dialog.getByTestId('signIn.userId').fill(SUPER_ID);
  await dialog.getByTestId('signIn.submit').click();
  await expect(page.getByTestId('shell.sessionChip')).toHaveText(`Signed in: ${SUPER_ID} (super)`);
  await expect(page.getByTestId('shell.menu.admin-users')).toBeVisible();
  await expect(page.getByTestId('snackbar')).toHaveCount(0);
});
