// The correction tools at 1280×720 on a real server, as a corrector who knows CVAT uses them. On a clip
// analysed at every 6th frame: after a Shift+Delete cuts a track at 100 (and a reload), what the editor draws
// on every frame is what MOT, COCO keypoints, PoseTrack and CVAT (read as CVAT fills in its keyframes) hold,
// and the cut track ends at 99; undoing a nudge gives the AI its box back and leaves no keyframe; I from a
// drawn keyframe fills the frames up to the AI frame after the gap; P with no later keyframe changes at most
// 1 s of video. On the people clip: Follow shows its boxes as they are made, and a second Follow of the same
// track runs without a reload.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, sampleVideo, signIn } from './fixtures';
import { seedVideoOf, startSeededServer, type SeededServer } from './annotate-seeded-server';
import { readAnnotationSet, seedTrack } from './seeded-tracks';
import { allSaved } from './annotate-edit-seeded';
import { makeTestClip } from './test-clip';
import { detections } from '../server/db/schema';
import {
  cocoFrames,
  cvatFrames,
  differences,
  motFrames,
  poseTrackFrames,
  type FramesHeld,
} from '../tests/helpers/export-frames';

const W = 640,
  H = 360,
  N = 150,
  STRIDE = 6;
/** Where each track of the strided clip stands (x1, y1, x2, y2 at frame 0) and how far it walks per frame. */
const TRACKS: Record<number, { box: [number, number, number, number]; walk: number; skip?: number }> = {
  1: { box: [0.05, 0.05, 0.15, 0.3], walk: 1 / 500 }, // compared with the exports
  2: { box: [0.3, 0.35, 0.4, 0.6], walk: 1 / 1000 }, // cut at 100
  3: { box: [0.05, 0.65, 0.15, 0.95], walk: 0 }, // a nudge undone
  4: { box: [0.3, 0.65, 0.4, 0.95], walk: 1 / 2000 }, // P from frame 60
  5: { box: [0.6, 0.65, 0.7, 0.95], walk: 0, skip: 18 }, // I from a keyframe at 12 to the AI at 24
};
const PERSON: [number, number, number, number] = [0.4, 0.2, 0.55, 0.6]; // a person of the people clip

let server: SeededServer;
let strided: number;
let people: number;
let mediaDir: string;

test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 1280, height: 720 } });

test.beforeAll(async ({ request }) => {
  test.setTimeout(180_000);
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vat-e2e-tools-'));
  const clip = makeTestClip(mediaDir, 'strided_640x360.mp4', `${W}x${H}`, N / 30);
  const peopleVideo = await sampleVideo(request, 'people_');
  server = await startSeededServer(
    [
      {
        filename: 'strided_640x360.mp4',
        path: clip,
        sourceRoot: mediaDir,
        fps: 30,
        width: W,
        height: H,
        duration: N / 30,
        totalFrames: N,
        frameStride: STRIDE,
      },
      seedVideoOf(peopleVideo),
    ],
    async (database, ids) => {
      const rows: Array<typeof detections.$inferInsert> = [];
      for (const [track, t] of Object.entries(TRACKS))
        for (let f = 0; f < N; f += STRIDE) {
          if (f === t.skip) continue;
          const [x1, y1, x2, y2] = t.box;
          const dx = f * t.walk;
          const keypoints = Array.from({ length: 17 }, (_, j) => [x1 + dx + 0.05, y1 + (j + 1) / 72, 0.9]).flat();
          const box = { x1: x1 + dx, y1, x2: x2 + dx, y2 };
          rows.push({
            videoId: ids[0],
            trackId: Number(track),
            frame: f,
            ...box,
            confidence: 0.9,
            keypoints,
            source: 'ai',
          });
        }
      await database.db.insert(detections).values(rows);
      // the people clip: a person's box up to frame 100, followed from there (no joints: Follow finds them)
      await seedTrack(database, ids[1], 1, PERSON, 0, 100, false);
    },
    undefined,
    { VAT_MODELS_DIR: path.resolve('.cache/models') },
  );
  [strided, people] = server.ids;
});
test.afterAll(async () => {
  await server?.stop();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

const frame = (page: Page) => page.evaluate(() => window.__vat!.currentFrame());
const stored = async (page: Page, videoId: number, track: number) =>
  new Map(
    (await readAnnotationSet(page, server, videoId)).person_tracks
      .find((t) => t.track_id === track)!
      .detections.map((d) => [d.frame, d]),
  );

async function open(page: Page, videoId: number) {
  await signIn(page, 'tools.editor');
  await page.goto(`${server.baseURL}/videos/${videoId}/annotate`);
  await expect.poll(() => page.evaluate(() => window.__vat?.loadedWindows().length ?? 0)).toBeGreaterThan(0);
  await page.getByTestId('controls.mode-edit').click();
  await expect(page.getByTestId('controls.mode-edit')).toHaveAttribute('aria-pressed', 'true');
}

async function goToFrame(page: Page, f: number) {
  await page.getByTestId('controls.entry-unit').selectOption('frame');
  await page.getByTestId('controls.entry').fill(String(f));
  await page.getByTestId('controls.entry').press('Enter');
  await expect.poll(() => frame(page)).toBe(f);
}

/** Clicks a track's box at the current frame: it becomes the selected track. */
async function select(page: Page, track: number) {
  await expect.poll(() => page.evaluate((t) => window.__vatEdit!.boxOnScreen(t), track)).not.toBeNull();
  const b = (await page.evaluate((t) => window.__vatEdit!.boxOnScreen(t), track))!;
  await page.mouse.click((b.x1 + b.x2) / 2, b.y1 + (b.y2 - b.y1) * 0.9);
  await expect.poll(() => page.evaluate(() => window.__vat!.selectedTrackId!())).toBe(track);
}

/** What the editor draws on every frame, in video pixels, read through its own selector frame by frame. */
async function overlayFrames(page: Page): Promise<FramesHeld> {
  const drawn = await page.evaluate(
    ([n, w, h]) => {
      const at = window.__vat!.currentFrame();
      const f0 = window.__vatEdit!.frameOnScreen()!;
      const fx = (x: number) => ((x - f0.x1) / (f0.x2 - f0.x1)) * w;
      const fy = (y: number) => ((y - f0.y1) / (f0.y2 - f0.y1)) * h;
      const out: Array<[number, number, number[], boolean]> = [];
      for (let f = 0; f < n; f++) {
        window.__vat!.setUi!({ frame: f });
        for (const t of window.__vat!.trackIds()) {
          const b = window.__vatEdit!.boxOnScreen(t);
          if (b) out.push([f, t, [fx(b.x1), fy(b.y1), fx(b.x2), fy(b.y2)], window.__vatEdit!.sourceAt(t, f) === null]);
        }
      }
      window.__vat!.setUi!({ frame: at });
      return out;
    },
    [N, W, H] as const,
  );
  const out: FramesHeld = new Map();
  for (const [f, t, box, filled] of drawn) {
    if (!out.has(f)) out.set(f, new Map());
    out.get(f)!.set(t, { box: box as [number, number, number, number], filled });
  }
  return out;
}

test('after a cut at 100 and a reload, every export holds what the editor draws on every frame of a strided clip', async ({
  page,
}) => {
  await open(page, strided);
  await goToFrame(page, 100);
  await select(page, 2);
  await page.keyboard.press('Shift+Delete');
  await allSaved(page);
  await page.reload();
  await expect.poll(() => page.evaluate(() => window.__vat?.loadedWindows().length ?? 0)).toBeGreaterThan(0);
  await page.getByTestId('controls.mode-edit').click();
  const drawn = await overlayFrames(page);
  const framesOf = (track: number) => [...drawn].filter(([, m]) => m.has(track)).map(([f]) => f);
  expect(Math.max(...framesOf(2))).toBe(99);
  expect(framesOf(1)).toHaveLength(145); // 0–144: every frame between the analysed ones is drawn
  expect(drawn.get(57)!.get(1)!.filled).toBe(true);
  for (const [format, read] of [
    ['mot', motFrames],
    ['coco-keypoints', cocoFrames],
    ['posetrack18', poseTrackFrames],
    ['cvat-video', (text: string) => cvatFrames(text, N)],
  ] as const) {
    const res = await page.request.get(`${server.baseURL}/api/v1/annotations/${strided}/export?format=${format}`);
    expect(res.ok()).toBe(true);
    expect(differences(drawn, read(await res.text()), N), format).toEqual([]);
  }
});

test('undoing a nudge of an AI box leaves the AI box and no keyframe', async ({ page }) => {
  await open(page, strided);
  await goToFrame(page, 30);
  await select(page, 3);
  const before = (await stored(page, strided, 3)).get(30)!;
  await page.keyboard.press('Shift+ArrowRight');
  await allSaved(page);
  await expect.poll(async () => (await stored(page, strided, 3)).get(30)!.source).toBe('human');
  await page.keyboard.press('Control+z');
  await allSaved(page);
  await expect.poll(async () => (await stored(page, strided, 3)).get(30)!.source).toBe('ai');
  expect((await stored(page, strided, 3)).get(30)!.bbox).toEqual(before.bbox);
  expect(await page.evaluate(() => window.__vatEdit!.sourceAt(3, 30))).toBe('ai');
});

test('I from a drawn keyframe fills the frames up to the AI frame after the gap', async ({ page }) => {
  await open(page, strided);
  await goToFrame(page, 12);
  await select(page, 5);
  await page.keyboard.press('Shift+ArrowRight'); // a keyframe at 12; the AI frame 18 is missing, 24 is there
  await allSaved(page);
  expect(await page.evaluate(() => window.__vatEdit!.sourceAt(5, 18))).toBeNull();
  await page.keyboard.press('i');
  await allSaved(page);
  const track = await stored(page, strided, 5);
  expect([13, 18, 23].map((f) => track.get(f)?.source)).toEqual(['interpolated', 'interpolated', 'interpolated']);
  const [k, ai] = [track.get(12)!.bbox.x1, track.get(24)!.bbox.x1];
  expect(track.get(18)!.bbox.x1).toBeCloseTo((k + ai) / 2, 4);
  await expect.poll(() => page.evaluate(() => window.__vatEdit!.sourceAt(5, 18))).toBe('interpolated');
});

test('P with no later keyframe shows its range, then changes at most 1 s of video', async ({ page }) => {
  await open(page, strided);
  await goToFrame(page, 60);
  await select(page, 4);
  const before = await stored(page, strided, 4);
  await page.keyboard.press('Shift+ArrowDown');
  await allSaved(page);
  await page.keyboard.press('p');
  await expect(page.getByText(/to frames 61–90 \(5 AI frames\): press P again to apply/)).toBeVisible();
  await page.keyboard.press('p');
  await allSaved(page);
  const after = await stored(page, strided, 4);
  const changed = [...after].filter(([f, d]) => f > 60 && d.bbox.y1 !== before.get(f)?.bbox.y1).map(([f]) => f);
  expect(changed).toContain(66);
  expect(Math.max(...changed)).toBe(90); // 1 s at 30 fps
  expect([...after].filter(([f]) => f > 90).every(([, d]) => d.source === 'ai')).toBe(true);
});

test('Follow shows its boxes as they come, and a second Follow of the track runs without a reload', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await open(page, people);
  await goToFrame(page, 100);
  await select(page, 1);
  // how many followed boxes the editor holds, sampled while the follow runs
  await page.evaluate(() => {
    const seen = new Set<number>();
    (window as unknown as { __followSeen: Set<number> }).__followSeen = seen;
    setInterval(() => {
      let n = 0;
      for (let f = 101; f <= 140; f++) if (window.__vatEdit!.sourceAt(1, f) !== null) n++;
      seen.add(n);
    }, 50);
  });
  const seen = () => page.evaluate(() => [...(window as unknown as { __followSeen: Set<number> }).__followSeen]);
  const follow = async (frames: number) => {
    await page.keyboard.press('f');
    const dialog = page.getByTestId('correction.follow');
    await dialog.getByTestId('correction.frames').fill(String(frames));
    await dialog.getByTestId('correction.confirm').click();
    await expect(dialog).toBeHidden();
  };
  await follow(30);
  await expect(page.getByText(/Follow of T1 ended: \d+ frame\(s\) followed/)).toBeVisible({ timeout: 240_000 });
  const first = [...(await stored(page, people, 1)).keys()].filter((f) => f > 100);
  expect(first.length).toBeGreaterThan(2);
  // the boxes came in more than one piece, before the job ended, and stand where the server stored them
  expect((await seen()).filter((n) => n > 0 && n < first.length).length).toBeGreaterThan(0);
  expect(Math.max(...(await seen()))).toBe(first.length);
  const end = Math.max(...first);
  await goToFrame(page, end);
  await select(page, 1);
  await follow(5);
  const after = async () => Math.max(...(await stored(page, people, 1)).keys());
  await expect.poll(after, { timeout: 240_000 }).toBeGreaterThan(end);
  await expect(page.getByText(/Follow failed/)).toHaveCount(0);
  const both = [...(await stored(page, people, 1)).keys()].filter((f) => f > 100);
  await expect.poll(async () => Math.max(...(await seen()))).toBe(both.length);
  await page.screenshot({ path: 'test-results/correcting-tools-1280/second-follow.png' });
});
