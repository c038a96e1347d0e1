// Benchmark of the annotation read and write paths at scale, on the embedded database (PGlite on disk, or
// PostgreSQL when DATABASE_URL is set): a synthetic one-hour, 30 fps, 10-track video (1,080,000 detections
// with 17 keypoints) is stored through the bulk writer, opened (summary + first window), scrubbed at 20
// random positions, edited (the window's ETag must change), and read by 20 concurrent clients over
// loopback. Run: npx tsx bench/read-path.ts   (no browser, no video decoding: the server path only)
// The readers run in one warm worker thread, so the server's event loop times only the server; each load phase
// runs RUNS times (the machine may be shared: the load average is printed with each figure). Then the dense
// phase (bench/read-path-dense.ts; VAT_BENCH_DENSE=0 skips it): 2,000-frame windows over 100 tracks, read in
// parts at the server's size cap.
import fs from 'node:fs';
import { Worker } from 'node:worker_threads';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { connectDatabase } from '../server/db/connect';
import { eq } from 'drizzle-orm';
import { videos } from '../server/db/schema';
import { createMediaService } from '../server/media/media-service';
import { seedAnnotations } from '../scripts/seed-annotations';
import { median, pct } from './annotate-common';
import { denseWindowPhase } from './read-path-dense';

const FPS = 30;
const MINUTES = Number(process.env.VAT_BENCH_MINUTES ?? 60); // a shorter video for quick runs of the read phases
const TRACKS = 10;
const WINDOW = 240;
const READERS = 20;
const REQUESTS_PER_READER = 25;
const RUNS = Number(process.env.VAT_BENCH_RUNS ?? 3);
const FRAMES = MINUTES * 60 * FPS;

const ms = (v: number) => `${v.toFixed(1)} ms`;
const figures = (xs: number[]) =>
  `p50 ${ms(median(xs))}, p90 ${ms(pct(xs, 90))}, p99 ${ms(pct(xs, 99))} (n=${xs.length})`;

async function timed(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ ms: number; status: number; etag: string | null; bytes: number }> {
  const t0 = performance.now();
  const res = await fetch(url, { headers });
  const bytes = (await res.arrayBuffer()).byteLength;
  return { ms: performance.now() - t0, status: res.status, etag: res.headers.get('etag'), bytes };
}

/** The readers, in plain JS for a worker thread that lives for the whole bench (a fresh client's first
 * requests pay for its own warm-up, which is not the server's time): each job lists one URL list per
 * reader, and each reader sends its URLs one after another. */
const READERS_JS = `
const { parentPort } = require('node:worker_threads');
parentPort.on('message', async ({ urls, headers }) => {
  const latencies = []; const statuses = {};
  const t0 = performance.now();
  await Promise.all(urls.map(async (list) => {
    for (const url of list) {
      const s = performance.now();
      const res = await fetch(url, { headers });
      await res.arrayBuffer();
      latencies.push(performance.now() - s);
      statuses[res.status] = (statuses[res.status] || 0) + 1;
    }
  }));
  parentPort.postMessage({ latencies, statuses, seconds: (performance.now() - t0) / 1000 });
});`;

const readers = new Worker(READERS_JS, { eval: true });
readers.unref();
type ReadersOut = { latencies: number[]; statuses: Record<string, number>; seconds: number };
function runReaders(urls: string[][], headers: Record<string, string> = {}): Promise<ReadersOut> {
  return new Promise((resolve, reject) => {
    const failed = (e: Error) => {
      readers.off('message', done);
      reject(e);
    };
    const done = (out: ReadersOut) => {
      readers.off('error', failed);
      resolve(out);
    };
    readers.once('message', done);
    readers.once('error', failed);
    readers.postMessage({ urls, headers });
  });
}

const load1 = () => os.loadavg()[0].toFixed(1);
/** Time inside the server (request received → response handed to the socket), apart from transport. */
const serverMs: number[] = [];

/** READERS clients, RUNS times; every run's figures, and the run with the median p99. */
async function load(
  urlOf: (reader: number, i: number, run: number) => string,
  headers: Record<string, string> = {},
  beforeRun?: (run: number) => Promise<void>,
) {
  const runs: Array<{ p99: number; line: string }> = [];
  for (let run = 0; run < RUNS; run++) {
    await beforeRun?.(run);
    serverMs.length = 0;
    const out = await runReaders(
      Array.from({ length: READERS }, (_, r) =>
        Array.from({ length: REQUESTS_PER_READER }, (_, i) => urlOf(r, i, run)),
      ),
      headers,
    );
    const rate = out.latencies.length / out.seconds;
    runs.push({
      p99: pct(out.latencies, 99),
      line: `${figures(out.latencies)}; in the server p50 ${ms(median(serverMs))}, p99 ${ms(pct(serverMs, 99))}; ${rate.toFixed(0)} requests/s, statuses ${Object.entries(
        out.statuses,
      )
        .map(([s, n]) => `${s}×${n}`)
        .join(' ')}, load ${load1()}`,
    });
  }
  const byP99 = [...runs].sort((a, b) => a.p99 - b.p99);
  return `median run: ${byP99[Math.floor(RUNS / 2)].line}\n    ${runs.map((r, i) => `run ${i + 1} p99 ${ms(r.p99)}`).join('; ')}`;
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vat-bench-read-'));
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    VAT_LOG_LEVEL: 'silent',
    VAT_SAMPLE_LIBRARY: '0',
    VAT_WORKER: '0',
  });
  const database = await connectDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : path.join(dataDir, 'db'),
  });
  const app = await buildApp({
    config,
    database,
    media: createMediaService({ ffmpegPath: config.ffmpegPath, ffprobePath: config.ffprobePath }),
  });
  let videoId: number | null = null;
  let crowdId: number | null = null;
  try {
    console.log(
      `database: ${database.kind}; window cache ${config.windowCacheBytes / 1024 / 1024} MB; ${os.cpus().length} cores`,
    );
    const [v] = await database.db
      .insert(videos)
      .values({
        filename: 'bench_1h.mp4',
        path: path.join(dataDir, 'bench_1h.mp4'),
        relPath: 'bench_1h.mp4',
        sourceRoot: dataDir,
        fps: FPS,
        duration: MINUTES * 60,
        totalFrames: FRAMES,
        processingStatus: 'completed',
      })
      .returning({ id: videos.id });
    videoId = v.id;

    const s0 = performance.now();
    const seeded = await seedAnnotations(database, { videoId: v.id, minutes: MINUTES, fps: FPS, tracks: TRACKS });
    const storeS = (performance.now() - s0) / 1000;
    // the target is for the write; making a million synthetic rows (their keypoints) is the bench's own cost
    console.log(
      `store: ${seeded.detections} detections written in ${(seeded.writeMs / 1000).toFixed(1)} s ` +
        `(target < ${database.kind === 'pglite' ? 15 : 8} s; ${storeS.toFixed(1)} s with making the synthetic rows and ${seeded.segments} segments), load ${load1()}`,
    );

    app.addHook('onResponse', async (_req, reply) => {
      serverMs.push(reply.elapsedTime);
    });
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    const api = `${base}/api/v1/annotations/${v.id}`;
    const win = (from: number) => `${api}/detections?from=${from}&to=${from + WINDOW}`;

    const o0 = performance.now();
    const summary = await timed(`${api}/summary`);
    const first = await timed(win(0));
    console.log(
      `open: summary ${ms(summary.ms)} + first window ${ms(first.ms)} (${first.bytes} bytes) = ${ms(performance.now() - o0)} (target < 500 ms), load ${load1()}`,
    );

    const scrub: number[] = [];
    for (let i = 0; i < 20; i++) scrub.push((await timed(win(Math.floor(Math.random() * (FRAMES - WINDOW))))).ms);
    console.log(`scrub to 20 random unloaded windows: ${figures(scrub)} (target p90 < 150 ms), load ${load1()}`);

    const before = await timed(win(0));
    const edit = await fetch(`${api}/tracks/1/detections/10`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', 'x-user-id': 'bench.editor' },
      body: JSON.stringify({ x1: 0.4, y1: 0.4, x2: 0.5, y2: 0.7, version: 1 }), // seeded boxes are at version 1
    });
    const after = await timed(win(0), { 'if-none-match': before.etag ?? '' });
    const changed = after.status === 200 && after.etag !== before.etag;
    console.log(
      `edit a box: PATCH ${edit.status}; re-read ${after.status} in ${ms(after.ms)}; ETag ${before.etag} → ${after.etag}: ${changed ? 'changed' : 'NOT CHANGED'}`,
    );
    const revalidated = await timed(win(0), { 'if-none-match': after.etag ?? '' });
    console.log(`repeat read with the new ETag: ${revalidated.status} in ${ms(revalidated.ms)}`);

    // The readers' client warms up first, untimed (the first window only: no window of the uncached phase).
    await runReaders(Array.from({ length: READERS }, () => Array.from({ length: 10 }, () => win(0))));
    // Uncached: every request a window nobody read before (cache misses, one query + encode each): starts
    // 241 frames apart (prime to the span, so no two requests of any run share a window).
    const fresh = (r: number, i: number, run: number) =>
      win((241 * ((run * READERS + r) * REQUESTS_PER_READER + i) + 7) % (FRAMES - WINDOW));
    console.log(`load, ${READERS} readers, uncached windows: ${await load(fresh)}`);
    // The issue's case: a team on one video, all reading the same window. Each run starts right after an
    // edit, so its first requests find no encoded window and share one query and encode; the rest are cached.
    const edit11 = (run: number) =>
      fetch(`${api}/tracks/1/detections/${11 + run}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', 'x-user-id': 'bench.editor' },
        body: JSON.stringify({ x1: 0.4, y1: 0.4, x2: 0.5, y2: 0.7, version: 1 }), // seeded boxes are at version 1
      }).then(() => undefined);
    console.log(
      `load, ${READERS} readers, one window just after an edit (cached after the first encode): ${await load(() => win(0), {}, edit11)}` +
        ' (target p99 < 100 ms)',
    );
    // a cached window as one reader sees it (no other client sharing the cores and the loopback)
    const alone = await runReaders([Array.from({ length: 500 }, () => win(0))]);
    console.log(`one reader, one cached window, 500 reads in a row: ${figures(alone.latencies)} (target p99 < 20 ms)`);
    console.log(`load, ${READERS} readers, one cached window: ${await load(() => win(0))} (target p99 < 20 ms)`);
    const tag = (await timed(win(0))).etag ?? '';
    console.log(
      `load, ${READERS} readers, revalidating with If-None-Match (304): ${await load(() => win(0), { 'if-none-match': tag })}`,
    );
    if (process.env.VAT_BENCH_DENSE !== '0') crowdId = await denseWindowPhase(database, dataDir, base, load1);
    if (!changed) process.exitCode = 1;
  } finally {
    await app.close();
    // a PostgreSQL database outlives the run: its million rows go (the embedded one is removed with the dir)
    for (const id of [videoId, crowdId])
      if (id !== null && database.kind === 'postgres') await database.db.delete(videos).where(eq(videos.id, id));
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
