// Video Library with 100,000 videos: time from navigation start until the first table rows are visible in
// Chromium, and until the whole list (100 blocks of 1,000) has streamed in. Target: < 300 ms.
// Run: npx vite build && npx tsx bench/library-first-rows.ts [--videos 100000] [--runs 7] [--dist dist]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { connectDatabase } from '../server/db/connect';
import { createMediaService } from '../server/media/media-service';
import { seedScale } from '../server/services/seed-scale';

const arg = (name: string, dflt: number) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const count = arg('--videos', 100_000);
const runs = arg('--runs', 7);
const staticDir = path.resolve(
  process.argv.includes('--dist') ? process.argv[process.argv.indexOf('--dist') + 1] : 'dist',
);
if (!fs.existsSync(path.join(staticDir, 'index.html'))) {
  console.error('dist/ is missing: run npx vite build first');
  process.exit(2);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vat-bench-first-rows-'));
const config = loadConfig({ DATA_DIR: dataDir, VAT_LOG_LEVEL: 'silent', VAT_STATIC_DIR: staticDir });
const database = await connectDatabase({ dataDir: path.join(dataDir, 'db') });
const t0 = Date.now();
await seedScale(database, { count, root: path.join(dataDir, 'scale-library') });
console.log(`seeded ${count} videos in ${((Date.now() - t0) / 1000).toFixed(1)} s (PGlite)`);
const app = await buildApp({ config, database, media: createMediaService() });
await app.listen({ port: 0, host: '127.0.0.1' });
const addr = app.server.address();
const base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});

interface Marks {
  firstRows: number;
  allRows: number;
  inApp: number;
  repeat: number;
}
async function measure(): Promise<Marks> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  if (process.env.BENCH_DEBUG) {
    page.on('console', (m) => console.log('console:', m.type(), m.text()));
    page.on('pageerror', (e) => console.log('pageerror:', e.message));
  }
  // Timestamps are performance.now(): milliseconds since this navigation started.
  await page.addInitScript(() => {
    const w = window as unknown as { __marks: Record<string, number> };
    w.__marks = {};
    try {
      new PerformanceObserver((l) => {
        for (const e of l.getEntries())
          console.log(`longtask at ${e.startTime.toFixed(0)} for ${e.duration.toFixed(0)} ms`);
      }).observe({ type: 'longtask', buffered: true });
    } catch {
      /* not supported */
    }
    new MutationObserver(() => {
      if (w.__marks.firstRows === undefined && document.querySelector('[data-testid="library.row"]'))
        w.__marks.firstRows = performance.now();
      const info = document.querySelector('[data-testid="library.pageInfo"]')?.textContent ?? '';
      if (w.__marks.allRows === undefined && /of \d+$/.test(info) && !info.endsWith(' of 0'))
        w.__marks.allRows = performance.now();
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  await page.goto(`${base}/videos`);
  await page.getByTestId('library.row').first().waitFor();
  await page.waitForFunction(
    () => (window as unknown as { __marks: Record<string, number> }).__marks.allRows !== undefined,
    null,
    { timeout: 120_000 },
  );
  const marks = await page.evaluate(() => (window as unknown as { __marks: Marks }).__marks);
  if (process.env.BENCH_DEBUG)
    console.log(
      await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .slice(0, 6)
          .map(
            (e) =>
              `${e.name.slice(-60)} start ${e.startTime.toFixed(0)} end ${(e as PerformanceResourceTiming).responseEnd.toFixed(0)}`,
          )
          .join('\n'),
      ),
      '\n',
      await page.evaluate(() => {
        const n = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
        return `nav responseEnd ${n.responseEnd.toFixed(0)} domContentLoaded ${n.domContentLoadedEventEnd.toFixed(0)}`;
      }),
    );
  const info = await page.getByTestId('library.pageInfo').textContent();
  if (!info?.endsWith(`of ${count}`)) throw new Error(`expected all ${count} rows, page info says ${info}`);
  // In-app: the app is already running (here on the Upload screen) and the user clicks 'Video Library'.
  await page.getByTestId('shell.menu.upload').click();
  await page.getByTestId('library.page').waitFor({ state: 'detached' });
  const inApp = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const t0 = performance.now();
        const obs = new MutationObserver(() => {
          if (document.querySelector('[data-testid="library.row"]')) {
            obs.disconnect();
            resolve(performance.now() - t0);
          }
        });
        obs.observe(document.body, { childList: true, subtree: true });
        (document.querySelector('[data-testid="shell.menu.videos"]') as HTMLElement).click();
      }),
  );
  // Let that reload stream to the end so the next run starts against an idle server.
  await page.waitForFunction(
    (n) => document.querySelector('[data-testid="library.pageInfo"]')?.textContent?.endsWith(`of ${n}`),
    count,
    { timeout: 120_000 },
  );
  // Repeat visit: a new page load in the same browser, with the hashed (immutable) assets cached.
  await page.goto(`${base}/videos`);
  await page.getByTestId('library.row').first().waitFor();
  const repeat = await page.evaluate(() => (window as unknown as { __marks: Marks }).__marks.firstRows);
  await page.waitForFunction(
    (n) => document.querySelector('[data-testid="library.pageInfo"]')?.textContent?.endsWith(`of ${n}`),
    count,
    { timeout: 120_000 },
  );
  await context.close();
  return { ...marks, inApp, repeat };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};
const results: Marks[] = [];
for (let i = 0; i < runs; i++) {
  const m = await measure();
  results.push(m);
  console.log(
    `run ${i + 1}${i === 0 ? ' (cold server)' : ''}: page load → first rows ${m.firstRows.toFixed(0)} ms, all ${count} rows ${m.allRows.toFixed(0)} ms; in-app click → first rows ${m.inApp.toFixed(0)} ms; repeat visit → first rows ${m.repeat.toFixed(0)} ms`,
  );
}
const first = results.map((r) => r.firstRows),
  all = results.map((r) => r.allRows),
  inApp = results.map((r) => r.inApp);
const repeat = results.map((r) => r.repeat);
console.log(
  `first rows visible after a full page load (HTML + JS + API), first visit: median ${median(first).toFixed(0)} ms, max ${Math.max(...first).toFixed(0)} ms`,
);
console.log(
  `first rows visible after a full page load, repeat visit (assets cached): median ${median(repeat).toFixed(0)} ms, max ${Math.max(...repeat).toFixed(0)} ms`,
);
console.log(
  `first rows visible after clicking Video Library in the running app: median ${median(inApp).toFixed(0)} ms, max ${Math.max(...inApp).toFixed(0)} ms (target < 300 ms)`,
);
console.log(`whole list streamed: median ${median(all).toFixed(0)} ms`);
await browser.close();
await app.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
