// Rendering on a real server: the settings dialog from the top bar, then on the Annotate screen a render
// is started, its progress bar followed to 100 %, and the Annotated View plays the rendered video.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { test, expect, signIn } from './fixtures';
import { startSeededServer, type SeededServer } from './annotate-seeded-server';
import { seedAnnotations } from '../scripts/seed-annotations';

let server: SeededServer;
let videoId: number;
let mediaDir: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  // a short clip of our own (the npm ffmpeg, as a fresh machine has): 3 s at 30 fps, 480x270
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vat-e2e-render-'));
  const file = path.join(mediaDir, 'render_clip.mp4');
  const ffmpeg =
    process.env.FFMPEG_PATH ?? (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  execFileSync(ffmpeg, [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=s=480x270:r=30:d=3',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    file,
  ]);
  server = await startSeededServer(
    [
      {
        filename: 'render_clip.mp4',
        path: file,
        sourceRoot: mediaDir,
        fps: 30,
        width: 480,
        height: 270,
        duration: 3,
        totalFrames: 90,
        status: 'completed',
      },
    ],
    async (database, ids) => {
      await seedAnnotations(database, { videoId: ids[0], frameCount: 90, fps: 30, tracks: 2 });
    },
    undefined,
    { VAT_WORKER: '1' },
  ); // renders run in the job worker
  [videoId] = server.ids;
});
test.afterAll(async () => {
  await server?.stop();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

test('the top bar settings button opens the settings dialog; an annotator sees it read-only', async ({ page }) => {
  await page.goto(`${server.baseURL}/videos`);
  await expect(page.getByTestId('shell.settings')).toHaveCount(0); // guests have no settings button
  await signIn(page, 'render-e2e');
  await page.goto(`${server.baseURL}/videos`);
  await page.getByTestId('shell.settings').click();
  const dialog = page.getByTestId('dialog.settings');
  for (const section of ['Render', 'Detection', 'Other'])
    await expect(dialog.getByRole('group', { name: section })).toBeVisible();
  await expect(dialog.getByTestId('settings.crf')).toHaveValue('22');
  await expect(dialog.getByTestId('settings.readOnly')).toHaveText('Only administrators can change these settings.');
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
});

test('render the annotated video, follow its progress, and play it in the Annotated View', async ({ page }) => {
  await signIn(page, 'render-e2e');
  await page.goto(`${server.baseURL}/videos/${videoId}/annotate`);
  await expect(page.getByTestId('header.title')).toHaveText('Annotate: render_clip.mp4');
  const annotatedButton = page.getByTestId('render.viewAnnotated');
  await expect(annotatedButton).toBeDisabled();
  await annotatedButton.hover({ force: true });
  await expect(
    page.getByRole('tooltip').filter({ hasText: 'No rendered video yet: use Render Annotated Video' }),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Render Annotated Video' }).click();
  const bar = page.getByTestId('render.progress');
  await expect(bar).toBeVisible();
  await expect(page.getByTestId('render.start')).toBeDisabled();
  await expect(bar).toHaveAttribute('data-state', 'done', { timeout: 120_000 });
  await expect(bar).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByTestId('render.percent')).toHaveText('100%');

  await expect(annotatedButton).toBeEnabled();
  await annotatedButton.click();
  await expect(annotatedButton).toHaveAttribute('aria-pressed', 'true');
  const video = page.getByTestId('player.video');
  await expect(video).toHaveAttribute('src', new RegExp(`/api/v1/videos/${videoId}/render/download\\?k=[0-9a-f]{32}$`));
  await expect(page.getByTestId('player.box').locator('canvas')).toHaveCount(0); // the overlay is burned into the picture
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(2);
  await page.getByTestId('controls.play').click();
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
    .toBeGreaterThan(0.5);
  await page.getByTestId('controls.play').click();

  await page.getByTestId('render.viewLive').click();
  await expect(video).toHaveAttribute('src', `/api/v1/videos/${videoId}/download?playback=1`);
  await expect(page.getByTestId('player.box').locator('canvas').first()).toBeVisible(); // the live overlay is back
});
