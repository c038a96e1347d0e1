// Zoom and pan of the Annotate player at 1280×720, on a real server seeded with small people: the wheel
// zooms around the cursor, a box moved and resized at 4× is saved where it was dropped (read back from
// the API), a corner handle of a small person whose joints cover the body moves the corner rather than
// a joint, the buttons and a middle-button pan work, and a reload keeps the zoom.
import type { Page } from '@playwright/test';
import { test, expect, sampleVideo, signIn } from './fixtures';
import { seedVideoOf, startSeededServer, type SeededServer } from './annotate-seeded-server';
import { readAnnotationSet } from './seeded-tracks';
import type { AnnotationSet } from '../domain/types';

let server: SeededServer;
let videoId: number;

// Two small people (tracks 1 and 3, each 4 % × 12 % of the frame) and a large one (track 2). Joints run
// down both sides of each box, so the first and the last joint lie within a few pixels of the corners.
const BOXES: Record<number, [number, number, number, number]> = {
  1: [0.3, 0.4, 0.34, 0.52],
  2: [0.6, 0.2, 0.8, 0.7],
  3: [0.45, 0.3, 0.49, 0.42],
};

test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 1280, height: 720 } });

test.beforeAll(async ({ request }) => {
  test.setTimeout(180_000);
  const counter = await sampleVideo(request, 'counter_');
  server = await startSeededServer([seedVideoOf(counter)], async (database, ids) => {
    for (const [track, [x1, y1, x2, y2]] of Object.entries(BOXES)) {
      await database.sql.query(
        `
        insert into detections (video_id, track_id, frame, x1, y1, x2, y2, confidence, keypoints, source)
        select $1::int, $2::int, f, $3::real, $4::real, $5::real, $6::real, 0.9,
               (select array_agg(v order by i, j) from generate_series(0, 16) as i,
                 lateral unnest(array[$3::float8 + (case when i % 2 = 1 then 0.9 else 0.1 end) * ($5::float8 - $3::float8),
                                      $4::float8 + i * ($6::float8 - $4::float8) / 16, 0.9])
                 with ordinality as u(v, j))::real[], 'ai'
        from generate_series(0, $7::int) as f`,
        [ids[0], Number(track), x1, y1, x2, y2, counter.total_frames - 1],
      );
    }
  });
  videoId = server.ids[0];
});
test.afterAll(async () => {
  await server?.stop();
});

const annotationSet = (page: Page): Promise<AnnotationSet> => readAnnotationSet(page, server, videoId);
const savedAt = async (page: Page, track: number) =>
  (await annotationSet(page)).person_tracks.find((t) => t.track_id === track)!.detections.find((d) => d.frame === 0)!;
const allSaved = (page: Page) => expect.poll(() => page.evaluate(() => window.__vatEdit?.pending() ?? -1)).toBe(0);
const box = async (page: Page, track: number) => (await page.evaluate((t) => window.__vatEdit!.boxOnScreen(t), track))!;
const view = (page: Page) => page.evaluate(() => window.__vat!.viewport());

async function open(page: Page, edit: boolean) {
  await signIn(page, 'editor.zoom');
  await page.goto(`${server.baseURL}/videos/${videoId}/annotate`);
  await expect.poll(() => page.evaluate(() => window.__vat?.loadedWindows().length ?? 0)).toBeGreaterThan(0);
  await expect
    .poll(() =>
      page.evaluate(() => (document.querySelector('[data-testid="player.video"]') as HTMLVideoElement).readyState),
    )
    .toBeGreaterThanOrEqual(2);
  if (!edit) return;
  await page.getByTestId('controls.mode-edit').click();
  await expect(page.getByTestId('controls.mode-edit')).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => page.evaluate(() => window.__vatEdit?.boxOnScreen(1) ?? null)).not.toBeNull();
}

async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 4 });
  await page.mouse.move(to.x, to.y, { steps: 4 });
  await page.mouse.up();
}

/** One wheel event that zooms by `factor` at (x, y) (a notch of 100 px is ×1.25). */
async function zoomBy(page: Page, x: number, y: number, factor: number) {
  await page.mouse.move(x, y);
  await page.mouse.wheel(0, (-100 * Math.log(factor)) / Math.log(1.25));
}

test('the wheel zooms around the cursor: the video point under it stays under it', async ({ page }) => {
  await open(page, false);
  const fitReadout = await page.getByTestId('zoom.readout').textContent();
  const b = await box(page, 2);
  // whole pixels: a wheel event's clientX / clientY are integers
  const at = { x: Math.round(b.x1 + 10), y: Math.round(b.y1 + 20) };
  await zoomBy(page, at.x, at.y, 1.25);
  await zoomBy(page, at.x, at.y, 2);
  await expect.poll(async () => (await view(page)).zoom).toBeCloseTo(2.5, 2);
  // every point scales by 2.5 away from the cursor, which stays on the same video point
  const after = await box(page, 2);
  expect(after.x1).toBeCloseTo(at.x - (at.x - b.x1) * 2.5, 0);
  expect(after.y1).toBeCloseTo(at.y - (at.y - b.y1) * 2.5, 0);
  expect(after.x2 - after.x1).toBeCloseTo((b.x2 - b.x1) * 2.5, 0);
  await expect(page.getByTestId('zoom.readout')).not.toHaveText(fitReadout ?? '');
  // the overlay sits on the zoomed picture: the video element's picture puts x 0.6, y 0.2 where the box is
  const pic = await page.evaluate(() => {
    const v = document.querySelector('[data-testid="player.video"]') as HTMLVideoElement;
    const r = v.getBoundingClientRect();
    const s = Math.min(r.width / v.videoWidth, r.height / v.videoHeight);
    const w = v.videoWidth * s;
    const h = v.videoHeight * s;
    return { x: r.left + (r.width - w) / 2, y: r.top + (r.height - h) / 2, w, h };
  });
  expect(pic.x + BOXES[2][0] * pic.w).toBeCloseTo(after.x1, 0);
  expect(pic.y + BOXES[2][1] * pic.h).toBeCloseTo(after.y1, 0);
  await page.screenshot({ path: 'test-results/zoom-2.5x.png' });
});

test('a box moved and resized at 4× is saved where it was dropped', async ({ page }) => {
  await open(page, true);
  const b0 = await box(page, 1);
  await zoomBy(page, Math.round((b0.x1 + b0.x2) / 2), Math.round((b0.y1 + b0.y2) / 2), 4);
  await expect.poll(async () => (await view(page)).zoom).toBeCloseTo(4, 2);
  const b = await box(page, 1);
  const perPx = (BOXES[1][2] - BOXES[1][0]) / (b.x2 - b.x1); // video fraction per screen pixel, at 4×
  const perPy = (BOXES[1][3] - BOXES[1][1]) / (b.y2 - b.y1);
  const mid = { x: (b.x1 + b.x2) / 2, y: (b.y1 + b.y2) / 2 + 6 };
  await page.mouse.click(mid.x, mid.y); // select track 1
  await drag(page, mid, { x: mid.x + 40, y: mid.y + 20 });
  await allSaved(page);
  let saved = await savedAt(page, 1);
  expect(saved.bbox.x1).toBeCloseTo(BOXES[1][0] + 40 * perPx, 3);
  expect(saved.bbox.y1).toBeCloseTo(BOXES[1][1] + 20 * perPy, 3);
  // resize by the bottom-right corner: the saved corner is where the pointer let go
  const moved = await box(page, 1);
  expect(moved.x1).toBeCloseTo(b.x1 + 40, 0);
  await drag(page, { x: moved.x2, y: moved.y2 }, { x: moved.x2 + 30, y: moved.y2 + 24 });
  await allSaved(page);
  saved = await savedAt(page, 1);
  expect(saved.bbox.x2).toBeCloseTo(BOXES[1][2] + 70 * perPx, 3);
  expect(saved.bbox.y2).toBeCloseTo(BOXES[1][3] + 44 * perPy, 3);
  const shown = await box(page, 1);
  expect(shown.x2).toBeCloseTo(moved.x2 + 30, 0);
  expect(shown.y2).toBeCloseTo(moved.y2 + 24, 0);
  expect(saved.source).toBe('human');
});

test('dragging a corner handle of a small person moves the corner, not the joint beside it', async ({ page }) => {
  await open(page, true);
  const b = await box(page, 3);
  expect(b.y2 - b.y1).toBeLessThan(90); // a small person on screen
  await page.mouse.click((b.x1 + b.x2) / 2, (b.y1 + b.y2) / 2); // select track 3: its joints now show
  const ankle = (await page.evaluate(() => window.__vatEdit!.keypointOnScreen(3, 16)))!;
  expect(Math.hypot(ankle.x - b.x1, ankle.y - b.y2)).toBeLessThan(6); // the joint handle covers the corner
  const before = (await savedAt(page, 3)).keypoints;
  await drag(page, { x: b.x1, y: b.y2 }, { x: b.x1 - 20, y: b.y2 + 16 });
  await allSaved(page);
  const saved = await savedAt(page, 3);
  const f = (await page.evaluate(() => window.__vatEdit!.frameOnScreen()))!;
  expect(saved.bbox.x1).toBeCloseTo(BOXES[3][0] - 20 / (f.x2 - f.x1), 2);
  expect(saved.bbox.y2).toBeCloseTo(BOXES[3][3] + 16 / (f.y2 - f.y1), 2);
  expect(saved.bbox.x2).toBeCloseTo(BOXES[3][2], 4);
  expect(saved.keypoints).toEqual(before);
});

test('1:1, a middle-button pan and Fit; a reload keeps the zoom', async ({ page }) => {
  await open(page, false);
  await page.getByTestId('zoom.one').click();
  await expect(page.getByTestId('zoom.readout')).toHaveText('100%');
  const b = await box(page, 2);
  // the pan starts in the middle of the player: at 1:1 the track's box may lie outside the player's box
  const player = (await page.getByTestId('player.box').boundingBox())!;
  const at = { x: player.x + player.width / 2, y: player.y + player.height / 2 };
  await page.mouse.move(at.x, at.y);
  await page.mouse.down({ button: 'middle' });
  await page.mouse.move(at.x - 30, at.y - 10, { steps: 3 });
  await page.mouse.up({ button: 'middle' });
  const panned = await box(page, 2);
  expect(panned.x1).toBeCloseTo(b.x1 - 30, 0);
  expect(panned.y1).toBeCloseTo(b.y1 - 10, 0);
  const kept = await view(page);

  await page.reload();
  await expect.poll(() => page.evaluate(() => window.__vat?.loadedWindows().length ?? 0)).toBeGreaterThan(0);
  await expect.poll(() => view(page)).toEqual(kept);
  await expect(page.getByTestId('zoom.readout')).toHaveText('100%');
  expect((await box(page, 2)).x1).toBeCloseTo(panned.x1, 0);

  await page.getByTestId('zoom.fit').click();
  await expect.poll(() => view(page)).toEqual({ zoom: 1, panX: 0, panY: 0 });
});
