// The Annotate screen's keyboard and timeline at 1280×720 on a real server seeded with known tracks:
// Space plays and the arrows step in view mode without scrolling the page, Home/End, keyframe jumps,
// typing a KIV remark moves no frame, a click on a row selects and seeks, a drag on a row creates an
// action that the API and a reload show, and track colours stay when another track is deleted.
import type { Page } from '@playwright/test';
import { test, expect, sampleVideo, signIn } from './fixtures';
import { seedVideoOf, startSeededServer, type SeededServer } from './annotate-seeded-server';
import { readAnnotationSet, seedTrack } from './seeded-tracks';
import type { AnnotationSet } from '../domain/types';

let server: SeededServer;
let videoId: number;
const FPS = 30;
const DURATION = 20;
const AXIS_H = 20;
const ROW_H = 22;

// Three people: track 1 left (keyframes at frames 30 and 90), track 2 middle, track 3 right; all on every frame.
const BOXES: Record<number, [number, number, number, number]> = {
  1: [0.1, 0.2, 0.3, 0.7],
  2: [0.4, 0.2, 0.6, 0.7],
  3: [0.7, 0.2, 0.9, 0.7],
};

test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 1280, height: 720 } });

test.beforeAll(async ({ request }) => {
  test.setTimeout(180_000);
  const counter = await sampleVideo(request, 'counter_');
  expect([counter.fps, counter.duration]).toEqual([FPS, DURATION]);
  server = await startSeededServer([seedVideoOf(counter)], async (database, ids) => {
    for (const [track, box] of Object.entries(BOXES))
      await seedTrack(database, ids[0], Number(track), box, 0, counter.total_frames - 1, false);
    await database.sql.query(
      `update detections set source = 'human' where video_id = $1 and track_id = 1 and frame in (30, 90)`,
      [ids[0]],
    );
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
const frame = (page: Page) => page.evaluate(() => window.__vat!.currentFrame());
const paused = (page: Page) => page.evaluate(() => document.querySelector('video')!.paused);
const allSaved = (page: Page) => expect.poll(() => page.evaluate(() => window.__vatEdit?.pending() ?? -1)).toBe(0);

async function open(page: Page) {
  await page.goto(`${server.baseURL}/videos/${videoId}/annotate`);
  await expect.poll(() => page.evaluate(() => window.__vat?.loadedWindows().length ?? 0)).toBeGreaterThan(0);
  await expect.poll(() => page.evaluate(() => window.__vat!.overlay().boxes)).toBe(3);
}

async function openInEditMode(page: Page) {
  await signIn(page, 'keys.editor');
  await open(page);
  await page.getByTestId('controls.mode-edit').click();
  await expect(page.getByTestId('controls.mode-edit')).toHaveAttribute('aria-pressed', 'true');
}

/** Client point on track `track`'s timeline row at `time` seconds (the timeline shows the whole video). */
async function rowPoint(page: Page, track: number, time: number) {
  const canvas = page.getByTestId('timeline.canvas');
  await canvas.scrollIntoViewIfNeeded();
  const r = (await canvas.boundingBox())!;
  const row = (await page.evaluate(() => window.__vat!.trackIds())).indexOf(track);
  return { x: r.x + (time / DURATION) * r.width, y: r.y + AXIS_H + row * ROW_H + ROW_H / 2 };
}

test('view mode: Space plays and pauses without scrolling the page; ← / → step a frame, Shift 10; Home / End', async ({
  page,
}) => {
  await open(page);
  // the workspace fits the window; a page that could scroll shows that Space, ← and → do not scroll it
  await page.evaluate(() => {
    document.body.style.paddingBottom = '2000px';
  });
  expect(await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight)).toBe(true);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await page.keyboard.press('Space');
  await expect.poll(() => paused(page)).toBe(false);
  await expect.poll(() => frame(page)).toBeGreaterThan(5);
  await page.keyboard.press('Space');
  await expect.poll(() => paused(page)).toBe(true);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  await page.keyboard.press('Home');
  await expect.poll(() => frame(page)).toBe(0);
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => frame(page)).toBe(1);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Shift+ArrowRight');
  await expect.poll(() => frame(page)).toBe(12);
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => frame(page)).toBe(11);
  await page.keyboard.press(']');
  await expect.poll(() => frame(page)).toBe(12);
  await page.keyboard.press('End');
  await expect.poll(() => frame(page)).toBe(DURATION * FPS - 1);
  await page.keyboard.press('Home');
  await expect.poll(() => frame(page)).toBe(0);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test('typing a KIV remark moves no frame and plays nothing', async ({ page }) => {
  await signIn(page, 'keys.remark');
  await open(page);
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => frame(page)).toBe(1);
  await page.getByTestId('header.actions').click();
  await page.getByTestId('actions.kiv').click();
  const remark = page.getByTestId('remark.text');
  await expect(remark).toBeFocused();
  await remark.pressSequentially('a [b] c, d. e ');
  await remark.press('ArrowLeft');
  await remark.press('Home');
  await remark.press('End');
  await expect(remark).toHaveValue('a [b] c, d. e ');
  expect(await frame(page)).toBe(1);
  expect(await paused(page)).toBe(true);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('dialog.remark')).toBeHidden();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => frame(page)).toBe(2);
});

test('a click on a timeline row selects that track and seeks there; comma / period jump between its keyframes at once, > between analysed frames', async ({
  page,
}) => {
  await open(page);
  const p = await rowPoint(page, 2, 6);
  await page.mouse.click(p.x, p.y);
  await expect.poll(() => page.evaluate(() => window.__vat!.selectedTrackId!())).toBe(2);
  await expect.poll(() => page.evaluate(() => window.__vat!.currentTime())).toBeCloseTo(6, 1);
  await expect(page.getByTestId('timeline.row').filter({ hasText: 'T2' })).toHaveAttribute('data-selected', 'true');

  // the keys right after the click, while its seek may still run: each jump starts where the last one goes
  const t1 = await rowPoint(page, 1, 0.5);
  await page.mouse.click(t1.x, t1.y);
  await page.keyboard.press('Period');
  await page.keyboard.press('Period');
  await expect.poll(() => frame(page)).toBe(90);
  expect(await page.evaluate(() => window.__vat!.selectedTrackId!())).toBe(1);
  await page.keyboard.press('Comma');
  await expect.poll(() => frame(page)).toBe(30);
  // '>' steps the analysed frames (every frame is the AI's here); a track without keyframes says so
  await page.keyboard.press('Shift+Period');
  await expect.poll(() => frame(page)).toBe(31);
  await page.mouse.click(p.x, p.y);
  await page.keyboard.press('Period');
  await expect(page.getByText(/^No keyframe of T2 after frame 1[78]\d$/)).toBeVisible();
  await expect.poll(() => frame(page)).toBeGreaterThan(170);
});

test('edit mode: a drag on an empty part of a row creates an action of that track, saved, kept on reload, undone with Ctrl+Z', async ({
  page,
}) => {
  await openInEditMode(page);
  const from = await rowPoint(page, 3, 4);
  const to = await rowPoint(page, 3, 6);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move((from.x + to.x) / 2, from.y, { steps: 4 });
  await page.mouse.move(to.x, to.y, { steps: 4 });
  await page.mouse.up();
  await allSaved(page);
  const made = (await annotationSet(page)).action_segments.find((s) => s.track_id === 3);
  expect(made).toMatchObject({ action_class: 'run', start_time: 4, end_time: 6 });
  await expect.poll(() => page.evaluate(() => window.__vat!.selectedSegmentId!())).toBe(made!.id);

  await page.reload();
  await expect.poll(() => page.evaluate(() => window.__vat?.getDoc!()?.segments.length ?? 0)).toBe(3);
  expect(
    await page.evaluate((id) => window.__vat!.getDoc!()!.segments.find((s) => s.id === id)?.track_id, made!.id),
  ).toBe(3);

  await page.getByTestId('controls.mode-edit').click();
  const again = await rowPoint(page, 3, 14);
  const end = await rowPoint(page, 3, 16);
  await page.mouse.move(again.x, again.y);
  await page.mouse.down();
  await page.mouse.move(end.x, end.y, { steps: 6 });
  await page.mouse.up();
  await allSaved(page);
  expect((await annotationSet(page)).action_segments.filter((s) => s.track_id === 3)).toHaveLength(2);
  await page.keyboard.press('Control+z');
  await allSaved(page);
  expect(
    (await annotationSet(page)).action_segments.filter((s) => s.track_id === 3).map((s) => [s.start_time, s.end_time]),
  ).toEqual([[4, 6]]);
});

test('track colours come from the track: deleting or hiding another track changes none, on the overlay and the timeline', async ({
  page,
}) => {
  await openInEditMode(page);
  const colours = async () => {
    const o = await page.evaluate(() => window.__vat!.overlay());
    return Object.fromEntries(o.trackIds.map((t, i) => [t, o.colors[i]]));
  };
  const swatch = (t: number) =>
    page
      .getByTestId('timeline.row')
      .filter({ hasText: `T${t}` })
      .getByTestId('timeline.swatch')
      .getAttribute('data-color');
  const before = await colours();
  expect(Object.keys(before)).toEqual(['1', '2', '3']);
  expect(new Set(Object.values(before)).size).toBe(3);
  expect(await swatch(3)).toBe(before[3]);

  await page.getByTestId('timeline.row').filter({ hasText: 'T2' }).getByTestId('timeline.delete-track').click();
  await page.getByTestId('delete-track.confirm').click();
  await expect(page.getByTestId('timeline.row')).toHaveCount(2);
  await expect.poll(() => page.evaluate(() => window.__vat!.overlay().trackIds)).toEqual([1, 3]);
  expect(await colours()).toEqual({ 1: before[1], 3: before[3] });
  expect(await swatch(3)).toBe(before[3]);

  await page.getByTestId('timeline.row').filter({ hasText: 'T1' }).getByTestId('timeline.eye').click();
  await expect.poll(() => page.evaluate(() => window.__vat!.overlay().trackIds)).toEqual([3]);
  expect(await colours()).toEqual({ 3: before[3] });
  await page.keyboard.press('Control+z');
  await allSaved(page);
});

test('the timeline zooms in time: the overview moves the window, and a row click seeks to the time under the pointer', async ({
  page,
}) => {
  await open(page);
  const view = () =>
    page.evaluate(() => {
      const t = window.__vat!.timeline();
      return { start: t.viewStart, span: t.viewSpan };
    });
  expect(await view()).toEqual({ start: 0, span: DURATION });
  await expect(page.getByTestId('timeline.zoom-fit')).toBeDisabled();
  for (let i = 0; i < 3; i++) await page.getByTestId('timeline.zoom-in').click();
  await expect.poll(async () => (await view()).span).toBeCloseTo(DURATION / 1.5 ** 3, 3);
  // the overview: a press centres the window there
  await page.getByTestId('timeline.overview').scrollIntoViewIfNeeded();
  const strip = (await page.getByTestId('timeline.overview').boundingBox())!;
  await page.mouse.click(strip.x + strip.width * 0.75, strip.y + strip.height / 2);
  await expect
    .poll(async () => {
      const v = await view();
      return v.start + v.span / 2;
    })
    .toBeCloseTo(15, 1);
  const windowBox = (await page.getByTestId('timeline.overview-window').boundingBox())!;
  expect(windowBox.width / strip.width).toBeCloseTo(1 / 1.5 ** 3, 2);
  // the middle of the rows is now 15 s
  await page.getByTestId('timeline.canvas').scrollIntoViewIfNeeded();
  const canvas = (await page.getByTestId('timeline.canvas').boundingBox())!;
  const row = (await page.evaluate(() => window.__vat!.trackIds())).indexOf(2);
  await page.mouse.click(canvas.x + canvas.width / 2, canvas.y + AXIS_H + row * ROW_H + ROW_H / 2);
  await expect.poll(() => page.evaluate(() => window.__vat!.currentTime())).toBeCloseTo(15, 1);
  await expect.poll(() => page.evaluate(() => window.__vat!.selectedTrackId!())).toBe(2);
  await page.getByTestId('timeline.zoom-fit').click();
  await expect.poll(view).toEqual({ start: 0, span: DURATION });
});
