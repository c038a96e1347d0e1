// Long jobs seen and stopped by a user: the library row's progress bar moves while the people clip is
// processed, the top bar's activity indicator lists the job, and a second run cancelled half-way from the
// row menu (and one cancelled from the annotate screen) leaves the stored annotations exactly as they were.
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, sampleVideo, signIn, test, useQuickPoseModel } from './fixtures';

const USER = 'progress-e2e';

/** Every stored detection of the video, as a sorted fingerprint (count and identity). */
async function detections(request: APIRequestContext, id: number): Promise<{ count: number; digest: string }> {
  const set = (await (await request.get(`/api/v1/annotations/${id}`)).json()) as {
    person_tracks: { track_id: number; detections: { frame: number; bbox: { x1: number } }[] }[];
  };
  const keys = set.person_tracks
    .flatMap((t) => t.detections.map((d) => `${t.track_id}:${d.frame}:${d.bbox.x1}`))
    .sort();
  return { count: keys.length, digest: keys.join('|') };
}

async function rowMenu(page: Page, row: Locator, item: string) {
  await row.getByTestId('library.rowMenu').click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}

/** Whole percents the row's bar shows, or null when it shows none. */
async function shownPercent(row: Locator): Promise<number | null> {
  const text = row.getByTestId('library.progressText');
  if (!(await text.count())) return null;
  const m = /^(\d+)%/.exec((await text.textContent().catch(() => null)) ?? '');
  return m ? Number(m[1]) : null;
}

test('the progress bar moves while the people clip is processed; a cancelled reprocess keeps the annotations', async ({
  page,
  request,
}) => {
  test.setTimeout(600_000);
  const v = await sampleVideo(request, 'people_');
  await useQuickPoseModel(request);
  const status = async () => (await (await request.get(`/api/v1/videos/${v.id}/status`)).json()).status as string;
  if ((await status()) === 'processing' || (await status()) === 'pending') {
    // another spec may have started it already: let that run end first
    await expect.poll(status, { timeout: 300_000, intervals: [2000] }).toMatch(/^(completed|failed|pending)$/);
  }
  await signIn(page, USER);
  await page.goto(`/videos?q=${encodeURIComponent(v.filename)}`);
  const row = page.locator(`[data-testid="library.row"][data-video-id="${v.id}"]`);
  await expect(row).toBeVisible();

  // 1. a full run: the bar shows percentages that climb, and the activity indicator lists the job
  await rowMenu(page, row, (await status()) === 'pending' ? 'Process' : 'Reprocess');
  const seen = new Set<number>();
  await expect
    .poll(
      async () => {
        const p = await shownPercent(row);
        if (p !== null && p > 0) seen.add(p);
        return seen.size;
      },
      { timeout: 240_000, intervals: [500] },
    )
    .toBeGreaterThanOrEqual(2);
  await expect(row.getByTestId('library.progressText')).toHaveText(
    /^\d+%( · ~\d+( h)?( \d+)? (s|min|h)( \d+ min)? left)?$/,
  );
  // the run may already have ended on a fast machine: the panel keeps finished jobs listed for 10 minutes
  await page.getByTestId('shell.activity').click();
  const job = page.getByTestId('activity.job').filter({ hasText: v.filename }).first();
  await expect(job).toContainText('Processing');
  await expect(job).toContainText(`By ${USER}`);
  await page.keyboard.press('Escape');
  await expect(row.getByTestId('library.status')).toHaveText('completed', { timeout: 300_000 });
  await expect(row.getByTestId('library.progress')).toHaveCount(0);
  const before = await detections(request, v.id);
  expect(before.count).toBeGreaterThan(0);

  // 2. a reprocess cancelled half-way from the row menu: status back to completed, annotations untouched
  await rowMenu(page, row, 'Reprocess');
  await expect.poll(() => shownPercent(row), { timeout: 240_000, intervals: [500] }).toBeGreaterThan(0);
  await rowMenu(page, row, 'Cancel');
  await expect(
    page.getByTestId('snackbar').filter({ hasText: /Cancelling processing|Processing cancelled/ }),
  ).toBeVisible();
  await expect(row.getByTestId('library.status')).toHaveText('completed', { timeout: 30_000 });
  expect(await detections(request, v.id)).toEqual(before);
  const log = await (await request.get(`/api/v1/videos/${v.id}/log`)).text();
  expect(log).toMatch(
    new RegExp(`processing cancelled by ${USER} after .*; status completed restored, annotations unchanged`),
  );

  // 3. the annotate screen offers Cancel while a run is queued or running
  expect((await request.post(`/api/v1/videos/${v.id}/reprocess`, { headers: { 'X-User-Id': USER } })).status()).toBe(
    202,
  );
  await page.goto(`/videos/${v.id}/annotate`);
  // the queued run counts in the top bar's indicator until it is cancelled
  await expect(page.getByTestId('shell.activityCount')).toHaveText(/^[1-9]\d*$/);
  await page.getByTestId('annotate.jobCancel').click();
  await expect(page.getByTestId('annotate.job')).toHaveCount(0, { timeout: 30_000 });
  await expect.poll(status, { timeout: 30_000 }).toBe('completed');
  expect(await detections(request, v.id)).toEqual(before);
});
