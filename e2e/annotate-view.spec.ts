// Annotate screen, view side, on a real server seeded with known detections (see
// annotate-seeded-server.ts) and the sample library's burned-in frame-counter clip.
import type { Page } from '@playwright/test';
import { test, expect, expectConsole, sampleVideo, signIn, useQuickPoseModel } from './fixtures';
import { seedVideoOf, startSeededServer, type SeededServer } from './annotate-seeded-server';
import { seedAnnotations } from '../scripts/seed-annotations';

let server: SeededServer;
let counterId: number;
let peopleId: number;
let brokenId: number;
const TRACKS = 3;

test.beforeAll(async ({ request }) => {
  test.setTimeout(180_000);
  const counter = await sampleVideo(request, 'counter_');
  const people = await sampleVideo(request, 'people_');
  const clip = (v: typeof counter, status = 'completed') => seedVideoOf(v, status);
  server = await startSeededServer(
    [
      clip(counter),
      clip(people, 'pending'),
      { ...clip(counter), filename: 'missing.mp4', path: `${counter.source_root}/missing-file.mp4` },
    ],
    async (database, ids) => {
      // Tracks 1-2 at every frame of the counter clip, track 3 only at frames 100-199; one 'jump' on track 2.
      await seedAnnotations(database, {
        videoId: ids[0],
        frameCount: counter.total_frames,
        fps: counter.fps,
        tracks: TRACKS,
      });
      await database.sql.query(
        'delete from detections where video_id = $1 and track_id = 3 and (frame < 100 or frame >= 200)',
        [ids[0]],
      );
      await database.sql.query('delete from action_segments where video_id = $1', [ids[0]]);
      await database.sql.query(
        `insert into action_segments (video_id, track_id, action_class, start_time, end_time, confidence)
      values ($1, 2, 'jump', 8, 12.5, 0.6), ($1, 1, 'run', 2, 5, 0.8)`,
        [ids[0]],
      );
    },
  );
  [counterId, peopleId, brokenId] = server.ids;
});
test.afterAll(async () => {
  await server?.stop();
});

const annotateUrl = (id: number) => `${server.baseURL}/videos/${id}/annotate`;

/** Opens the Annotate screen of a seeded-server video (or of a shared-server video with `shared`). */
async function openAnnotate(page: Page, id: number, shared = false) {
  await page.goto(shared ? `/videos/${id}/annotate` : annotateUrl(id));
  await expect(page.getByTestId('header.title')).toContainText('Annotate: ');
  await expect.poll(() => page.evaluate(() => window.__vat?.loadedWindows().length ?? 0)).toBeGreaterThan(0);
  await expect
    .poll(() =>
      page.evaluate(() => (document.querySelector('[data-testid="player.video"]') as HTMLVideoElement).readyState),
    )
    .toBeGreaterThanOrEqual(2);
}

/** Reads the frame number from the clip's burned-in barcode (bit i = column i of the top strip). */
const counterOnScreen = (page: Page) =>
  page.evaluate(() => {
    const v = document.querySelector('[data-testid="player.video"]') as HTMLVideoElement;
    const c = document.createElement('canvas');
    c.width = v.videoWidth;
    c.height = v.videoHeight;
    const ctx = c.getContext('2d', { willReadFrequently: true })!;
    ctx.drawImage(v, 0, 0);
    const row = ctx.getImageData(0, Math.floor(v.videoHeight / 24), v.videoWidth, 1).data;
    let n = 0;
    for (let i = 0; i < 16; i++) if (row[4 * Math.floor(((i + 0.5) * v.videoWidth) / 16)] > 128) n |= 1 << i;
    return n;
  });

const vatFrame = (page: Page) => page.evaluate(() => window.__vat!.currentFrame());

test('Next Frame ×N lands exactly on frame N: the burned-in counter and __vat agree', async ({ page }) => {
  await openAnnotate(page, counterId);
  await expect(page.getByTestId('header.title')).toHaveText(/Annotate: counter_640x360_30fps_20s\.mp4/);
  for (let i = 0; i < 7; i++) await page.getByTestId('controls.next-frame').click();
  await expect.poll(() => vatFrame(page)).toBe(7);
  await expect.poll(() => counterOnScreen(page)).toBe(7);
  await expect(page.getByTestId('controls.readout')).toHaveText('0:00.2 / 0:20.0');
  for (let i = 0; i < 2; i++) await page.getByTestId('controls.prev-frame').click();
  await expect.poll(() => vatFrame(page)).toBe(5);
  await expect.poll(() => counterOnScreen(page)).toBe(5);
  // Time entry in seconds and a frame entry both land on the frame they name.
  await page.getByTestId('controls.entry').fill('10');
  await page.getByTestId('controls.entry-go').click();
  await expect.poll(() => vatFrame(page)).toBe(300);
  await expect.poll(() => counterOnScreen(page)).toBe(300);
  await page.getByTestId('controls.entry-unit').selectOption('frame');
  await page.getByTestId('controls.entry').fill('433');
  await page.getByTestId('controls.entry').press('Enter');
  await expect.poll(() => vatFrame(page)).toBe(433);
  await expect.poll(() => counterOnScreen(page)).toBe(433);
  await expect(page.getByTestId('panel.title')).toHaveText('Data at frame 433');
  // Non-numeric input is ignored.
  await page.getByTestId('controls.entry').fill('abc');
  await page.getByTestId('controls.entry-go').click();
  await expect.poll(() => vatFrame(page)).toBe(433);
});

test('the overlay draws one box per track present at the frame; the eye toggle hides a track', async ({ page }) => {
  await openAnnotate(page, counterId);
  const goToFrame = async (n: number) => {
    await page.getByTestId('controls.entry-unit').selectOption('frame');
    await page.getByTestId('controls.entry').fill(String(n));
    await page.getByTestId('controls.entry-go').click();
    await expect.poll(() => page.evaluate(() => window.__vat!.overlay().frame)).toBe(n);
  };
  await goToFrame(50);
  await expect
    .poll(() => page.evaluate(() => window.__vat!.overlay()))
    .toMatchObject({ boxes: 2, trackIds: [1, 2], keypoints: 34 });
  await goToFrame(150);
  await expect
    .poll(() => page.evaluate(() => window.__vat!.overlay()))
    .toMatchObject({ boxes: 3, trackIds: [1, 2, 3] });
  // Boxes off: no boxes, skeletons still drawn.
  await page.getByTestId('controls.toggle-boxes').uncheck();
  await expect.poll(() => page.evaluate(() => window.__vat!.overlay())).toMatchObject({ boxes: 0, keypoints: 51 });
  await page.getByTestId('controls.toggle-boxes').check();
  await page.locator('[data-testid="timeline.row"][data-track="1"]').getByTestId('timeline.eye').click();
  await expect.poll(() => page.evaluate(() => window.__vat!.overlay())).toMatchObject({ boxes: 2, trackIds: [2, 3] });
  expect(await page.evaluate(() => window.__vat!.visibleTracks!())).toEqual([2, 3]);
  await expect(page.getByTestId('timeline.merge')).toBeEnabled();
});

test('clicking a segment bar seeks to its start, selects it and the data panel follows', async ({ page }) => {
  await openAnnotate(page, counterId);
  await expect(page.getByTestId('panel.empty')).toHaveText('No actions at this time.');
  const canvas = page.getByTestId('timeline.canvas');
  const box = (await canvas.boundingBox())!;
  // Track 2 is the second row (axis 20 px, rows 22 px); the bar starts at 8 s of 20 s.
  await canvas.click({ position: { x: (8.6 / 20) * box.width, y: 20 + 22 + 11 } });
  await expect.poll(() => vatFrame(page)).toBe(240);
  await expect.poll(() => counterOnScreen(page)).toBe(240);
  await expect(page.getByTestId('panel.title')).toHaveText('Data at 8.00 s');
  const row = page.getByTestId('panel.row');
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('chip.class')).toHaveText('jump');
  await expect(row.getByTestId('chip.track')).toHaveText('Track 2');
  await expect(row.getByTestId('chip.start')).toHaveText('Start 8.00 s');
  await expect(row.getByTestId('chip.end')).toHaveText('End 12.50 s');
  await expect(row.getByTestId('chip.confidence')).toHaveText('Conf 60%');
  expect(await page.evaluate(() => window.__vat!.selectedTrackId!())).toBe(2);
  await page.getByTestId('panel.show-all').check();
  await expect(page.getByTestId('panel.list-title')).toHaveText('All Actions');
  await expect(page.getByTestId('panel.row')).toHaveCount(2);
  await expect(page.getByTestId('panel.add-action')).toBeDisabled();
});

test('Alt+Right and Alt+Left open the next and previous video', async ({ page }) => {
  await openAnnotate(page, counterId);
  await expect(page.getByTestId('header.prev')).toBeDisabled();
  await expect(page.getByTestId('header.next')).toBeEnabled();
  await page.keyboard.press('Alt+ArrowRight');
  await expect(page).toHaveURL(annotateUrl(peopleId));
  await expect(page.getByTestId('header.title')).toHaveText(/Annotate: people_/);
  await expect(page.getByTestId('panel.empty')).toHaveText('No actions for this video.');
  await expect(page.getByTestId('timeline.merge')).toBeDisabled();
  await expect(page.getByTestId('header.prev')).toBeEnabled();
  await page.keyboard.press('Alt+ArrowLeft');
  await expect(page).toHaveURL(annotateUrl(counterId));
});

test('Back to Library returns to the saved filters with restore=1', async ({ page }) => {
  await page.goto(`${server.baseURL}/videos?status=completed`);
  await expect(page.getByText('counter_640x360_30fps_20s.mp4').first()).toBeVisible();
  await page.goto(annotateUrl(counterId));
  const visited: string[] = [];
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) visited.push(f.url());
  });
  await page.getByTestId('header.back').click();
  // The library consumes restore=1 and keeps the filters in its URL.
  await expect(page).toHaveURL(/\/videos\?status=completed/);
  expect(visited.some((u) => /\/videos\?status=completed&restore=1$/.test(u))).toBe(true);
  await expect(page.getByText('missing.mp4').first()).toBeVisible();
  await expect(page.getByText('people_pan_1280x720_30fps_8s.mp4')).toHaveCount(0);
});

test('a direct visit plays the video element started before the app: the file is opened once, and Next Frame works', async ({
  page,
}) => {
  const requests: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith(`/videos/${counterId}/download?playback=1`) && /^bytes=0-$/.test(r.headers().range ?? ''))
      requests.push('video');
    if (r.url().includes(`/videos/${counterId}/neighbors`)) requests.push('neighbors'); // asked once the editor is up
  });
  await openAnnotate(page, counterId);
  await page.getByTestId('controls.next-frame').click();
  await expect.poll(() => counterOnScreen(page)).toBe(1);
  expect(requests.filter((r) => r === 'video')).toHaveLength(1);
  expect(requests.indexOf('video')).toBeLessThan(requests.indexOf('neighbors'));
  expect(await page.locator('video').count()).toBe(1);
});

test('a video that cannot be loaded shows the player error', async ({ page }) => {
  expectConsole(page, /status of 404/); // the missing file's download answers 404
  await page.goto(annotateUrl(brokenId));
  await expect(page.getByTestId('player.error')).toContainText(/^(Video \d|Failed to load)/);
});

test('status actions: guests are asked to sign in; KIV takes a remark and shows in History Status', async ({
  page,
  browser,
}) => {
  await page.goto(annotateUrl(counterId));
  await page.getByTestId('header.actions').click();
  await page.getByTestId('actions.kiv').click();
  await expect(page.getByText('Please sign in to perform this action.')).toBeVisible();

  const signed = await browser.newPage();
  await signIn(signed, 'ann-e2e', 'annotator', 'Ann E2E');
  await signed.goto(annotateUrl(counterId));
  await signed.getByTestId('header.actions').click();
  await expect(signed.getByTestId('actions.labelled')).toHaveText('Mark Labelled');
  await signed.getByTestId('actions.kiv').click();
  await expect(signed.getByTestId('dialog.remark')).toContainText('Mark as KIV');
  await signed.getByTestId('remark.text').fill('blurry footage');
  await signed.getByTestId('remark.confirm').click();
  await expect(signed.getByTestId('dialog.remark')).toBeHidden();
  await signed.getByTestId('header.actions').click();
  await expect(signed.getByTestId('actions.unmark-kiv')).toBeVisible();
  await expect(signed.getByTestId('actions.labelled')).toBeDisabled();
  await signed.getByTestId('actions.history').click();
  const history = signed.getByTestId('dialog.history');
  await expect(history).toContainText('History Status: counter_640x360_30fps_20s.mp4');
  await expect(history.getByTestId('history.entry').first()).toContainText('completed → kiv');
  await expect(history.getByTestId('history.entry').first()).toContainText('blurry footage');
  await expect(history.getByTestId('history.entry').first()).toContainText('by ann-e2e');
  await history.getByRole('button', { name: 'Close' }).click();
  await signed.getByTestId('header.actions').click();
  await signed.getByTestId('actions.unmark-kiv').click();
  await signed.getByTestId('header.actions').click();
  await expect(signed.getByTestId('actions.kiv')).toBeVisible();
  await signed.close();
});

test('a clip processed by the AI: the overlay draws exactly the stored detections at analysed frames', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const people = await sampleVideo(request, 'people_');
  const headers = { 'X-User-Id': 'ann-e2e', 'X-User-Role': 'annotator' };
  await useQuickPoseModel(request);
  const status = async () => (await (await request.get(`/api/v1/videos/${people.id}/status`)).json()).status as string;
  if (!['completed', 'labelled', 'reviewed'].includes(await status())) {
    if ((await status()) === 'pending')
      expect((await request.post(`/api/v1/videos/${people.id}/process`, { headers })).ok()).toBe(true);
    await expect.poll(status, { timeout: 240_000, intervals: [2000] }).toBe('completed');
  }
  const summary = await (await request.get(`/api/v1/annotations/${people.id}/summary`)).json();
  const stride: number = summary.video_info.frame_stride ?? 1;
  const exported = (await (await request.get(`/api/v1/annotations/${people.id}`)).json()) as {
    person_tracks: { track_id: number; detections: { frame: number }[] }[];
  };
  const tracksAt = (frame: number) =>
    exported.person_tracks
      .filter((t) => t.detections.some((d) => d.frame === frame))
      .map((t) => t.track_id)
      .sort((a, b) => a - b);
  const log = await (await request.get(`/api/v1/videos/${people.id}/log`)).text();
  expect(exported.person_tracks.length, `processing log:\n${log}`).toBeGreaterThan(0);

  await openAnnotate(page, people.id, true);
  for (const frame of [0, 60 * stride, 120 * stride].filter((f) => f < people.total_frames)) {
    await page.getByTestId('controls.entry-unit').selectOption('frame');
    await page.getByTestId('controls.entry').fill(String(frame));
    await page.getByTestId('controls.entry-go').click();
    await expect.poll(() => page.evaluate(() => window.__vat!.overlay().frame)).toBe(frame);
    await expect.poll(() => page.evaluate(() => window.__vat!.overlay().trackIds)).toEqual(tracksAt(frame));
  }
});
