// Metrics: live blocks equal the API's figures; the 'Show API Status Bar' switch shows the footer bar,
// which reports the database and the AI device, pings, survives a reload and reports a failing server.
import { test, expect, expectConsole, grantRole, signIn, userHeaders } from './fixtures';

test('the blocks show the summary and details the API answers', async ({ page, request }) => {
  const summary = await (await request.get('/api/v1/metrics/summary')).json();
  const details = await (await request.get('/api/v1/metrics/details')).json();
  await page.goto('/metrics');
  await expect(page.getByTestId('metrics.bar.total')).toHaveText(String(summary.totals.videos));
  for (const s of ['completed', 'processing', 'reviewed'])
    await expect(page.getByTestId(`metrics.bar.${s}`)).toHaveText(String(summary.status[s]));
  await expect(page.getByTestId('metrics.humanDetections')).toHaveText(
    String(details.human_review.human_edited_detections),
  );
  await expect(page.getByTestId('metrics.verifiedSegments')).toHaveText(
    `${details.human_review.verified_segments} of ${details.human_review.segments}`,
  );
  if (details.processing.runs) {
    await expect(page.getByTestId('metrics.framesPerSecond')).toHaveText(
      `${details.processing.median_frames_per_second} analysed frames/s`,
    );
  } else {
    await expect(page.getByTestId('metrics.noRuns')).toHaveText('No processing runs recorded yet.');
  }
  await expect(page.getByTestId('metrics.notMeasured').first()).toContainText('not measured');
});

test("an administrator sees the Sign-in block with the API's figures; a guest does not", async ({ page, request }) => {
  await page.goto('/metrics');
  await expect(page.getByTestId('metrics.ai')).toBeVisible();
  await expect(page.getByTestId('metrics.signIn')).toHaveCount(0);
  await grantRole(request, 'e2e-metrics-admin', 'admin');
  const figures = await (
    await request.get('/api/v1/metrics/sign-in', { headers: userHeaders('e2e-metrics-admin', 'admin') })
  ).json();
  await signIn(page, 'e2e-metrics-admin', 'admin');
  await page.goto('/metrics');
  await expect(page.getByTestId('metrics.signIn.failed')).toHaveText(String(figures.failed_24h));
  await expect(page.getByTestId('metrics.signIn.hashing')).toHaveText(/^\d+ running, \d+ waiting$/);
});

test('the status bar toggles, shows the database status and the AI device, pings, and stays chosen', async ({
  page,
  request,
}) => {
  const status = await (await request.get('/api/v1/status')).json();
  await page.goto('/metrics');
  await expect(page.getByTestId('statusBar')).toHaveCount(0);
  await page.getByTestId('metrics.statusBarSwitch').click();
  await expect(page.getByTestId('statusBar.database')).toHaveText(`Database: ${status.database_status}`);
  await expect(page.getByTestId('statusBar.device')).toHaveText(`AI device: ${status.ai_models.device}`);
  await page.getByTestId('statusBar.pingButton').click();
  await expect(page.getByTestId('statusBar.ping')).toHaveText(/^Ping: \d+ ms$/);
  expect(await page.evaluate(() => localStorage.getItem('debugBarEnabled'))).toBe('true');

  await page.goto('/videos');
  await expect(page.getByTestId('statusBar.database')).toHaveText(`Database: ${status.database_status}`);

  await page.goto('/metrics');
  await page.getByTestId('metrics.statusBarSwitch').click();
  await expect(page.getByTestId('statusBar')).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('debugBarEnabled'))).toBe('false');
});

test('a failing status call shows Status: error with the message', async ({ page }) => {
  expectConsole(page, /status of 503/);
  await page.addInitScript(() => localStorage.setItem('debugBarEnabled', 'true'));
  // the failure is made at the test's edge: the real server is healthy
  await page.route('**/api/v1/status', (route) => route.fulfill({ status: 503, body: '' }));
  await page.goto('/dashboard');
  await expect(page.getByTestId('statusBar.error')).toHaveText('Status: error — HTTP 503');
});
