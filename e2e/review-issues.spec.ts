// The review loop on a real server seeded with known tracks: a reviewer pins a "Wrong box" issue on a
// box at frame 40 in a few keys, and Mark Reviewed waits, saying why; the annotator signs in, sees the
// issue listed, clicks it (frame 40, its track selected, the pin on the picture), fixes the box and
// resolves it; then the reviewer's Mark Reviewed succeeds.
import type { Page } from '@playwright/test';
import { test, expect, sampleVideo, signIn, userHeaders } from './fixtures';
import { seedVideoOf, startSeededServer, type SeededServer } from './annotate-seeded-server';
import { readAnnotationSet, seedTrack } from './seeded-tracks';
import { box, drag, stage } from './annotate-edit-seeded';

let server: SeededServer;
let videoId: number;

test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 1280, height: 1000 } });

test.beforeAll(async ({ request }) => {
  test.setTimeout(180_000);
  const counter = await sampleVideo(request, 'counter_');
  server = await startSeededServer([seedVideoOf(counter)], async (database, ids) => {
    await seedTrack(database, ids[0], 1, [0.1, 0.2, 0.3, 0.7], 0, counter.total_frames - 1);
    await seedTrack(database, ids[0], 2, [0.55, 0.2, 0.75, 0.7], 0, counter.total_frames - 1);
  });
  videoId = server.ids[0];
});
test.afterAll(async () => {
  await server?.stop();
});

const annotateURL = () => `${server.baseURL}/videos/${videoId}/annotate`;
async function open(page: Page, who: string) {
  await signIn(page, who, 'annotator', who === 'rev.one' ? 'Rev One' : 'Ann Two');
  await page.goto(annotateURL());
  await expect.poll(() => page.evaluate(() => window.__vat?.loadedWindows().length ?? 0)).toBeGreaterThan(0);
}
const frame = (page: Page) => page.evaluate(() => window.__vat!.currentFrame());
const selectedTrack = (page: Page) => page.evaluate(() => window.__vat!.selectedTrackId!());
async function openActions(page: Page) {
  await page.getByTestId('header.actions').click();
  return page.getByTestId('actions.reviewed');
}

test('the reviewer pins a wrong_box issue on the box at frame 40; Mark Reviewed waits and says why', async ({
  page,
}) => {
  await open(page, 'rev.one');
  await expect(page.getByTestId('issues.panel')).toBeVisible();
  await expect(page.getByTestId('issues.empty')).toBeVisible();
  await page.evaluate(() => window.__vat!.seekFrame!(40));
  await expect.poll(() => frame(page)).toBe(40);
  await page.getByTestId('controls.mode-edit').click();
  const b = (await box(page, 1))!;
  await page.mouse.click((b.x1 + b.x2) / 2, (b.y1 + b.y2) / 2);
  await expect.poll(() => selectedTrack(page)).toBe(1);

  // R, 3 (Wrong box), the text, Enter
  await page.keyboard.press('r');
  const dialog = page.getByTestId('dialog.raiseIssue');
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId('raiseIssue.pinned')).toHaveText('On frame 40, track T1 (its box here)');
  await page.keyboard.press('3');
  await expect(page.getByTestId('raiseIssue.kind.wrong_box')).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.type('box too loose: cut it at the shoulders');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();

  const item = page.getByTestId('issue.item');
  await expect(item).toHaveCount(1);
  await expect(item.getByTestId('issue.kind')).toHaveText('Wrong box');
  await expect(item.getByTestId('issue.frames')).toHaveText('frame 40');
  await expect(item.getByTestId('issue.track')).toHaveText('T1');
  await expect(page.getByTestId('header.openIssues')).toHaveText('1 open issue');
  await expect(page.getByTestId('issue.pin')).toBeVisible();

  const reviewed = await openActions(page);
  await expect(reviewed).toBeDisabled();
  await expect(reviewed).toContainText('1 open issue to resolve first');
  await page.keyboard.press('Escape');

  const api = await page.request.get(`${server.baseURL}/api/v1/annotations/${videoId}/issues`);
  const [issue] = (await api.json()).issues;
  expect(issue).toMatchObject({ frame: 40, track_id: 1, kind: 'wrong_box', raised_by_id: 'rev.one', state: 'open' });
  expect(issue.box.x1).toBeCloseTo(0.1, 3);
  // the server refuses it too, whatever the client shows
  const refused = await page.request.patch(`${server.baseURL}/api/v1/videos/${videoId}/status`, {
    headers: userHeaders('rev.one'),
    data: { status: 'reviewed' },
  });
  expect(refused.status()).toBe(409);
  expect((await refused.json()).detail).toBe(
    `Cannot mark reviewed: 1 open issue to resolve first. First: #${issue.id} Wrong box at frame 40 (T1): "box too loose: cut it at the shoulders"`,
  );
});

test('the annotator sees it listed, clicks it (frame 40, T1 selected), fixes the box and resolves it', async ({
  page,
}) => {
  await open(page, 'ann.two');
  const item = page.getByTestId('issue.item');
  await expect(item).toHaveCount(1);
  await expect(item.getByTestId('issue.text')).toHaveText('box too loose: cut it at the shoulders');
  await expect(page.getByTestId('header.openIssues')).toHaveText('1 open issue');
  await item.click();
  await expect.poll(() => frame(page)).toBe(40);
  await expect.poll(() => selectedTrack(page)).toBe(1);
  await expect(page.getByTestId('issue.pin')).toContainText('Wrong box');
  await expect.poll(() => page.evaluate(() => window.__vat!.timeline().issueBands ?? 0)).toBe(1);

  await page.getByTestId('controls.mode-edit').click();
  const b = (await box(page, 1))!;
  const s = (await stage(page))!;
  await drag(page, { x: b.x2, y: b.y2 }, { x: b.x2 - 20, y: b.y2 - 60 });
  await expect.poll(() => page.evaluate(() => window.__vatEdit?.pending() ?? -1)).toBe(0);
  const fixed = (await readAnnotationSet(page, server, videoId)).person_tracks
    .find((t) => t.track_id === 1)!
    .detections.find((d) => d.frame === 40)!;
  expect(fixed.bbox.y2).toBeCloseTo((b.y2 - 60 - s.y) / s.height, 2);

  await page.getByTestId('issue.commentText').fill('cut at the shoulders now');
  await page.getByTestId('issue.resolve').click();
  await expect(page.getByTestId('header.openIssues')).toHaveText('No open issues');
  await expect(page.getByTestId('issue.item')).toHaveCount(0);
  await expect(page.getByTestId('issue.pin')).toHaveCount(0);
  await page.getByTestId('issues.showResolved').check();
  await expect(page.getByTestId('issue.item')).toHaveAttribute('data-state', 'resolved');
  await expect(page.getByTestId('issue.comment').last()).toContainText('resolved it: cut at the shoulders now');
});

test("the reviewer's Mark Reviewed, refused before, now succeeds", async ({ page }) => {
  await open(page, 'rev.one');
  await expect(page.getByTestId('header.openIssues')).toHaveText('No open issues');
  const reviewed = await openActions(page);
  await expect(reviewed).toBeEnabled();
  await reviewed.click();
  await expect(page.getByTestId('header.status')).toContainText(/reviewed/i);
  const v = await page.request.get(`${server.baseURL}/api/v1/videos/${videoId}`);
  expect((await v.json()).processing_status).toBe('reviewed');
});
