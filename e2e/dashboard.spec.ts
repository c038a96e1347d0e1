// Dashboard: the cards show the library's own counts, the system card the server's figures, and admins
// get the Source Overview.
import { test, expect, listVideos, signIn, SUPER_ID, userHeaders } from './fixtures';

test('the dashboard figures equal what the library lists and what the summary API answers', async ({ page, request }) => {
  await signIn(page, SUPER_ID, 'super');
  const videos = await listVideos(request, '');
  const summary = await (await request.get('/api/v1/metrics/summary', { headers: userHeaders(SUPER_ID, 'super') })).json();
  await page.goto('/dashboard');
  const value = (key: string) => page.getByTestId(`dashboard.card.${key}`).getByTestId('dashboard.cardValue');
  await expect(value('total')).toHaveText(String(summary.totals.videos));
  // a guest's list and an admin's are the same here: the sample library has no role-limited source
  expect(summary.totals.videos).toBe(videos.length);
  for (const s of ['pending', 'processing', 'completed', 'reviewed', 'labelled']) {
    const n = videos.filter((v) => v.processing_status === s).length;
    await expect(value(s)).toHaveText(String(n));
    const pct = Math.round((n / videos.length) * 1000) / 10;
    await expect(page.getByTestId(`dashboard.card.${s}`).getByTestId('dashboard.cardPercent')).toHaveText(`${pct}%`);
  }
  await expect(page.getByTestId('dashboard.card.total').getByTestId('dashboard.cardPercent')).toHaveCount(0);
  await expect(page.getByTestId('dashboard.avgDuration')).toHaveText(`${summary.video_stats.avg_duration} s`);
  await expect(page.getByTestId('dashboard.avgResolution')).toHaveText(summary.video_stats.avg_resolution);
  await expect(page.getByTestId('dashboard.activeSources')).toHaveText(String(summary.system.active_sources));
  await expect(page.getByTestId('dashboard.processingQueue')).toHaveText(/^\d+$/);
  await expect(page.getByTestId('dashboard.health')).toHaveText('Operational');

  const rows = page.getByTestId('dashboard.sourceRow');
  await expect(rows).toHaveCount(summary.system.active_sources);
  const totals = await rows.getByTestId('dashboard.sourceTotal').allTextContents();
  expect(totals.reduce((a, n) => a + Number(n), 0)).toBe(videos.length);
});

test('an annotator sees the figures without the Source Overview, and refresh reloads them', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page.getByTestId('dashboard.card.total').getByTestId('dashboard.cardValue')).toHaveText(/^\d+$/);
  await expect(page.getByTestId('dashboard.sourceOverview')).toHaveCount(0);
  const summaryCall = page.waitForResponse((r) => r.url().endsWith('/api/v1/metrics/summary') && r.ok());
  await page.getByTestId('dashboard.refresh').click();
  await summaryCall;
});
