// Annotate screen, edit side, on a real server seeded with known detections: merging and deleting tracks
// (each read back from the API and undone), and failing saves that keep the edit.
import { test, expect, expectConsole } from './fixtures';
import { allSaved, box, detectionAt, segmentsOf, useSeededEditServer } from './annotate-edit-seeded';

const { annotationSet, openInEditMode } = useSeededEditServer();

test('merge two tracks in the Merge Tracks dialog, then undo', async ({ page }) => {
  await openInEditMode(page);
  await page.getByTestId('timeline.merge').click();
  const dialog = page.getByTestId('merge.dialog');
  await expect(dialog).toContainText('Merge Tracks');
  await expect(dialog.getByTestId('merge.problem')).toHaveText('Please choose two different tracks.');
  await expect(dialog.getByTestId('merge.confirm')).toBeDisabled();
  // the base (the first track, none being selected) is not offered as the merge track; the others are, each
  // with a thumbnail of its box
  const others = dialog.getByTestId('merge.other').getByTestId('merge.other.option');
  await expect(others).toHaveCount(2);
  expect(await others.evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.track).sort())).toEqual([
    '2',
    '3',
  ]);
  await dialog.getByTestId('merge.other').getByRole('radio', { name: /T3/ }).click();
  await dialog.getByTestId('merge.confirm').click();
  await expect(page.getByTestId('timeline.row')).toHaveCount(2);
  let set = await annotationSet(page);
  expect(set.person_tracks.map((t) => t.track_id)).toEqual([1, 2]);
  expect(detectionAt(set, 1, 150)!.bbox.x1).toBeCloseTo(0.7, 3); // track 3's frame replaced track 1's
  await expect(dialog).toBeHidden(); // no shortcut works while a dialog is open
  await page.keyboard.press('Control+z');
  await allSaved(page);
  await expect(page.getByTestId('timeline.row')).toHaveCount(3);
  set = await annotationSet(page);
  expect(set.person_tracks.find((t) => t.track_id === 3)?.detections).toHaveLength(100);
  expect(detectionAt(set, 1, 150)!.bbox.x1).toBeCloseTo(0.1, 3);
});

test('delete a track after the confirmation, then undo', async ({ page }) => {
  await openInEditMode(page);
  await page.getByTestId('timeline.row').filter({ hasText: 'T2' }).getByTestId('timeline.delete-track').click();
  const dialog = page.getByTestId('delete-track.dialog');
  await expect(dialog).toContainText('Track Deletion Confirmation');
  await dialog.getByTestId('delete-track.confirm').click();
  await expect(page.getByTestId('timeline.row')).toHaveCount(2);
  let set = await annotationSet(page);
  expect(set.person_tracks.map((t) => t.track_id)).toEqual([1, 3]);
  expect(segmentsOf(set)).toEqual([{ track: 1, cls: 'run', start: 2, end: 5 }]);
  await expect(dialog).toBeHidden(); // no shortcut works while a dialog is open
  await page.keyboard.press('Control+z');
  await allSaved(page);
  set = await annotationSet(page);
  expect(set.person_tracks.map((t) => t.track_id)).toEqual([1, 2, 3]);
  expect(segmentsOf(set)).toContainEqual({ track: 2, cls: 'jump', start: 8, end: 12.5 });
});

test('a failing box save keeps the edit, shows Unsaved changes, and lands once the server answers', async ({
  page,
}) => {
  expectConsole(page, /status of 503/); // the failed save this test provokes
  await openInEditMode(page);
  await page.route('**/api/v1/annotations/*/tracks/*/detections/*', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: '{"detail":"down"}' }),
  );
  const b = (await box(page, 1))!;
  await page.mouse.click((b.x1 + b.x2) / 2, (b.y1 + b.y2) / 2);
  await page.keyboard.press('Shift+ArrowRight');
  await expect(page.getByTestId('edit.unsaved')).toContainText('Unsaved changes');
  expect((await box(page, 1))!.x1).toBeGreaterThan(b.x1 + 2); // the edit stays on screen
  await page.unroute('**/api/v1/annotations/*/tracks/*/detections/*');
  await expect(page.getByTestId('edit.unsaved')).toBeHidden({ timeout: 20_000 });
  expect(detectionAt(await annotationSet(page), 1, 0)!.bbox.x1 * 640).toBeCloseTo(0.1 * 640 + 5, 1);
  // Reloading shows the saved edit.
  const moved = (await box(page, 1))!;
  await page.reload();
  await expect.poll(() => page.evaluate(() => window.__vat?.loadedWindows().length ?? 0)).toBeGreaterThan(0);
  await expect.poll(async () => (await box(page, 1))?.x1).toBeCloseTo(moved.x1, 0);
});

test('a rejected action save shows the server detail and keeps the draft', async ({ page }) => {
  expectConsole(page, /status of 409/); // the conflict this test provokes
  await openInEditMode(page);
  await page.route('**/api/v1/annotations/*/actions/*', (route) =>
    route.request().method() === 'PATCH'
      ? route.fulfill({
          status: 409,
          contentType: 'application/json',
          body: '{"detail":"This action was changed by someone.else"}',
        })
      : route.continue(),
  );
  await page.getByTestId('panel.show-all').check();
  const row = page
    .getByTestId('edit.row')
    .filter({ has: page.locator('select[aria-label="Class"] >> nth=0') })
    .first();
  await row.getByTestId('edit.class').selectOption('sit');
  await row.getByTestId('edit.save').click();
  await expect(row.getByTestId('edit.row-error')).toHaveText('Failed to save: This action was changed by someone.else');
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to save' }).first()).toBeVisible();
  await expect(row.getByTestId('edit.class')).toHaveValue('sit');
  await expect(page.getByTestId('edit.unsaved')).toBeVisible();
  // Leaving the page now asks first.
  const asked = new Promise<string>((resolve) =>
    page.once('dialog', (d) => {
      resolve(d.type());
      void d.dismiss();
    }),
  );
  await page.close({ runBeforeUnload: true });
  expect(await asked).toBe('beforeunload');
});
