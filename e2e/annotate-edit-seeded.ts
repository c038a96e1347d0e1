// The seeded server of the annotate edit specs: three well separated people and two actions on the counter
// sample video, started once per spec file (its tests run in order on it), and the helpers that drive the
// editor and read back what the server saved.
import type { Page } from '@playwright/test';
import { test, expect, sampleVideo, signIn } from './fixtures';
import { seedVideoOf, startSeededServer, type SeededServer } from './annotate-seeded-server';
import { readAnnotationSet, seedTrack } from './seeded-tracks';
import type { AnnotationSet } from '../domain/types';

// Three well separated people: track 1 left, track 2 middle, track 3 right (frames 100–199 only).
const BOXES: Record<number, [number, number, number, number]> = {
  1: [0.1, 0.2, 0.3, 0.7],
  2: [0.4, 0.2, 0.6, 0.7],
  3: [0.7, 0.2, 0.9, 0.7],
};

/**
 * Call once at the top of a spec: its tests run in order at 1280×1000 on a server seeded before the first
 * and stopped after the last. Returns the annotate page's address and the helpers bound to that server.
 */
export function useSeededEditServer() {
  let server: SeededServer;
  let videoId: number;

  test.describe.configure({ mode: 'serial' });
  test.use({ viewport: { width: 1280, height: 1000 } });

  test.beforeAll(async ({ request }) => {
    test.setTimeout(180_000);
    const counter = await sampleVideo(request, 'counter_');
    server = await startSeededServer([seedVideoOf(counter)], async (database, ids) => {
      for (const [track, box] of Object.entries(BOXES)) {
        const [from, to] = track === '3' ? [100, 199] : [0, counter.total_frames - 1];
        await seedTrack(database, ids[0], Number(track), box, from, to);
      }
      await database.sql.query(
        `insert into action_segments (video_id, track_id, action_class, start_time, end_time, confidence)
      values ($1, 1, 'run', 2, 5, 0.8), ($1, 2, 'jump', 8, 12.5, 0.6)`,
        [ids[0]],
      );
    });
    videoId = server.ids[0];
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  const annotateURL = () => `${server.baseURL}/videos/${videoId}/annotate`;
  return {
    annotateURL,
    annotationSet: (page: Page): Promise<AnnotationSet> => readAnnotationSet(page, server, videoId),
    async openInEditMode(page: Page) {
      await signIn(page, 'editor.one');
      await page.goto(annotateURL());
      await expect.poll(() => page.evaluate(() => window.__vat?.loadedWindows().length ?? 0)).toBeGreaterThan(0);
      await page.getByTestId('controls.mode-edit').click();
      await expect(page.getByTestId('controls.mode-edit')).toHaveAttribute('aria-pressed', 'true');
    },
  };
}

export const detectionAt = (set: AnnotationSet, track: number, frame: number) =>
  set.person_tracks.find((t) => t.track_id === track)?.detections.find((d) => d.frame === frame) ?? null;
export const segmentsOf = (set: AnnotationSet) =>
  set.action_segments.map((s) => ({ track: s.track_id, cls: s.action_class, start: s.start_time, end: s.end_time }));
export const allSaved = (page: Page) =>
  expect.poll(() => page.evaluate(() => window.__vatEdit?.pending() ?? -1)).toBe(0);

export async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 4 });
  await page.mouse.move(to.x, to.y, { steps: 4 });
  await page.mouse.up();
}

export const box = (page: Page, track: number) => page.evaluate((t) => window.__vatEdit!.boxOnScreen(t), track);
/** The picture on screen (at fit, the whole video), as x, y, width, height. */
export const stage = async (page: Page) => {
  const f = await page.evaluate(() => window.__vatEdit!.frameOnScreen());
  return f && { x: f.x1, y: f.y1, width: f.x2 - f.x1, height: f.y2 - f.y1 };
};
