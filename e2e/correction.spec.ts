// Correcting what the AI gets wrong, with the mouse and keyboard, on a real server seeded with the people
// clip and known tracks: delete an AI track and draw the person again, delete a false box at one frame,
// fix an identity swap, interpolate between two keyframes. Each step is read back from the API, undone
// and redone, and still there after a reload. (Joint visibility: e2e/hidden-joints.spec.ts.)
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, listVideos, sampleVideo, signIn } from './fixtures';
import { seedVideoOf, startSeededServer, type SeededServer } from './annotate-seeded-server';
import { readAnnotationSet, seedTrack, type Box } from './seeded-tracks';
import type { AnnotationSet } from '../domain/types';

const LEFT: Box = [0.05, 0.2, 0.25, 0.6];
const RIGHT: Box = [0.75, 0.2, 0.95, 0.6];
const MIDDLE: Box = [0.4, 0.2, 0.55, 0.6]; // the AI's person track, deleted and drawn again
const FALSE: Box = [0.6, 0.7, 0.7, 0.95]; // a box on no one
const SWAP_FRAME = 60; // tracks 1 and 2 exchange identities here
// screenshots of the screen after a draw and a swap, beside Playwright's own results
const SHOTS = path.resolve('test-results/correction-shots');

let server: SeededServer;
let videoId: number;

test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 1280, height: 1000 } });

test.beforeAll(async ({ request }) => {
  test.setTimeout(180_000);
  // the shared server adds the sample library in the background after it starts
  await expect
    .poll(async () => (await listVideos(request)).some((v) => v.filename.startsWith('people_')), { timeout: 120_000 })
    .toBe(true);
  const people = await sampleVideo(request, 'people_');
  const last = people.total_frames - 1;
  // [track, box, first frame, last frame]
  const rows: Array<[number, Box, number, number]> = [
    [1, LEFT, 0, SWAP_FRAME - 1],
    [1, RIGHT, SWAP_FRAME, last],
    [2, RIGHT, 0, SWAP_FRAME - 1],
    [2, LEFT, SWAP_FRAME, last],
    [3, MIDDLE, 0, last],
    [4, FALSE, 0, last],
  ];
  server = await startSeededServer(
    [seedVideoOf(people)],
    async (database, ids) => {
      for (const [track, box, from, to] of rows) await seedTrack(database, ids[0], track, box, from, to);
    },
    undefined,
    { VAT_WORKER: '1', VAT_MODELS_DIR: path.resolve('.cache/models') },
  );
  videoId = server.ids[0];
  fs.mkdirSync(SHOTS, { recursive: true });
});
test.afterAll(async () => {
  await server?.stop();
});

const annotationSet = (page: Page): Promise<AnnotationSet> => readAnnotationSet(page, server, videoId);
const trackOf = (set: AnnotationSet, track: number) => set.person_tracks.find((t) => t.track_id === track) ?? null;
const detectionAt = (set: AnnotationSet, track: number, frame: number) =>
  trackOf(set, track)?.detections.find((d) => d.frame === frame) ?? null;
const x1At = async (page: Page, track: number, frame: number) =>
  detectionAt(await annotationSet(page), track, frame)?.bbox.x1 ?? null;
const allSaved = (page: Page) => expect.poll(() => page.evaluate(() => window.__vatEdit?.pending() ?? -1)).toBe(0);
const loaded = (page: Page) =>
  expect.poll(() => page.evaluate(() => window.__vat?.loadedWindows().length ?? 0)).toBeGreaterThan(0);
const box = (page: Page, track: number) => page.evaluate((t) => window.__vatEdit!.boxOnScreen(t), track);

async function openInEditMode(page: Page) {
  await signIn(page, 'editor.corrections');
  await page.goto(`${server.baseURL}/videos/${videoId}/annotate`);
  await enterEditMode(page);
}
async function enterEditMode(page: Page) {
  await loaded(page);
  await page.getByTestId('controls.mode-edit').click();
  await expect(page.getByTestId('controls.mode-edit')).toHaveAttribute('aria-pressed', 'true');
}
async function reload(page: Page) {
  await page.reload();
  await enterEditMode(page);
}

async function goToFrame(page: Page, frame: number) {
  await page.getByTestId('controls.entry-unit').selectOption('frame');
  await page.getByTestId('controls.entry').fill(String(frame));
  await page.getByTestId('controls.entry-go').click();
  await expect.poll(() => page.evaluate(() => window.__vat!.currentFrame())).toBe(frame);
}

async function select(page: Page, track: number) {
  const b = (await box(page, track))!;
  await page.mouse.click((b.x1 + b.x2) / 2, (b.y1 + b.y2) / 2);
}

/** Undo then redo the last step: the API shows `before` after Ctrl+Z and `after` again after Ctrl+Shift+Z. */
async function undoRedo<T>(page: Page, read: () => Promise<T>, before: T, after: T) {
  await page.keyboard.press('Control+z');
  await allSaved(page);
  await expect.poll(read).toEqual(before);
  await page.keyboard.press('Control+Shift+z');
  await allSaved(page);
  await expect.poll(read).toEqual(after);
}

test("delete the AI's track of a person and draw the person again: a new track, undone, redone, reloaded", async ({
  page,
}) => {
  await openInEditMode(page);
  const ids = async () => (await annotationSet(page)).person_tracks.map((t) => t.track_id);
  await page.getByTestId('timeline.row').filter({ hasText: 'T3' }).getByTestId('timeline.delete-track').click();
  await page.getByTestId('delete-track.dialog').getByTestId('delete-track.confirm').click();
  await allSaved(page);
  await expect.poll(ids).toEqual([1, 2, 4]);
  await undoRedo(page, ids, [1, 2, 3, 4], [1, 2, 4]);

  // drag on the now empty area where the person is
  const f = (await page.evaluate(() => window.__vatEdit!.frameOnScreen()))!;
  const at = (x: number, y: number) => ({ x: f.x1 + x * (f.x2 - f.x1), y: f.y1 + y * (f.y2 - f.y1) });
  const [x1, y1, x2, y2] = MIDDLE;
  const from = at(x1, y1);
  const to = at(x2, y2);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 4 });
  await page.mouse.move(to.x, to.y, { steps: 4 });
  await page.mouse.up();
  await allSaved(page);
  await expect(page.getByTestId('timeline.row').filter({ hasText: 'T5' })).toHaveCount(1);
  await page.screenshot({ path: `${SHOTS}/correction-after-draw.png` });
  const drawn = async () => {
    const d = detectionAt(await annotationSet(page), 5, 0);
    return (
      d && {
        source: d.source,
        bbox: [d.bbox.x1, d.bbox.y1, d.bbox.x2, d.bbox.y2].map((v) => Math.round(v * 100) / 100),
      }
    );
  };
  const expected = { source: 'human' as const, bbox: [...MIDDLE] };
  await expect.poll(drawn).toEqual(expected);
  await undoRedo(page, drawn, null, expected);
  await undoRedo(page, ids, [1, 2, 4], [1, 2, 4, 5]);

  await reload(page);
  await expect(page.getByTestId('timeline.row').filter({ hasText: 'T5' })).toHaveCount(1);
  expect(await page.evaluate(() => window.__vatEdit!.sourceAt(5, 0))).toBe('human');
  expect(await box(page, 5)).not.toBeNull();
  expect(await box(page, 3)).toBeNull();
});

test('Delete removes a false box at one frame only', async ({ page }) => {
  await openInEditMode(page);
  await goToFrame(page, 30);
  await select(page, 4);
  const frames = async () => {
    const t = trackOf(await annotationSet(page), 4)!;
    return { count: t.detections.length, at: [29, 30, 31].filter((f) => t.detections.some((d) => d.frame === f)) };
  };
  const before = await frames();
  await page.keyboard.press('Delete');
  await allSaved(page);
  const after = { count: before.count - 1, at: [29, 31] };
  await expect.poll(frames).toEqual(after);
  await expect.poll(() => box(page, 4)).toBeNull();
  await undoRedo(page, frames, before, after);
  await reload(page);
  await goToFrame(page, 30);
  await expect.poll(() => box(page, 4)).toBeNull();
  await goToFrame(page, 31);
  await expect.poll(() => box(page, 4)).not.toBeNull();
});

test('fix an identity swap with W and the Swap dialog', async ({ page }) => {
  await openInEditMode(page);
  await goToFrame(page, SWAP_FRAME);
  await select(page, 1);
  await page.keyboard.press('w');
  const dialog = page.getByTestId('correction.swap');
  await expect(dialog).toContainText(`Swap T1 from frame ${SWAP_FRAME}`);
  // the other tracks come nearest to the frame first, each with a thumbnail of its box drawn from the video
  const options = dialog.getByTestId('correction.track.option');
  await expect(options.first()).toHaveAttribute('data-track', '2');
  await expect(options.first().getByTestId('track-pick.thumb')).toHaveAttribute('data-drawn', '1');
  await options.first().click();
  await dialog.getByTestId('correction.confirm').click();
  await expect(dialog).toBeHidden();
  await allSaved(page);
  const sides = async () => {
    const set = await annotationSet(page);
    return [1, 2].flatMap((t) =>
      [SWAP_FRAME - 1, SWAP_FRAME, 200].map((f) => detectionAt(set, t, f)?.bbox.x1.toFixed(2) ?? null),
    );
  };
  // each track now stays on its side
  const l = LEFT[0].toFixed(2);
  const r = RIGHT[0].toFixed(2);
  const fixed = [l, l, l, r, r, r];
  await expect.poll(sides).toEqual(fixed);
  await page.screenshot({ path: `${SHOTS}/correction-after-swap.png` });
  await undoRedo(page, sides, [l, r, r, r, l, l], fixed);
  await reload(page);
  await goToFrame(page, SWAP_FRAME);
  await expect.poll(async () => (await box(page, 1))!.x1 < (await box(page, 2))!.x1).toBe(true);
  expect(await sides()).toEqual(fixed);
});

test('interpolate between two keyframes with I: the frames between follow', async ({ page }) => {
  await openInEditMode(page);
  const px = 1 / 1280; // Shift+Arrow moves the box 5 video pixels
  // keyframe at 10: 5 px right; keyframe at 30: 25 px right
  for (const [frame, presses] of [
    [10, 1],
    [30, 5],
  ] as const) {
    await goToFrame(page, frame);
    await select(page, 1);
    for (let i = 0; i < presses; i++) await page.keyboard.press('Shift+ArrowRight');
    await allSaved(page);
    await expect.poll(() => x1At(page, 1, frame).then((v) => Math.round((v! - LEFT[0]) / px))).toBe(presses * 5);
  }
  await goToFrame(page, 20);
  await select(page, 1);
  const between = async () => {
    const set = await annotationSet(page);
    return [15, 20, 25].map((f) => Math.round((detectionAt(set, 1, f)!.bbox.x1 - LEFT[0]) / px));
  };
  const before = await between();
  await page.keyboard.press('i');
  await allSaved(page);
  const after = [10, 15, 20]; // linear from 5 px at frame 10 to 25 px at frame 30
  await expect.poll(between).toEqual(after);
  expect(await page.evaluate(() => window.__vatEdit!.sourceAt(1, 20))).toBe('interpolated');
  await undoRedo(page, between, before, after);
  await reload(page);
  await goToFrame(page, 20);
  expect(await page.evaluate(() => window.__vatEdit!.sourceAt(1, 20))).toBe('interpolated');
  expect(await between()).toEqual(after);
});

test('draw a person, get 17 keypoints from the model, and follow them for 30 frames', async ({ page }) => {
  test.setTimeout(300_000);
  await openInEditMode(page);
  await goToFrame(page, 100);
  const f = (await page.evaluate(() => window.__vatEdit!.frameOnScreen()))!;
  const at = (x: number, y: number) => ({ x: f.x1 + x * (f.x2 - f.x1), y: f.y1 + y * (f.y2 - f.y1) });
  const ids = async () => (await annotationSet(page)).person_tracks.map((t) => t.track_id);
  const before = await ids();
  const [from, to] = [at(MIDDLE[0], MIDDLE[1]), at(MIDDLE[2], MIDDLE[3])];
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 4 });
  await page.mouse.move(to.x, to.y, { steps: 4 });
  await page.mouse.up();
  await allSaved(page);
  await expect.poll(async () => (await ids()).length).toBe(before.length + 1);
  const track = Math.max(...(await ids()));
  const joints = async () =>
    detectionAt(await annotationSet(page), track, 100)?.keypoints.filter((k) => (k[2] ?? 0) > 0).length ?? 0;
  await expect.poll(joints, { timeout: 60_000 }).toBe(17);
  await page.keyboard.press('f');
  const dialog = page.getByTestId('correction.follow');
  await dialog.getByTestId('correction.frames').fill('30');
  await dialog.getByTestId('correction.confirm').click();
  await expect(dialog).toBeHidden();
  const followed = async () =>
    trackOf(await annotationSet(page), track)!.detections.filter((d) => d.frame > 100 && d.frame <= 130).length;
  await expect.poll(followed, { timeout: 240_000 }).toBe(30);
  await reload(page);
  await goToFrame(page, 130);
  await expect.poll(() => box(page, track)).not.toBeNull();
});
