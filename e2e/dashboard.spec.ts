// Dashboard: the cards show the library's own counts, the system card the server's figures, and admins
// get the Source Overview.
import { test, expect, listVideos, signIn, SUPER_ID, userHeaders } from './fixtures';

test('the dashboard figures equal what the library lists and what the summary API answers', async ({
  page,
  request,
}) => {
  await signIn(page, SUPER_ID, 'super');
  await page.goto('/dashboard');
  const value = (key: string) => page.getByTestId(`dashboard.card.${key}`).getByTestId('dashboard.cardValue');
  // a job another spec started may still move a video between statuses: compare one consistent moment
  let videos: Awaited<ReturnType<typeof listVideos>> = [];
  let summary: {
    totals: { videos: number };
    video_stats: { avg_duration: number; avg_resolution: string };
    system: { active_sources: number };
  } | null = null;
  await expect(async () => {
    videos = await listVideos(request, '');
    summary = await (await request.get('/api/v1/metrics/summary', { headers: userHeaders(SUPER_ID, 'super') })).json();
    await page.getByTestId('dashboard.refresh').click();
    await expect(value('total')).toHaveText(String(videos.length), { timeout: 2000 });
    for (const s of ['pending', 'processing', 'completed', 'reviewed', 'labelled']) {
      const n = videos.filter((v) => v.processing_status === s).length;
      await expect(value(s)).toHaveText(String(n), { timeout: 2000 });
      const pct = Math.round((n / videos.length) * 1000) / 10;
      await expect(page.getByTestId(`dashboard.card.${s}`).getByTestId('dashboard.cardPercent')).toHaveText(`${pct}%`, {
        timeout: 2000,
      });
    }
  }).toPass({ timeout: 60_000 });
  // a guest's list and an admin's are the same here: the sample library has no role-limited source
  expect(summary!.totals.videos).toBe(videos.length);
  await expect(page.getByTestId('dashboard.card.total').getByTestId('dashboard.cardPercent')).toHaveCount(0);
  await expect(page.getByTestId('dashboard.avgDuration')).toHaveText(`${summary!.video_stats.avg_duration} s`);
  await expect(page.getByTestId('dashboard.avgResolution')).toHaveText(summary!.video_stats.avg_resolution);
  await expect(page.getByTestId('dashboard.activeSources')).toHaveText(String(summary!.system.active_sources));
  await expect(page.getByTestId('dashboard.processingQueue')).toHaveText(/^\d+$/);
  await expect(page.getByTestId('dashboard.health')).toHaveText('Operational');

  const rows = page.getByTestId('dashboard.sourceRow');
  await expect(rows).toHaveCount(summary!.system.active_sources);
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
