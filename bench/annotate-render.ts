// Benchmark: overlay JS time per frame for 20 / 50 / 100 tracks (box + skeleton + keypoints,
// targets < 4 ms / – / < 12 ms), the 20 tracks again at 4× zoom (< 4 ms), and timeline redraw at 100 tracks × 50 segments (< 16 ms), in Chromium on
// the real page, with each track's presence bands and hatched low confidence. Run: npm run build:test && npx tsx bench/annotate-render.ts
import type { Page } from '@playwright/test';
import { seedAnnotations } from '../scripts/seed-annotations';
import { startSeededServer } from '../e2e/annotate-seeded-server';
import { launchChromium, linkClip, makeClip, median } from './annotate-common';

const TRACK_COUNTS = [20, 50, 100];
const FRAMES = 600;

async function main() {
  const clip = makeClip(20);
  const base = { sourceRoot: clip.root, fps: 30, width: 640, height: 360, duration: 20, totalFrames: FRAMES };
  const names = TRACK_COUNTS.map((n) => `tracks_${n}.mp4`);
  const files = linkClip(clip.file, names);
  const server = await startSeededServer(
    names.map((filename, i) => ({ ...base, filename, path: files[i] })),
    async (db, ids) => {
      for (let i = 0; i < ids.length; i++)
        await seedAnnotations(db, { videoId: ids[i], frameCount: FRAMES, fps: 30, tracks: TRACK_COUNTS[i] });
      // 50 segments per track on the 100-track video (0.3 s bars every 0.4 s).
      await db.sql.query(`delete from action_segments where video_id = $1`, [ids[2]]);
      await db.sql.query(
        `insert into action_segments (video_id, track_id, action_class, start_time, end_time, confidence)
      select $1, t, (array['run','jump','sit','kick','hit'])[1 + (k % 5)], k * 0.4, k * 0.4 + 0.3, 0.7
      from generate_series(1, 100) t, generate_series(0, 49) k`,
        [ids[2]],
      );
    },
  );
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1600, height: 1200 } });
    page.on('pageerror', (e) => console.error('pageerror', e.message));
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') console.error('console', m.text());
    });
    for (let i = 0; i < TRACK_COUNTS.length; i++) {
      await page.goto(`${server.baseURL}/videos/${server.ids[i]}/annotate`);
      await page
        .waitForFunction(() => window.__vat?.loadedWindows().some((w) => w.to - w.from >= 150) ?? false, null, {
          timeout: 60_000,
        })
        .catch(async (e) => {
          console.error(
            await page.evaluate(() =>
              JSON.stringify({
                w: window.__vat?.loadedWindows(),
                t: window.__vat?.timing(),
                body: document.body.innerText.slice(0, 300),
              }),
            ),
          );
          throw e;
        });
      await page.waitForFunction(
        () => (document.querySelector('[data-testid="player.video"]') as HTMLVideoElement)?.readyState >= 2,
      );
      // Synthetic: collect + draw 300 consecutive frames onto a 960×540 canvas, flushed.
      const synthetic = await page.evaluate(() => {
        window.__vat!.benchOverlay!(30, 960, 540);
        return window.__vat!.benchOverlay!(240, 960, 540);
      });
      // In the app: step frames through the real player; drawMs is the overlay's sceneFunc (collect + draw).
      const stepped = await page.evaluate(async () => {
        const ms: number[] = [];
        let boxes = 0;
        for (let f = 1; f <= 40; f++) {
          await window.__vat!.seekFrame!(f);
          await new Promise((r) => requestAnimationFrame(() => r(null)));
          const o = window.__vat!.overlay();
          ms.push(o.drawMs);
          boxes = o.boxes;
        }
        return { ms, boxes };
      });
      console.log(
        `overlay ${TRACK_COUNTS[i]} tracks: ${synthetic.toFixed(2)} ms/frame (240 frames, 960×540, flushed); ` +
          `in-app sceneFunc median ${median(stepped.ms).toFixed(2)} ms, max ${Math.max(...stepped.ms).toFixed(2)} ms, boxes drawn ${stepped.boxes}`,
      );
      if (TRACK_COUNTS[i] === 20) await benchZoomed(page);
      if (TRACK_COUNTS[i] === 100) {
        await page.setViewportSize({ width: 1600, height: 1200 });
        // the presence bands come from the review summary: time the redraw with them drawn
        await page.waitForFunction(() => window.__vat?.review().loaded ?? false, null, { timeout: 60_000 });
        // With and without the presence bands, interleaved in one run so a busy machine weighs on both alike.
        const rounds: { view: number; all: number; viewBare: number; allBare: number }[] = [];
        for (let r = 0; r < 5; r++) {
          rounds.push(
            await page.evaluate(() => {
              const v = window.__vat!;
              v.benchTimeline!(5, 1200, 320);
              v.benchTimeline!(5, 1200, 320, false);
              return {
                view: v.benchTimeline!(30, 1200, 320),
                viewBare: v.benchTimeline!(30, 1200, 320, false),
                all: v.benchTimeline!(10, 1200),
                allBare: v.benchTimeline!(10, 1200, undefined, false),
              };
            }),
          );
        }
        const m = (k: keyof (typeof rounds)[number]) => median(rounds.map((x) => x[k]));
        const inApp = await page.evaluate(() => window.__vat!.timeline());
        console.log(
          `timeline 100 tracks × 50 segments, median of 5 rounds (flushed): 320 px view as shown (scrolling) ${m('viewBare').toFixed(2)} ms without presence → ` +
            `${m('view').toFixed(2)} ms with presence bands; all 100 rows (1200×2220) ${m('allBare').toFixed(2)} → ${m('all').toFixed(2)} ms; ` +
            `in-app last bars redraw ${inApp.drawMs.toFixed(2)} ms JS (${inApp.bands} presence bands, ${inApp.lowBands} hatched low-confidence stretches in view)`,
        );
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

/**
 * The overlay at 4× zoom (20 tracks): synthetic on a 960×540 box zoomed at its centre, and in the app after
 * wheeling the player to 4× at its centre, stepping frames through the real player.
 */
async function benchZoomed(page: Page) {
  const synthetic = await page.evaluate(() => {
    window.__vat!.benchOverlay!(30, 960, 540, 4);
    return window.__vat!.benchOverlay!(240, 960, 540, 4);
  });
  const r = (await page.getByTestId('player.viewport').boundingBox())!;
  await page.mouse.move(Math.round(r.x + r.width / 2), Math.round(r.y + r.height / 2));
  await page.mouse.wheel(0, (-100 * Math.log(4)) / Math.log(1.25));
  await page.waitForFunction(() => Math.abs(window.__vat!.viewport().zoom - 4) < 0.01);
  const stepped = await page.evaluate(async () => {
    const ms: number[] = [];
    let boxes = 0;
    for (let f = 41; f <= 80; f++) {
      await window.__vat!.seekFrame!(f);
      await new Promise((r) => requestAnimationFrame(() => r(null)));
      const o = window.__vat!.overlay();
      ms.push(o.drawMs);
      boxes = o.boxes;
    }
    return { ms, boxes };
  });
  console.log(
    `overlay 20 tracks at 4× zoom: ${synthetic.toFixed(2)} ms/frame (240 frames, 960×540, flushed; target < 4 ms); ` +
      `in-app sceneFunc median ${median(stepped.ms).toFixed(2)} ms, max ${Math.max(...stepped.ms).toFixed(2)} ms, boxes drawn ${stepped.boxes}`,
  );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
