// Upload screen against the real server: two clips sent with visible progress land in the library;
// a non-video shows the server's reason; a cancelled upload leaves nothing.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { test, expect, expectConsole, listVideos, signIn } from './fixtures';
import { formatFileSize } from '../src/pages/upload/file-size';

const ffmpeg =
  process.env.FFMPEG_PATH ??
  (() => {
    try {
      execFileSync('ffmpeg', ['-version'], { stdio: 'ignore' });
      return 'ffmpeg';
    } catch {
      return (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;
    }
  })();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vat-e2e-upload-'));

/** A real clip of a few MB (noise compresses badly), so a throttled upload shows progress for seconds. */
function clip(name: string, seconds: number): string {
  const file = path.join(dir, name);
  execFileSync(ffmpeg, [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `nullsrc=s=320x240:r=25:d=${seconds},geq=random(1)*255:128:128`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-crf',
    '10',
    '-pix_fmt',
    'yuv420p',
    file,
  ]);
  return file;
}

/** Slows the page's uploads down (Chromium's network emulation) so progress can be watched. */
async function throttleUploads(page: Page, bytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
}

test.afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

test('two clips upload one request each with progress, then show in the library', async ({ page, request }) => {
  const a = clip('e2e upload one.mp4', 2);
  const b = clip('e2e upload two.mp4', 1);
  await signIn(page, 'uploader1');
  await page.goto('/upload');
  await expect(page.getByTestId('upload.dropzone')).toContainText('Support for MP4, AVI, MOV, MKV files up to 500MB');
  await throttleUploads(page, 2 * 1024 * 1024);
  await page.getByTestId('upload.input').setInputFiles([a, b]);

  const bar = page.getByTestId('upload.progress').getByRole('progressbar');
  await expect(bar).toBeVisible();
  // progress moves through values between the ends while bytes are on the way
  await expect
    .poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 20_000 })
    .toBeGreaterThan(0);
  await expect(page.getByTestId('upload.success')).toHaveText('Upload completed successfully!', { timeout: 60_000 });
  await expect(page.getByTestId('upload.progress')).toHaveCount(0);

  const rows = page.getByTestId('upload.file');
  await expect(rows).toHaveCount(2);
  for (const [i, f] of [a, b].entries()) {
    await expect(rows.nth(i).getByTestId('upload.file-name')).toHaveText(path.basename(f));
    await expect(rows.nth(i).getByTestId('upload.file-size')).toHaveText(formatFileSize(fs.statSync(f).size));
    await expect(rows.nth(i).getByTestId('upload.file-status')).toHaveText('success');
  }
  const uploaded = (await listVideos(request, '&q=e2e upload')).map((v) => v.filename).sort();
  expect(uploaded).toEqual(['e2e upload one.mp4', 'e2e upload two.mp4']);

  await rows.nth(0).getByTestId('upload.open').click();
  await expect(page).toHaveURL(/\/videos/);
  await page.getByTestId('library.search').fill('e2e upload');
  await expect(page.getByTestId('library.filename')).toHaveText(['e2e upload one.mp4', 'e2e upload two.mp4'].sort());
});

test('a file that is not a video is marked error with the server reason; a cancelled upload stores nothing', async ({
  page,
  request,
}) => {
  expectConsole(page, /status of 415/);
  const fake = path.join(dir, 'fake clip.mp4');
  fs.writeFileSync(fake, 'not a video at all\n'.repeat(1000));
  const big = clip('e2e cancelled.mp4', 4);
  await signIn(page, 'uploader1');
  await page.goto('/upload');
  await page.getByTestId('upload.input').setInputFiles([fake]);
  const row = page.getByTestId('upload.file').first();
  await expect(row.getByTestId('upload.file-status')).toHaveText('error');
  await expect(row.getByTestId('upload.file-error')).toContainText('fake clip.mp4 is not a readable video');
  await expect(page.getByTestId('upload.success')).toHaveCount(0);

  await throttleUploads(page, 256 * 1024);
  await page.getByTestId('upload.input').setInputFiles([big]);
  const second = page.getByTestId('upload.file').nth(1);
  await expect(second.getByTestId('upload.file-status')).toHaveText('uploading');
  await second.getByTestId('upload.cancel').click();
  await expect(second.getByTestId('upload.file-status')).toHaveText('cancelled');
  expect(await listVideos(request, '&q=e2e cancelled')).toEqual([]);
});

test('a resumable upload cut off by a reload continues from the bytes the server has when the file is picked again', async ({
  page,
  request,
}) => {
  // The server can still be finishing the request the reload cut off when the new page continues: tus
  // then answers 409 (offset or lock) once and the client retries from the offset it asks for again.
  expectConsole(page, /status of 409/);
  const file = clip('e2e resumable.mp4', 2);
  const size = fs.statSync(file).size;
  await signIn(page, 'uploader1');
  await page.goto('/upload');
  const patches: Array<{ url: string; offset: number }> = [];
  page.on('request', (r) => {
    if (r.method() === 'PATCH' && r.url().includes('/api/v1/uploads/tus/'))
      patches.push({ url: r.url(), offset: Number(r.headers()['upload-offset']) });
  });
  await throttleUploads(page, 256 * 1024);
  await page.getByTestId('upload.resumable').check();
  await page.getByTestId('upload.input').setInputFiles([file]);
  await expect.poll(() => patches.length).toBe(1);
  // wait until the server holds part of the file, then leave the page in the middle of the upload
  const serverOffset = async () =>
    Number(
      (
        await request.head(patches[0].url, { headers: { 'Tus-Resumable': '1.0.0', 'X-User-Id': 'uploader1' } })
      ).headers()['upload-offset'],
    );
  await expect.poll(serverOffset, { timeout: 20_000 }).toBeGreaterThan(0);
  // the first page may have sent more than one PATCH: each HEAD above takes the upload's lock, which stops the
  // PATCH in flight, and its client then asks the offset and sends the rest (seen on a loaded machine). What
  // the second page sent is what came after the reload
  const sentBefore = patches.length;
  await page.reload();
  const kept = await serverOffset();
  expect(kept).toBeGreaterThan(0);
  expect(kept).toBeLessThan(size);

  await page.getByTestId('upload.resumable').check();
  await page.getByTestId('upload.input').setInputFiles([file]);
  await expect(page.getByTestId('upload.file').first().getByTestId('upload.file-status')).toHaveText('success', {
    timeout: 60_000,
  });
  // the second page sent only the rest, to the same upload
  expect(patches.length).toBeGreaterThan(sentBefore);
  expect(new Set(patches.map((p) => p.url)).size).toBe(1);
  expect(patches[sentBefore].offset).toBeGreaterThanOrEqual(kept);
  const href = await page.getByTestId('upload.file').first().getByTestId('upload.open').getAttribute('href');
  const v = (await listVideos(request, '&q=e2e resumable')).find((x) => href === `/videos?focus=${x.id}`)!;
  expect(v.size_bytes).toBe(size);
  expect(fs.readFileSync(v.path).equals(fs.readFileSync(file))).toBe(true);
});
