// Correcting at 1280×720 without traps, on a real server seeded with a 4:3 clip of 24 people (some only in
// part of the clip, one with missing joints) and 12 actions: Escape deselects and a box drawn afterwards is
// a new person (the line over the picture says so), Shift+B redraws the selected track's box; with a track
// selected and every action listed nothing overlaps (element rectangles) and the data panel scrolls inside
// itself to its joint 'Place' buttons and Start/End fields; Large gives the picture the timeline's room;
// the timeline lists the tracks near the playhead with the count it hides; the frame field gives the keys
// back; Save All says what is saved; the keyboard help opens at its top.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, signIn } from './fixtures';
import { startSeededServer, type SeededServer } from './annotate-seeded-server';
import { readAnnotationSet, seedTrack } from './seeded-tracks';
import { allSaved, drag } from './annotate-edit-seeded';
import { makeTestClip } from './test-clip';

let server: SeededServer;
let videoId: number;
let mediaDir: string;
const TRACKS = 24;
/** Track 6 is present from frame 0 to 120 with joints 13–16 absent (the 'Place' buttons). */
const SMALL = 6;

test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 1280, height: 720 } });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vat-e2e-1280-'));
  const file = makeTestClip(mediaDir, 'street_640x480.mp4', '640x480', 10);
  server = await startSeededServer(
    [
      {
        filename: 'street_640x480.mp4',
        path: file,
        sourceRoot: mediaDir,
        fps: 30,
        width: 640,
        height: 480,
        duration: 10,
        totalFrames: 300,
        status: 'completed',
      },
    ],
    async (database, ids) => {
      for (let t = 1; t <= TRACKS; t++) {
        const x = 0.02 + ((t * 0.137) % 0.85);
        const y = 0.1 + ((t * 0.071) % 0.5);
        // tracks 1–12 over the whole clip; 13–24 only from frame 200 on
        await seedTrack(database, ids[0], t, [x, y, x + 0.08, y + 0.3], t > 12 ? 200 : 0, t === SMALL ? 120 : 299);
      }
      await database.sql.query(
        `update detections set keypoint_visibility = array[2,2,2,2,2,2,2,2,2,2,2,2,2,0,0,0,0]::smallint[]
         where video_id = $1 and track_id = $2`,
        [ids[0], SMALL],
      );
      for (let t = 1; t <= 12; t++)
        await database.sql.query(
          `insert into action_segments (video_id, track_id, action_class, start_time, end_time, confidence)
           values ($1, $2, 'run', $3, $4, 0.8)`,
          [ids[0], t, 0.1 * t, 0.1 * t + 3],
        );
    },
    undefined,
    // a drawn box asks the pose model for its skeleton: the weights the unit tests fetched
    { VAT_MODELS_DIR: path.resolve('.cache/models') },
  );
  videoId = server.ids[0];
});
test.afterAll(async () => {
  await server?.stop();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

const frame = (page: Page) => page.evaluate(() => window.__vat!.currentFrame());
const selected = (page: Page) => page.evaluate(() => window.__vat!.selectedTrackId!());
const rect = async (page: Page, testId: string) => (await page.getByTestId(testId).first().boundingBox())!;

async function openInEditMode(page: Page, query = '?frame=40') {
  await signIn(page, 'wide.editor');
  await page.goto(`${server.baseURL}/videos/${videoId}/annotate${query}`);
  await expect.poll(() => page.evaluate(() => window.__vat?.overlay().boxes ?? 0)).toBeGreaterThan(5);
  await page.getByTestId('controls.mode-edit').click();
  await expect(page.getByTestId('controls.mode-edit')).toHaveAttribute('aria-pressed', 'true');
}

/** A drag on the picture from (fx1, fy1) to (fx2, fy2), as fractions of the frame shown. */
async function drawBox(page: Page, fx1: number, fy1: number, fx2: number, fy2: number) {
  const f = (await page.evaluate(() => window.__vatEdit!.frameOnScreen()))!;
  const at = (x: number, y: number) => ({ x: f.x1 + x * (f.x2 - f.x1), y: f.y1 + y * (f.y2 - f.y1) });
  await drag(page, at(fx1, fy1), at(fx2, fy2));
}

/** Clicks a track's box on screen (it becomes the selected track). */
async function clickBox(page: Page, track: number) {
  const b = (await page.evaluate((t) => window.__vatEdit!.boxOnScreen(t), track))!;
  // low on the box, where the seeded boxes do not overlap
  await page.mouse.click((b.x1 + b.x2) / 2, b.y1 + (b.y2 - b.y1) * 0.92);
  await expect.poll(() => selected(page)).toBe(track);
}

test('Escape deselects and a box drawn afterwards is a new track; Shift+B redraws the selected one', async ({
  page,
}) => {
  await openInEditMode(page);
  const status = page.getByTestId('edit.status');
  await clickBox(page, 2);
  await expect(status).toContainText('T2 selected');
  await page.keyboard.press('Escape');
  await expect.poll(() => selected(page)).toBeNull();
  await expect(status).toContainText('Drag on empty: new person');
  // an empty strip at the bottom of the picture
  await drawBox(page, 0.45, 0.91, 0.6, 0.99);
  await allSaved(page);
  await expect.poll(() => selected(page)).toBe(TRACKS + 1);
  const made = await readAnnotationSet(page, server, videoId);
  expect(made.person_tracks.map((t) => t.track_id)).toContain(TRACKS + 1);
  expect(made.person_tracks.find((t) => t.track_id === 2)!.detections.find((d) => d.frame === 40)!.source).toBe('ai');

  // a drag on the empty picture with a track selected is still a new person
  await clickBox(page, 2);
  await drawBox(page, 0.88, 0.02, 0.97, 0.09);
  await allSaved(page);
  await expect.poll(() => selected(page)).toBe(TRACKS + 2);
  // Shift+B: the next box goes into the selected track, and the line over the picture names it
  await clickBox(page, 2);
  await page.keyboard.press('Shift+B');
  await expect(status).toHaveText('Redraw T2: the next box goes to T2 at frame 40 · Esc cancels');
  await drawBox(page, 0.88, 0.02, 0.97, 0.09);
  await allSaved(page);
  const after = await readAnnotationSet(page, server, videoId);
  expect(after.person_tracks).toHaveLength(TRACKS + 2);
  const redrawn = after.person_tracks.find((t) => t.track_id === 2)!.detections.find((d) => d.frame === 40)!;
  expect(redrawn.source).toBe('human');
  expect(redrawn.bbox.x1).toBeCloseTo(0.88, 1);
  // a click on an empty part of the picture deselects
  const f = (await page.evaluate(() => window.__vatEdit!.frameOnScreen()))!;
  await page.mouse.click(f.x1 + 0.03 * (f.x2 - f.x1), f.y1 + 0.03 * (f.y2 - f.y1));
  await expect.poll(() => selected(page)).toBeNull();
});

test('with a track selected and every action listed nothing overlaps, and the panel scrolls inside itself', async ({
  page,
}) => {
  await openInEditMode(page);
  await clickBox(page, SMALL);
  await page.getByTestId('panel.show-all').check();
  await expect(page.getByTestId('panel.row')).toHaveCount(12);
  await page.screenshot({ path: 'test-results/correcting-1280/selected-all-actions.png' });
  const player = await rect(page, 'player.box');
  const panel = await rect(page, 'panel.root');
  const controls = await rect(page, 'controls.bar');
  const timeline = await rect(page, 'timeline.panel');
  const below = (a: { y: number; height: number }, b: { y: number }) => a.y + a.height <= b.y + 0.5;
  expect(below(player, controls)).toBe(true);
  expect(below(panel, controls)).toBe(true);
  expect(below(controls, timeline)).toBe(true);
  expect(player.x + player.width).toBeLessThanOrEqual(panel.x);
  expect(timeline.y + timeline.height).toBeLessThanOrEqual(720);
  expect(await page.evaluate(() => document.scrollingElement!.scrollHeight <= window.innerHeight)).toBe(true);
  // what the panel lists is reached by scrolling the panel, never drawn over the controls or the timeline
  const body = await rect(page, 'panel.body');
  for (const target of [
    page.getByTestId('joints.place-16'),
    page.getByTestId('edit.start').last(),
    page.getByTestId('edit.end').last(),
  ]) {
    await target.scrollIntoViewIfNeeded();
    const r = (await target.boundingBox())!;
    expect(r.y).toBeGreaterThanOrEqual(body.y - 0.5);
    expect(r.y + r.height).toBeLessThanOrEqual(body.y + body.height + 0.5);
    expect(await rect(page, 'controls.bar')).toEqual(controls);
  }
});

test('Large gives the picture the timeline room; the timeline lists the tracks near the playhead and counts the rest', async ({
  page,
}) => {
  await openInEditMode(page);
  const medium = await rect(page, 'player.box');
  expect(Math.abs(medium.width / medium.height - 4 / 3)).toBeLessThan(0.02);
  await page.getByTestId('controls.size').selectOption('large');
  await expect.poll(async () => (await rect(page, 'player.box')).height).toBeGreaterThan(medium.height + 40);
  const large = await rect(page, 'player.box');
  expect(Math.abs(large.width / large.height - 4 / 3)).toBeLessThan(0.02);
  expect(large.y + large.height).toBeLessThanOrEqual((await rect(page, 'controls.bar')).y);
  await page.screenshot({ path: 'test-results/correcting-1280/large.png' });
  // frame 40: tracks 1–12 are here and the two drawn in the first test (25, 26); 13–24 only from frame 200
  const near = [...Array.from({ length: 12 }, (_, i) => i + 1), TRACKS + 1, TRACKS + 2];
  await expect(page.getByTestId('timeline.near')).toBeChecked();
  await expect(page.getByTestId('timeline.hidden-count')).toHaveText(`(${near.length} shown, ${TRACKS - 12} hidden)`);
  await expect.poll(() => page.evaluate(() => window.__vat!.timeline().rows)).toEqual(near);
  await page.getByTestId('timeline.near').uncheck();
  await expect.poll(async () => (await page.evaluate(() => window.__vat!.timeline().rows)).length).toBe(TRACKS + 2);
  await page.getByTestId('timeline.near').check();
  await page.getByTestId('controls.size').selectOption('medium');
});

test('the frame field gives the keys back, Save All says what is saved, the help opens at its top', async ({
  page,
}) => {
  await openInEditMode(page);
  await page.getByTestId('controls.entry-unit').selectOption('frame');
  await page.getByTestId('controls.entry').fill('100');
  await page.getByTestId('controls.entry').press('Enter');
  await expect.poll(() => frame(page)).toBe(100);
  await page.keyboard.press(']');
  await expect.poll(() => frame(page)).toBe(101);
  await page.getByTestId('controls.entry').fill('5');
  await page.getByTestId('controls.entry').press('Escape');
  await page.keyboard.press('[');
  await expect.poll(() => frame(page)).toBe(100);

  await page.getByTestId('edit.save-all').click();
  await expect(page.getByText('Everything is saved.')).toBeVisible();

  await page.keyboard.press('?');
  const help = page.getByTestId('help.dialog');
  await expect(help).toBeVisible();
  await expect(help.getByRole('heading', { name: 'Keyboard shortcuts' })).toBeInViewport();
  expect(await help.evaluate((el) => el.scrollTop)).toBe(0);
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();
});
