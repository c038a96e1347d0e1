// The Annotate workspace on one screen, its state across reloads, the header and the render download,
// on a real server (with the job worker) seeded with a 4:3 clip of 10 tracks; and the library table at
// 1280×720 with the shared sample library.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, signIn } from './fixtures';
import { startSeededServer, type SeededServer } from './annotate-seeded-server';
import { seedAnnotations } from '../scripts/seed-annotations';
import { makeTestClip } from './test-clip';

let server: SeededServer;
let clipId: number;
let pendingId: number;
let renderId: number;
let mediaDir: string;
const TRACKS = 10;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vat-e2e-layout-'));
  const make = (name: string, size: string, seconds: number) => makeTestClip(mediaDir, name, size, seconds);
  const clip = make('layout_768x576.mp4', '768x576', 8);
  const short = make('layout_render.mp4', '320x180', 2);
  server = await startSeededServer(
    [
      {
        filename: 'layout_768x576.mp4',
        path: clip,
        sourceRoot: mediaDir,
        fps: 30,
        width: 768,
        height: 576,
        duration: 8,
        totalFrames: 240,
        status: 'completed',
      },
      // between the two in the library's order, but not in the Review Queue (not processed yet)
      {
        filename: 'layout_pending.mp4',
        path: path.join(mediaDir, 'layout_pending.mp4'),
        sourceRoot: mediaDir,
        fps: 30,
        width: 320,
        height: 180,
        duration: 2,
        totalFrames: 60,
        status: 'pending',
      },
      {
        filename: 'layout_render.mp4',
        path: short,
        sourceRoot: mediaDir,
        fps: 30,
        width: 320,
        height: 180,
        duration: 2,
        totalFrames: 60,
        status: 'completed',
      },
    ],
    async (database, ids) => {
      await seedAnnotations(database, { videoId: ids[0], frameCount: 240, fps: 30, tracks: TRACKS });
      await seedAnnotations(database, { videoId: ids[2], frameCount: 60, fps: 30, tracks: 1 });
    },
    undefined,
    { VAT_WORKER: '1' },
  );
  [clipId, pendingId, renderId] = server.ids;
});
test.afterAll(async () => {
  await server?.stop();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

async function openAnnotate(page: Page, id: number, search = '') {
  await page.goto(`${server.baseURL}/videos/${id}/annotate${search}`);
  await expect(page.getByTestId('header.title')).toContainText('Annotate: ');
  await expect
    .poll(() =>
      page.evaluate(() => (document.querySelector('[data-testid="player.video"]') as HTMLVideoElement).readyState),
    )
    .toBeGreaterThanOrEqual(2);
  await expect(page.getByTestId('timeline.row')).toHaveCount(id === clipId ? TRACKS : 1);
}

const box = async (page: Page, testId: string) => (await page.getByTestId(testId).first().boundingBox())!;

/** The timeline rows wholly inside both the timeline's scroll area and the window. */
const rowsInView = (page: Page) =>
  page.evaluate(() => {
    const area = document.querySelector('[data-testid="timeline.rows"]')!.getBoundingClientRect();
    return [...document.querySelectorAll('[data-testid="timeline.row"]')].filter((r) => {
      const b = r.getBoundingClientRect();
      return b.top >= area.top + 19 && b.bottom <= Math.min(area.bottom, window.innerHeight) + 0.5;
    }).length;
  });

for (const viewport of [
  { width: 1280, height: 720 },
  { width: 1440, height: 900 },
]) {
  test(`at ${viewport.width}×${viewport.height} the frame, the player controls and at least 4 timeline rows show without scrolling`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await openAnnotate(page, clipId);
    expect(await page.evaluate(() => document.scrollingElement!.scrollHeight <= window.innerHeight)).toBe(true);
    const player = await box(page, 'player.box');
    const controls = await box(page, 'controls.bar');
    expect(player.y).toBeGreaterThanOrEqual(0);
    expect(controls.y + controls.height).toBeLessThanOrEqual(viewport.height);
    // the picture keeps the clip's 4:3 shape
    expect(Math.abs(player.width / player.height - 4 / 3)).toBeLessThan(0.02);
    expect(await rowsInView(page)).toBeGreaterThanOrEqual(4);
  });
}

test.describe('at 1280×720', () => {
  test.use({ viewport: { width: 1280, height: 720 } });

  test('the split drags, the data panel collapses and Full width widens the video', async ({ page }) => {
    await openAnnotate(page, clipId);
    const before = await box(page, 'timeline.rows');
    const split = await box(page, 'layout.split');
    await page.mouse.move(split.x + split.width / 2, split.y + split.height / 2);
    await page.mouse.down();
    await page.mouse.move(split.x + split.width / 2, split.y - 60, { steps: 4 });
    await page.mouse.up();
    await expect.poll(async () => (await box(page, 'timeline.rows')).height).toBeGreaterThan(before.height + 50);
    expect(await rowsInView(page)).toBeGreaterThanOrEqual(6);

    const withPanel = await box(page, 'player.area');
    await page.getByTestId('layout.panel-collapse').click();
    await expect(page.getByTestId('panel.root')).toHaveCount(0);
    await expect.poll(async () => (await box(page, 'player.area')).width).toBeGreaterThan(withPanel.width + 300);
    await page.reload();
    await expect(page.getByTestId('layout.panel-expand')).toBeVisible(); // the choice is kept
    await page.getByTestId('layout.panel-expand').click();
    await expect(page.getByTestId('panel.root')).toBeVisible();

    const medium = await box(page, 'player.box');
    await page.getByTestId('controls.size').selectOption('full');
    await expect.poll(async () => (await box(page, 'player.box')).width).toBeGreaterThan(medium.width + 50);
    const area = await box(page, 'player.area');
    expect((await box(page, 'player.box')).width).toBeCloseTo(area.width, -1);
    await page.getByTestId('controls.size').selectOption('small');
    await expect.poll(async () => (await box(page, 'player.box')).width).toBeLessThanOrEqual(720);
  });

  test('Prev/Next of a video opened from the Review Queue walk the queue, not the library', async ({ page }) => {
    await signIn(page, 'layout-e2e');
    await page.goto(`${server.baseURL}/review`);
    const rows = page.getByTestId('review.row');
    await expect(rows).toHaveCount(2);
    const queueOrder = await rows.evaluateAll((rs) => rs.map((r) => Number(r.getAttribute('data-video-id'))));
    expect([...queueOrder].sort((a, b) => a - b)).toEqual([clipId, renderId]);
    const url = (id: number) => new RegExp(`/videos/${id}/annotate\\?from=review-queue&status=all&scope=mine$`);
    await rows.first().getByTestId('review.open').click();
    await expect(page).toHaveURL(url(queueOrder[0]));
    await expect(page.getByTestId('header.next')).toBeEnabled();
    await expect(page.getByTestId('header.prev')).toBeDisabled();
    await page.getByTestId('header.next').click();
    // the library would step onto the unprocessed video in between
    await expect(page).toHaveURL(url(queueOrder[1]));
    expect(page.url()).not.toContain(`/videos/${pendingId}/`);
    await expect(page.getByTestId('header.prev')).toBeEnabled();
    await expect(page.getByTestId('header.next')).toBeDisabled();
    await page.keyboard.press('Alt+ArrowLeft');
    await expect(page).toHaveURL(url(queueOrder[0]));
  });

  test('the header shows the status and follows Mark Reviewed', async ({ page }) => {
    await signIn(page, 'layout-e2e');
    await openAnnotate(page, clipId);
    await expect(page.getByTestId('header.status')).toHaveText('completed');
    await expect(page.getByTestId('header.view')).toHaveText('Showing: Live View');
    await page.getByTestId('header.actions').click();
    await page.getByTestId('actions.reviewed').click();
    await expect(page.getByTestId('header.status')).toHaveText('reviewed');
  });

  test('a reload opens the frame in the URL, and restores the mode and hidden tracks', async ({ page }) => {
    await signIn(page, 'layout-e2e');
    await openAnnotate(page, clipId, '?frame=120');
    await expect.poll(() => page.evaluate(() => window.__vat!.currentFrame())).toBe(120);
    await expect(page.getByTestId('controls.frame')).toHaveText('frame 120');
    await page.getByTestId('controls.next-frame').click();
    await expect(page).toHaveURL(/[?&]frame=121$/);
    await page.getByTestId('controls.mode-edit').click();
    await expect(page.getByTestId('controls.mode-edit')).toHaveAttribute('aria-pressed', 'true');
    await page.locator('[data-testid="timeline.row"][data-track="2"]').getByTestId('timeline.eye').click();
    await page.reload();
    await expect.poll(() => page.evaluate(() => window.__vat?.currentFrame())).toBe(121);
    await expect(page.getByTestId('controls.mode-edit')).toHaveAttribute('aria-pressed', 'true');
    await expect(
      page.locator('[data-testid="timeline.row"][data-track="2"]').getByTestId('timeline.eye'),
    ).toHaveAttribute('aria-pressed', 'false');
    await expect(
      page.locator('[data-testid="timeline.row"][data-track="1"]').getByTestId('timeline.eye'),
    ).toHaveAttribute('aria-pressed', 'true');
  });

  test('after a render the Download button saves the rendered MP4', async ({ page }) => {
    await signIn(page, 'layout-e2e');
    await openAnnotate(page, renderId);
    await expect(page.getByTestId('render.download')).toHaveCount(0);
    await page.getByTestId('render.start').click();
    await expect(page.getByTestId('render.progress')).toHaveAttribute('data-state', 'done', { timeout: 120_000 });
    const link = page.getByTestId('render.download');
    await expect(link).toHaveAttribute(
      'href',
      new RegExp(`/api/v1/videos/${renderId}/render/download\\?k=[0-9a-f]{32}&download=1$`),
    );
    const res = await page.request.get(`${server.baseURL}${await link.getAttribute('href')}`);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('video/mp4');
    expect(res.headers()['content-disposition']).toMatch(/^attachment; filename="layout_render_annotated\.mp4"/);
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe('layout_render_annotated.mp4');
    const saved = await download.path();
    // an MP4 starts with its ftyp box
    expect(fs.readFileSync(saved!).subarray(4, 8).toString('latin1')).toBe('ftyp');
    await page.getByTestId('render.viewAnnotated').click();
    await expect(page.getByTestId('header.view')).toHaveText('Showing: Annotated View');
  });

  test("the library shows the Status and Actions columns, and a bottom row's menu stays inside the window", async ({
    page,
  }) => {
    await page.goto('/videos');
    const rows = page.getByTestId('library.row');
    await expect(rows.first()).toBeVisible();
    for (const name of ['Status', 'Actions']) {
      const head = (await page.getByRole('columnheader', { name, exact: true }).boundingBox())!;
      expect(head.x).toBeGreaterThanOrEqual(0);
      expect(head.x + head.width).toBeLessThanOrEqual(1280);
    }
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth)).toBe(true);
    // no cell's text runs over into the next column (long paths and filenames are cut short)
    expect(
      await page.evaluate(() =>
        [...document.querySelectorAll('[data-testid="library.row"] td')]
          .filter((td) => td.scrollWidth > td.clientWidth + 1)
          .map((td) => td.textContent),
      ),
    ).toEqual([]);
    const last = rows.last();
    await last.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollTo(0, document.scrollingElement!.scrollHeight));
    await last.getByTestId('library.rowMenu').click();
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    const m = (await menu.boundingBox())!;
    expect(m.y).toBeGreaterThanOrEqual(0);
    expect(m.y + m.height).toBeLessThanOrEqual(720);
    expect(m.x + m.width).toBeLessThanOrEqual(1280);
    await expect(menu.getByRole('menuitem', { name: 'Delete (disabled)' })).toBeInViewport({ ratio: 1 });
  });
});
