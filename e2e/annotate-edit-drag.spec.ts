// Annotate screen, edit side, with the mouse and keyboard on a real server seeded with known detections:
// a guest is kept out; boxes, keypoints and timeline bars are dragged, an action is added on the timeline and
// actions are stepped with the keys. Every edit is read back from the API and undone.
import { test, expect } from './fixtures';
import { allSaved, box, detectionAt, drag, segmentsOf, stage, useSeededEditServer } from './annotate-edit-seeded';

const { annotateURL, annotationSet, openInEditMode } = useSeededEditServer();

test('a guest cannot enter edit mode', async ({ page }) => {
  await page.goto(annotateURL());
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
