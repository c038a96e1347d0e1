// Benchmark: a 30-minute, 30 fps, 20-track annotation set (1,080,000 detections with 17
// keypoints, seeded by scripts/seed-annotations.ts) must show its first frame in < 500 ms (median); then scrubbing to
// 20 far positions (new windows) is timed. Run: npm run build:test && npx tsx bench/annotate-first-frame.ts
// VAT_BENCH_KEEP_DIR=/tmp/x keeps the seeded data dir for the next run (seeding takes ~2 min on PGlite).
import os from 'node:os';
import { seedAnnotations } from '../scripts/seed-annotations';
import { startSeededServer } from '../e2e/annotate-seeded-server';
import { launchChromium, makeClip, median, pct } from './annotate-common';

const ms = (v: number | undefined) => (v === undefined ? '–' : v.toFixed(0));
const MINUTES = 30;
const FPS = 30;
const TRACKS = 20;
const JUMPS = 20; // far scrub positions, evenly spread over the video

async function main() {
  // The clip itself is short: the first frame and the detection windows are what is measured.
  const clip = makeClip(20);
  const frames = MINUTES * 60 * FPS;
  let seedMs = 0;
  const server = await startSeededServer(
    [
      {
        filename: 'seeded_30min.mp4',
        path: clip.file,
        sourceRoot: clip.root,
        fps: FPS,
        width: 640,
        height: 360,
        duration: MINUTES * 60,
        totalFrames: frames,
      },
    ],
    async (db, ids) => {
      const t0 = Date.now();
      const r = await seedAnnotations(db, { videoId: ids[0], minutes: MINUTES, fps: FPS, tracks: TRACKS });
      seedMs = Date.now() - t0;
      console.log(
        `seeded ${r.detections} detections + ${r.segments} segments in ${(seedMs / 1000).toFixed(1)} s (PGlite)`,
      );
    },
    process.env.VAT_BENCH_KEEP_DIR,
  );
  const browser = await launchChromium();
  try {
    const firsts: number[] = [];
    const editor: number[] = [];
    const rows: string[] = [];
    for (let run = 0; run < 5; run++) {
      const page = await browser.newPage({ viewport: { width: 1600, height: 1100 } });
      await page.goto(`${server.baseURL}/videos/${server.ids[0]}/annotate`);
      await page
        .waitForFunction(
          () => {
            const t = window.__vat?.timing();
            return !!t && t.overlay !== undefined && t.video !== undefined && window.__vat!.overlay().boxes > 0;
          },
          null,
          { timeout: 60_000 },
        )
        .catch(async (e) => {
          console.error(
            await page.evaluate(() =>
              JSON.stringify({
                w: window.__vat?.loadedWindows(),
                t: window.__vat?.timing(),
                o: window.__vat?.overlay(),
                rs: (document.querySelector('video') as HTMLVideoElement)?.readyState,
              }),
            ),
          );
          throw e;
        });
      const t = await page.evaluate(() => window.__vat!.timing());
      // where the time before the first frame goes: the bundle, the route chunk, the first API calls
      // (a string: tsx would wrap a named helper in __name, which the page does not have)
      const res = await page.evaluate<string>(`(() => {
        const nav = performance.getEntriesByType('navigation')[0];
        const pick = (part) => {
          const e = performance.getEntriesByType('resource').find((r) => r.name.includes(part));
          return e ? e.startTime.toFixed(0) + '–' + e.responseEnd.toFixed(0) : '–';
        };
        return 'html –' + nav.responseEnd.toFixed(0) + ', bundle ' + pick('/assets/index-') + ', route chunk ' + pick('AnnotatePage')
          + ', video ' + pick('/api/v1/videos/') + ', summary ' + pick('/summary') + ', first window ' + pick('detections?from=0&to=30');
      })()`);
      const first = Math.max(t.overlay, t.video);
      firsts.push(first);
      editor.push(first - t.mount);
      rows.push(
        `run ${run + 1}: first frame ${first.toFixed(0)} ms after navigation, ${(first - t.mount).toFixed(0)} ms after the editor mounted ` +
          `(mount ${ms(t.mount)}, summary ${ms(t.summary)}, overlay ${ms(t.overlay)}, video ${ms(t.video)}, first block ${ms(t.firstWindow)}; ${res})`,
      );
      if (run === 4) {
        // Scrub: jump to far positions; time until the overlay draws that frame with all tracks.
        const jumps = await page.evaluate(
          async ({ total, count }) => {
            const out: number[] = [];
            for (let i = 1; i <= count; i++) {
              const target = Math.floor((total * i) / (count + 1));
              const t0 = performance.now();
              window.__vat!.setUi!({ frame: target, time: target / 30 });
              while (window.__vat!.overlay().frame !== target || window.__vat!.overlay().boxes < 20) {
                await new Promise((r) => setTimeout(r, 5));
                if (performance.now() - t0 > 10_000) break;
                if (window.__vat!.overlay().frame !== target)
                  window.__vat!.setUi!({ frame: target, time: target / 30 + 1e-9 * Math.random() });
              }
              out.push(performance.now() - t0);
            }
            return out;
          },
          { total: frames, count: JUMPS },
        );
        rows.push(
          `scrub to ${JUMPS} far positions (unloaded windows): median ${median(jumps).toFixed(0)} ms, p90 ${pct(jumps, 90).toFixed(0)} ms`,
        );
        const loaded = await page.evaluate(() => window.__vat!.loadedWindows().length);
        rows.push(`windows held after scrubbing: ${loaded}`);
      }
      await page.close();
    }
    for (const r of rows) console.log(r);
    console.log(
      `first frame with ${TRACKS * frames} detections: median ${median(firsts).toFixed(0)} ms after navigation, ` +
        `${median(editor).toFixed(0)} ms after the editor mounted, over ${firsts.length} loads (target < 500 ms); load average ${os.loadavg()[0].toFixed(1)}`,
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
