// Review navigation on a real server seeded with known problems: the timeline shows each track's
// presence (gaps empty, low confidence hatched), N / Shift+N and the buttons walk the playhead through the
// problems in frame order, the kind selector narrows the walk, and a track's verified mark persists.
import type { Page } from '@playwright/test';
import { test, expect, sampleVideo, signIn } from './fixtures';
import { seedVideoOf, startSeededServer, type SeededServer } from './annotate-seeded-server';

let server: SeededServer;
let videoId: number;

// Tracks 1 and 2 over every frame of the 600-frame counter clip, far apart; track 3 at frames 100–199 with a
// gap at 140–149. Track 1 is below 0.7 at frames 300–320, track 2 sits on track 1 at frames 400–410, and
// one unverified proposal starts at 8 s (frame 240); a verified one at 2 s is no problem.
const BOXES: Record<number, [number, number, number, number]> = {
  1: [0.1, 0.2, 0.3, 0.7],
  2: [0.4, 0.2, 0.6, 0.7],
  3: [0.7, 0.2, 0.9, 0.7],
};
const ALL_PROBLEMS = [100, 140, 199, 240, 300, 400, 599];

test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 1280, height: 1000 } });

test.beforeAll(async ({ request }) => {
  test.setTimeout(180_000);
  const counter = await sampleVideo(request, 'counter_');
  server = await startSeededServer([seedVideoOf(counter)], async (database, ids) => {
    const v = ids[0];
    for (const [track, [x1, y1, x2, y2]] of Object.entries(BOXES)) {
      const [from, to] = track === '3' ? [100, 199] : [0, counter.total_frames - 1];
      await database.sql.query(
        `insert into detections (video_id, track_id, frame, x1, y1, x2, y2, confidence, source)
        select $1::int, $2::int, f, $3::real, $4::real, $5::real, $6::real, 0.9, 'ai' from generate_series($7::int, $8::int) as f`,
        [v, Number(track), x1, y1, x2, y2, from, to],
      );
    }
    await database.sql.query(
      'delete from detections where video_id = $1 and track_id = 3 and frame between 140 and 149',
      [v],
    );
    await database.sql.query(
      'update detections set confidence = 0.5 where video_id = $1 and track_id = 1 and frame between 300 and 320',
      [v],
    );
    await database.sql.query(
      `update detections set x1 = 0.11, x2 = 0.31 where video_id = $1 and track_id = 2 and frame between 400 and 410`,
      [v],
    );
    await database.sql.query(
      `insert into action_segments (video_id, track_id, action_class, start_time, end_time, confidence, human_verified)
      values ($1, 1, 'run', 2, 5, 0.8, true), ($1, 2, 'jump', 8, 12.5, 0.6, false)`,
      [v],
    );
  });
  videoId = server.ids[0];
});
test.afterAll(async () => {
  await server?.stop();
});

async function openAnnotate(page: Page) {
  await page.goto(`${server.baseURL}/videos/${videoId}/annotate`);
  await expect(page.getByTestId('header.title')).toContainText('Annotate: ');
  await expect
    .poll(() =>
      page.evaluate(() => (document.querySelector('[data-testid="player.video"]') as HTMLVideoElement).readyState),
    )
    .toBeGreaterThanOrEqual(2);
  await expect.poll(() => page.evaluate(() => window.__vat?.review().loaded ?? false)).toBe(true);
}
const frame = (page: Page) => page.evaluate(() => window.__vat!.currentFrame());

test("the timeline shows each track's presence: a band per run (the gap stays empty) and hatched low confidence", async ({
  page,
}) => {
  await openAnnotate(page);
  await page.getByTestId('timeline.canvas').scrollIntoViewIfNeeded();
  // tracks 1 and 2 one band each, track 3 two (its gap), one hatched stretch on track 1
  await expect
    .poll(() =>
      page.evaluate(() => {
        const t = window.__vat!.timeline();
        return { bands: t.bands, lowBands: t.lowBands };
      }),
    )
    .toEqual({ bands: 4, lowBands: 1 });
  // two track starts at frame 0 and two ends at 599 are four problems at two frames
  await expect(page.getByTestId('review-nav.count')).toHaveText('10 problems');
  // hiding track 3 takes its bands and problems away
  await page.locator('[data-testid="timeline.row"][data-track="3"]').getByTestId('timeline.eye').click();
  await expect.poll(() => page.evaluate(() => window.__vat!.timeline().bands)).toBe(2);
  await expect.poll(() => page.evaluate(() => window.__vat!.review().problemFrames)).toEqual([0, 240, 300, 400, 599]);
  await expect(page.getByTestId('review-nav.count')).toHaveText('7 problems');
});

test('N and Shift+N walk the playhead through the problems in frame order; the kind selector narrows the walk', async ({
  page,
}) => {
  await openAnnotate(page);
  expect(await page.evaluate(() => window.__vat!.review().problemFrames)).toEqual([0, ...ALL_PROBLEMS]);
  for (const expected of ALL_PROBLEMS) {
    await page.keyboard.press('n');
    await expect.poll(() => frame(page)).toBe(expected);
  }
  await page.keyboard.press('n');
  await expect(page.getByTestId('review-nav.message')).toHaveText('No next problem (all problems)');
  expect(await frame(page)).toBe(599);
  await page.keyboard.press('Shift+N');
  await expect.poll(() => frame(page)).toBe(400);
  // the overlap selected the first of its two tracks
  expect(await page.evaluate(() => window.__vat!.selectedTrackId!())).toBe(1);
  // Gaps only, with the buttons: back from 400 to the gap of track 3, then nothing after it
  await page.getByTestId('review-nav.kind').selectOption('gap');
  await expect(page.getByTestId('review-nav.count')).toHaveText('1 problem');
  await page.getByTestId('review-nav.prev').click();
  await expect.poll(() => frame(page)).toBe(140);
  await page.getByTestId('review-nav.next').click();
  await expect(page.getByTestId('review-nav.message')).toHaveText('No next problem (gap in a track)');
  // K cycles the kind from the keyboard: gap → proposal
  await page.getByTestId('review-nav.next').focus();
  await page.keyboard.press('k');
  await expect(page.getByTestId('review-nav.kind')).toHaveValue('proposal');
  await page.keyboard.press('n');
  await expect.poll(() => frame(page)).toBe(240);
});

test('a track marked verified keeps its mark after a reload, and its problems leave the walk', async ({ page }) => {
  await signIn(page, 'nav.reviewer', 'annotator', 'Nav Reviewer');
  await openAnnotate(page);
  const check = page.locator('[data-testid="timeline.row"][data-track="3"]').getByTestId('timeline.verified');
  await expect(check).toHaveAttribute('data-verified', 'no');
  await check.click();
  await expect(check).toHaveAttribute('data-verified', 'yes');
  await expect(check).toHaveAttribute('title', /^Verified by Nav Reviewer at /);
  await expect.poll(() => page.evaluate(() => window.__vat!.review().problemFrames)).toEqual([0, 240, 300, 400, 599]);
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => window.__vat?.review().verified ?? null))
    .toEqual({ 1: 'no', 2: 'no', 3: 'yes' });
  await expect(check).toHaveAttribute('data-verified', 'yes');
  // with 'Skip verified tracks' off the walk includes track 3 again; V on the selected track clears the mark
  await page.getByTestId('review-nav.skip-verified').uncheck();
  await expect(page.getByTestId('review-nav.count')).toHaveText('10 problems');
  await page.getByTestId('review-nav.next').click();
  await expect.poll(() => frame(page)).toBe(100);
  await page.getByTestId('review-nav.next').focus();
  await page.keyboard.press('v');
  await expect(check).toHaveAttribute('data-verified', 'no');
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => window.__vat?.review().verified ?? null))
    .toEqual({ 1: 'no', 2: 'no', 3: 'no' });
});

test('typing a KIV remark with n, k and V in it saves the remark and leaves the playhead, the problem kind and the marks alone', async ({
  page,
  request,
}) => {
  await signIn(page, 'nav.kiv', 'annotator');
  await openAnnotate(page);
  await page.getByTestId('review-nav.next').click();
  await expect.poll(() => frame(page)).toBe(100);
  const before = await page.evaluate(() => ({
    frame: window.__vat!.currentFrame(),
    track: window.__vat!.selectedTrackId!(),
    review: window.__vat!.review(),
  }));
  await page.getByTestId('header.actions').click();
  await page.getByTestId('actions.kiv').click();
  const box = page.getByTestId('remark.text');
  await expect(box).toBeFocused();
  const remark = 'kid near net, not Verified yet; check v and K later';
  await page.keyboard.type(remark);
  await expect(box).toHaveValue(remark);
  await page.getByTestId('remark.confirm').click();
  await expect(page.getByTestId('dialog.remark')).toBeHidden();
  const history = (await (await request.get(`${server.baseURL}/api/v1/videos/${videoId}/history`)).json()) as {
    new_status: string;
    remark: string | null;
  }[];
  expect(history.find((h) => h.new_status === 'kiv')).toMatchObject({ remark });
  expect(
    await page.evaluate(() => ({
      frame: window.__vat!.currentFrame(),
      track: window.__vat!.selectedTrackId!(),
      review: window.__vat!.review(),
    })),
  ).toEqual(before);
  // the marks on the server are unchanged too
  await page.reload();
  await expect.poll(() => page.evaluate(() => window.__vat?.review().verified ?? null)).toEqual(before.review.verified);
});
