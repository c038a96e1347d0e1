// Annotate screen, edit side, with the mouse and keyboard on a real server seeded with known
// detections: every edit is read back from the API, undone, and a failing save keeps the edit.
import type { Page } from '@playwright/test';
import { test, expect, expectConsole, sampleVideo, signIn } from './fixtures';
import { seedVideoOf, startSeededServer, type SeededServer } from './annotate-seeded-server';
import { readAnnotationSet, seedTrack } from './seeded-tracks';
import type { AnnotationSet } from '../domain/types';

let server: SeededServer;
let videoId: number;

// Three well separated people: track 1 left, track 2 middle, track 3 right (frames 100–199 only).
const BOXES: Record<number, [number, number, number, number]> = {
  1: [0.1, 0.2, 0.3, 0.7],
  2: [0.4, 0.2, 0.6, 0.7],
  3: [0.7, 0.2, 0.9, 0.7],
};

test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 1280, height: 1000 } });

test.beforeAll(async ({ request }) => {
  test.setTimeout(180_000);
  const counter = await sampleVideo(request, 'counter_');
  server = await startSeededServer([seedVideoOf(counter)], async (database, ids) => {
    for (const [track, box] of Object.entries(BOXES)) {
      const [from, to] = track === '3' ? [100, 199] : [0, counter.total_frames - 1];
      await seedTrack(database, ids[0], Number(track), box, from, to);
    }
    await database.sql.query(
      `insert into action_segments (video_id, track_id, action_class, start_time, end_time, confidence)
      values ($1, 1, 'run', 2, 5, 0.8), ($1, 2, 'jump', 8, 12.5, 0.6)`,
      [ids[0]],
    );
  });
  videoId = server.ids[0];
});
test.afterAll(async () => {
  await server?.stop();
});

const annotationSet = (page: Page): Promise<AnnotationSet> => readAnnotationSet(page, server, videoId);
const detectionAt = (set: AnnotationSet, track: number, frame: number) =>
  set.person_tracks.find((t) => t.track_id === track)?.detections.find((d) => d.frame === frame) ?? null;
const segmentsOf = (set: AnnotationSet) =>
  set.action_segments.map((s) => ({ track: s.track_id, cls: s.action_class, start: s.start_time, end: s.end_time }));
const allSaved = (page: Page) => expect.poll(() => page.evaluate(() => window.__vatEdit?.pending() ?? -1)).toBe(0);

async function openInEditMode(page: Page) {
  await signIn(page, 'editor.one');
  await page.goto(`${server.baseURL}/videos/${videoId}/annotate`);
  await expect.poll(() => page.evaluate(() => window.__vat?.loadedWindows().length ?? 0)).toBeGreaterThan(0);
  await page.getByTestId('controls.mode-edit').click();
  await expect(page.getByTestId('controls.mode-edit')).toHaveAttribute('aria-pressed', 'true');
}

async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 4 });
  await page.mouse.move(to.x, to.y, { steps: 4 });
  await page.mouse.up();
}

const box = (page: Page, track: number) => page.evaluate((t) => window.__vatEdit!.boxOnScreen(t), track);
/** The picture on screen (at fit, the whole video), as x, y, width, height. */
const stage = async (page: Page) => {
  const f = await page.evaluate(() => window.__vatEdit!.frameOnScreen());
  return f && { x: f.x1, y: f.y1, width: f.x2 - f.x1, height: f.y2 - f.y1 };
};

test('a guest cannot enter edit mode', async ({ page }) => {
  await page.goto(`${server.baseURL}/videos/${videoId}/annotate`);
  await page.getByTestId('controls.mode-edit').click();
  await expect(page.getByRole('dialog')).toContainText('Sign-In Required');
  await expect(page.getByRole('dialog')).toContainText('Please sign in to edit annotations.');
  await expect(page.getByTestId('controls.mode-view')).toHaveAttribute('aria-pressed', 'true');
});

test('drag a box corner: the saved box is read back from the API, and undo saves the old one', async ({ page }) => {
  await openInEditMode(page);
  const b = (await box(page, 1))!;
  await page.mouse.click((b.x1 + b.x2) / 2, (b.y1 + b.y2) / 2); // select track 1
  const s = (await stage(page))!;
  await drag(page, { x: b.x2, y: b.y2 }, { x: b.x2 + 40, y: b.y2 + 30 });
  await allSaved(page);
  const saved = detectionAt(await annotationSet(page), 1, 0)!;
  expect(saved.bbox.x2).toBeCloseTo((b.x2 + 40 - s.x) / s.width, 2);
  expect(saved.bbox.y2).toBeCloseTo((b.y2 + 30 - s.y) / s.height, 2);
  expect(saved.bbox.x1).toBeCloseTo(0.1, 3);
  expect(saved.source).toBe('human');

  await page.keyboard.press('Control+z');
  await allSaved(page);
  expect(detectionAt(await annotationSet(page), 1, 0)!.bbox).toMatchObject({
    x2: expect.closeTo(0.3, 3),
    y2: expect.closeTo(0.7, 3),
  });
});

test('drag a keypoint: saved, and undone', async ({ page }) => {
  await openInEditMode(page);
  const b = (await box(page, 2))!;
  await page.mouse.click((b.x1 + b.x2) / 2, b.y2 - 5);
  const kp = (await page.evaluate(() => window.__vatEdit!.keypointOnScreen(2, 0)))!;
  const s = (await stage(page))!;
  await drag(page, kp, { x: kp.x + 25, y: kp.y - 12 });
  await allSaved(page);
  const saved = detectionAt(await annotationSet(page), 2, 0)!;
  expect(saved.keypoints[0][0]).toBeCloseTo((kp.x + 25 - s.x) / s.width, 2);
  expect(saved.keypoints[0][1]).toBeCloseTo((kp.y - 12 - s.y) / s.height, 2);
  expect(saved.keypoints[1][0]).toBeCloseTo(0.5, 3); // other points stay
  await page.getByTestId('edit.undo').click();
  await allSaved(page);
  expect(detectionAt(await annotationSet(page), 2, 0)!.keypoints[0][0]).toBeCloseTo(0.5, 3);
});

test('move and resize a timeline bar with snapping, then undo both', async ({ page }) => {
  await openInEditMode(page);
  const run = (await annotationSet(page)).action_segments.find((s) => s.action_class === 'run')!;
  await page.getByTestId('timeline.canvas').scrollIntoViewIfNeeded();
  let bar = (await page.evaluate((id) => window.__vatEdit!.barOnScreen(id), run.id))!;
  const pps = (bar.x2 - bar.x1) / 3; // the bar is 3 s long
  // Move right by 1.1 s: the 20 s timeline snaps to 1 s steps → 3 … 6.
  await drag(page, { x: (bar.x1 + bar.x2) / 2, y: bar.y }, { x: (bar.x1 + bar.x2) / 2 + 1.1 * pps, y: bar.y });
  await allSaved(page);
  expect((await annotationSet(page)).action_segments.find((s) => s.id === run.id)).toMatchObject({
    start_time: 3,
    end_time: 6,
  });
  // Drag the end 1.4 s later: snaps to 7.
  bar = (await page.evaluate((id) => window.__vatEdit!.barOnScreen(id), run.id))!;
  await drag(page, { x: bar.x2 - 2, y: bar.y }, { x: bar.x2 - 2 + 1.4 * pps, y: bar.y });
  await allSaved(page);
  expect((await annotationSet(page)).action_segments.find((s) => s.id === run.id)).toMatchObject({
    start_time: 3,
    end_time: 7,
  });
  await page.keyboard.press('Control+z');
  await page.keyboard.press('Control+z');
  await allSaved(page);
  expect((await annotationSet(page)).action_segments.find((s) => s.id === run.id)).toMatchObject({
    start_time: 2,
    end_time: 5,
  });
});

test('Add Action Here, edit the row and Save; undo removes it again', async ({ page }) => {
  await openInEditMode(page);
  await page.getByTestId('controls.entry').fill('15');
  await page.getByTestId('controls.entry-go').click();
  await expect.poll(() => page.evaluate(() => window.__vat!.currentTime())).toBeGreaterThan(14.9);
  await page.getByTestId('panel.add-action').click();
  const newRows = page.getByTestId('edit.row').filter({ has: page.getByTestId('edit.new-chip') });
  await expect(newRows).toHaveCount(1);
  const row = newRows.first();
  await expect(row.getByTestId('edit.class')).toHaveValue('run');
  await expect(row.getByTestId('edit.start')).toHaveValue('15');
  await expect(row.getByTestId('edit.end')).toHaveValue('17');
  await row.getByTestId('edit.class').selectOption('kick');
  await row.getByTestId('edit.end').fill('16.5');
  await row.getByTestId('edit.save').click();
  await allSaved(page);
  expect(segmentsOf(await annotationSet(page))).toContainEqual({ track: 1, cls: 'kick', start: 15, end: 16.5 });
  await row.getByTestId('edit.duplicate').click();
  await expect(newRows).toHaveCount(2);
  expect(segmentsOf(await annotationSet(page)).filter((x) => x.cls === 'kick')).toHaveLength(2);
  await page.keyboard.press('Control+z'); // the duplicate
  await page.keyboard.press('Control+z'); // the save
  await page.keyboard.press('Control+z'); // the add
  await allSaved(page);
  expect(segmentsOf(await annotationSet(page))).toEqual([
    { track: 1, cls: 'run', start: 2, end: 5 },
    { track: 2, cls: 'jump', start: 8, end: 12.5 },
  ]);
});

test("'[' / ']' step frames, Shift(+Alt)+'[' / ']' move the selected action's edges both ways, '?' shows the keys", async ({
  page,
}) => {
  await openInEditMode(page);
  for (let i = 0; i < 3; i++) await page.keyboard.press(']');
  await expect.poll(() => page.evaluate(() => window.__vat!.currentFrame())).toBe(3);
  await page.keyboard.press('[');
  await expect.poll(() => page.evaluate(() => window.__vat!.currentFrame())).toBe(2);
  await page.getByTestId('timeline.canvas').scrollIntoViewIfNeeded();
  const run = (await annotationSet(page)).action_segments.find((x) => x.action_class === 'run')!;
  const bar = (await page.evaluate((id) => window.__vatEdit!.barOnScreen(id), run.id))!;
  await page.mouse.click((bar.x1 + bar.x2) / 2, bar.y); // a click selects the bar (and seeks to its start)
  await expect.poll(() => page.evaluate(() => window.__vat!.selectedSegmentId!())).toBe(run.id);
  await page.keyboard.press('Shift+BracketRight');
  await allSaved(page);
  expect(segmentsOf(await annotationSet(page))[0]).toEqual({ track: 1, cls: 'run', start: 2, end: 5.1 });
  // Alt reverses each edge: every direction is reachable from the keyboard.
  await page.keyboard.press('Alt+Shift+BracketRight');
  await page.keyboard.press('Alt+Shift+BracketRight');
  await page.keyboard.press('Shift+BracketLeft');
  await allSaved(page);
  expect(segmentsOf(await annotationSet(page))[0]).toEqual({ track: 1, cls: 'run', start: 1.9, end: 4.9 });
  await page.keyboard.press('Alt+Shift+BracketLeft');
  await allSaved(page);
  expect(segmentsOf(await annotationSet(page))[0]).toEqual({ track: 1, cls: 'run', start: 2, end: 4.9 });
  await page.keyboard.press('Control+Shift+z'); // nothing to redo: no change
  for (let i = 0; i < 5; i++) await page.keyboard.press('Control+z');
  await allSaved(page);
  expect(segmentsOf(await annotationSet(page))[0]).toEqual({ track: 1, cls: 'run', start: 2, end: 5 });
  // '?' opens the keyboard help, which lists these keys.
  await page.keyboard.press('?');
  const help = page.getByTestId('help.dialog');
  await expect(help.getByTestId('help.group.segment')).toContainText('Alt+Shift+]');
  await page.keyboard.press('Escape');
  await expect(help).toHaveCount(0);
});

test('merge two tracks in the Merge Tracks dialog, then undo', async ({ page }) => {
  await openInEditMode(page);
  await page.getByTestId('timeline.merge').click();
  const dialog = page.getByTestId('merge.dialog');
  await expect(dialog).toContainText('Merge Tracks');
  await expect(dialog.getByTestId('merge.problem')).toHaveText('Please choose two different tracks.');
  await expect(dialog.getByTestId('merge.confirm')).toBeDisabled();
  await dialog.getByTestId('merge.other').selectOption('1');
  await expect(dialog.getByTestId('merge.confirm')).toBeDisabled();
  await dialog.getByTestId('merge.other').selectOption('3');
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
