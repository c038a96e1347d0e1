// The dense phase of bench/read-path.ts: windows over a crowd. A video of 4,000 frames × 100 tracks (400,000
// detections with keypoints) is read by 20 concurrent clients, each asking for two 2,000-frame windows
// (200,000 boxes, about 50 MB as one answer) at offsets nobody else reads (no shared cache entry). A client
// follows X-Window-To as the editor does: an answer cut at the server's size cap (VAT_WINDOW_MAX_MB) is
// followed by a request for the rest. Prints the latency of each request and of each whole window, the
// largest answer, and the server process's peak RSS.
import { Worker } from 'node:worker_threads';
import path from 'node:path';
import type { Database } from '../server/db/connect';
import { videos } from '../server/db/schema';
import { seedAnnotations } from '../scripts/seed-annotations';
import { median, pct } from './annotate-common';

const FRAMES = 4000;
const TRACKS = 100;
const WINDOW = 2000;
const READERS = 20;
const WINDOWS_PER_READER = 2;

const CLIENTS_JS = `
const { parentPort } = require('node:worker_threads');
parentPort.on('message', async ({ lists }) => {
  const requests = []; const windows = []; let largest = 0; const statuses = {};
  await Promise.all(lists.map(async (list) => {
    for (const [base, from, to] of list) {
      const w0 = performance.now();
      for (let at = from; at < to; ) {
        const s = performance.now();
        try {
          const res = await fetch(base + '?from=' + at + '&to=' + to);
          const bytes = (await res.arrayBuffer()).byteLength;
          requests.push(performance.now() - s);
          statuses[res.status] = (statuses[res.status] || 0) + 1;
          largest = Math.max(largest, bytes);
          if (res.status !== 200) break;
          at = Number(res.headers.get('x-window-to') ?? to);
        } catch (e) {
          // a connection the server dropped: counted, and the window is given up
          requests.push(performance.now() - s);
          const why = (e.cause && e.cause.code) || e.message;
          statuses[why] = (statuses[why] || 0) + 1;
          break;
        }
      }
      windows.push(performance.now() - w0);
    }
  }));
  parentPort.postMessage({ requests, windows, largest, statuses });
});`;

const ms = (v: number) => `${v.toFixed(0)} ms`;
const figures = (xs: number[]) => `p50 ${ms(median(xs))}, p99 ${ms(pct(xs, 99))} (n=${xs.length})`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Seeds the crowded video under `dataDir` and runs the readers against the server at `base`. */
export async function denseWindowPhase(database: Database, dataDir: string, base: string, load1: () => string) {
  const [v] = await database.db
    .insert(videos)
    .values({
      filename: 'bench_crowd.mp4',
      path: path.join(dataDir, 'bench_crowd.mp4'),
      relPath: 'bench_crowd.mp4',
      sourceRoot: dataDir,
      fps: 30,
      duration: FRAMES / 30,
      totalFrames: FRAMES,
      processingStatus: 'completed',
    })
    .returning({ id: videos.id });
  const seeded = await seedAnnotations(database, { videoId: v.id, frameCount: FRAMES, fps: 30, tracks: TRACKS });
  const url = `${base}/api/v1/annotations/${v.id}/detections`;
  // reader r's k-th window starts at its own offset: 40 distinct windows, none read twice
  const lists = Array.from({ length: READERS }, (_, r) =>
    Array.from({ length: WINDOWS_PER_READER }, (_, k) => {
      const from = (r * WINDOWS_PER_READER + k) * 47;
      return [url, from, from + WINDOW] as const;
    }),
  );
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const rssBefore = process.memoryUsage().rss;
  const clients = new Worker(CLIENTS_JS, { eval: true });
  try {
    const out = await new Promise<{
      requests: number[];
      windows: number[];
      largest: number;
      statuses: Record<string, number>;
    }>((resolve, reject) => {
      clients.once('message', resolve);
      clients.once('error', reject);
      clients.postMessage({ lists });
    });
    console.log(
      `dense: ${seeded.detections} detections (${TRACKS} tracks × ${FRAMES} frames); ${READERS} readers × ` +
        `${WINDOWS_PER_READER} windows of ${WINDOW} frames (${WINDOW * TRACKS} boxes each)\n` +
        `    each request: ${figures(out.requests)}; largest answer ${mb(out.largest)}\n` +
        `    each whole window (following X-Window-To): ${figures(out.windows)}\n` +
        `    statuses ${Object.entries(out.statuses)
          .map(([s, n]) => `${s}×${n}`)
          .join(' ')}; server RSS ${mb(rssBefore)} before, peak ${mb(peak)} ` +
        `(process peak ${mb(process.resourceUsage().maxRSS * 1024)}), load ${load1()}`,
    );
  } finally {
    clearInterval(sampler);
    await clients.terminate();
  }
  return v.id;
}
