// Benchmark of the annotation read and write paths at scale, on the embedded database (PGlite on disk, or
// PostgreSQL when DATABASE_URL is set): a synthetic one-hour, 30 fps, 10-track video (1,080,000 detections
// with 17 keypoints) is stored through the bulk writer, opened (summary + first window), scrubbed at 20
// random positions, edited (the window's ETag must change), and read by 20 concurrent clients over
// loopback. Run: npx tsx bench/read-path.ts   (no browser, no video decoding: the server path only)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { connectDatabase } from '../server/db/connect';
import { videos } from '../server/db/schema';
import { createMediaService } from '../server/services/media';
import { seedAnnotations } from '../scripts/seed-annotations';
import { median, pct } from './annotate-common';

const FPS = 30;
const MINUTES = 60;
const TRACKS = 10;
const WINDOW = 240;
const READERS = 20;
const REQUESTS_PER_READER = 25;
const FRAMES = MINUTES * 60 * FPS;

const ms = (v: number) => `${v.toFixed(1)} ms`;
const figures = (xs: number[]) => `p50 ${ms(median(xs))}, p90 ${ms(pct(xs, 90))}, p99 ${ms(pct(xs, 99))} (n=${xs.length})`;

async function timed(url: string, headers: Record<string, string> = {}): Promise<{ ms: number; status: number; etag: string | null; bytes: number }> {
  const t0 = performance.now();
  const res = await fetch(url, { headers });
  const bytes = (await res.arrayBuffer()).byteLength;
  return { ms: performance.now() - t0, status: res.status, etag: res.headers.get('etag'), bytes };
}

/** READERS clients, each sending its requests one after another; returns every latency and the rate. */
async function load(urlOf: (reader: number, i: number) => string, headers: Record<string, string> = {}) {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const t0 = performance.now();
  await Promise.all(Array.from({ length: READERS }, async (_, r) => {
    for (let i = 0; i < REQUESTS_PER_READER; i++) {
      const x = await timed(urlOf(r, i), headers);
      latencies.push(x.ms);
      statuses.set(x.status, (statuses.get(x.status) ?? 0) + 1);
    }
  }));
  const rate = latencies.length / ((performance.now() - t0) / 1000);
  return `${figures(latencies)}, ${rate.toFixed(0)} requests/s, statuses ${[...statuses].map(([s, n]) => `${s}×${n}`).join(' ')}`;
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vat-bench-read-'));
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, VAT_LOG_LEVEL: 'silent', VAT_SAMPLE_LIBRARY: '0', VAT_WORKER: '0' });
  const database = await connectDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : path.join(dataDir, 'db') });
  const app = await buildApp({ config, database, media: createMediaService({ ffmpegPath: config.ffmpegPath, ffprobePath: config.ffprobePath }) });
  try {
    console.log(`database: ${database.kind}; window cache ${config.windowCacheBytes / 1024 / 1024} MB; ${os.cpus().length} cores`);
    const [v] = await database.db.insert(videos).values({
      filename: 'bench_1h.mp4', path: path.join(dataDir, 'bench_1h.mp4'), relPath: 'bench_1h.mp4', sourceRoot: dataDir,
      fps: FPS, duration: MINUTES * 60, totalFrames: FRAMES, processingStatus: 'completed',
    }).returning({ id: videos.id });

    const s0 = performance.now();
    const seeded = await seedAnnotations(database, { videoId: v.id, minutes: MINUTES, fps: FPS, tracks: TRACKS });
    const storeS = (performance.now() - s0) / 1000;
    console.log(`store: ${seeded.detections} detections (+${seeded.segments} segments) in ${storeS.toFixed(1)} s ` +
      `(target < ${database.kind === 'pglite' ? 15 : 8} s)`);

    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    const api = `${base}/api/v1/annotations/${v.id}`;
    const win = (from: number) => `${api}/detections?from=${from}&to=${from + WINDOW}`;

    const o0 = performance.now();
    const summary = await timed(`${api}/summary`);
    const first = await timed(win(0));
    console.log(`open: summary ${ms(summary.ms)} + first window ${ms(first.ms)} (${first.bytes} bytes) = ${ms(performance.now() - o0)} (target < 500 ms)`);

    const scrub: number[] = [];
    for (let i = 0; i < 20; i++) scrub.push((await timed(win(Math.floor(Math.random() * (FRAMES - WINDOW))))).ms);
    console.log(`scrub to 20 random unloaded windows: ${figures(scrub)} (target p90 < 150 ms)`);

    const before = await timed(win(0));
    const edit = await fetch(`${api}/tracks/1/detections/10`, {
      method: 'PATCH', headers: { 'content-type': 'application/json', 'x-user-id': 'bench.editor' },
      body: JSON.stringify({ x1: 0.4, y1: 0.4, x2: 0.5, y2: 0.7 }),
    });
    const after = await timed(win(0), { 'if-none-match': before.etag ?? '' });
    const changed = after.status === 200 && after.etag !== before.etag;
    console.log(`edit a box: PATCH ${edit.status}; re-read ${after.status} in ${ms(after.ms)}; ETag ${before.etag} → ${after.etag}: ${changed ? 'changed' : 'NOT CHANGED'}`);
    const revalidated = await timed(win(0), { 'if-none-match': after.etag ?? '' });
    console.log(`repeat read with the new ETag: ${revalidated.status} in ${ms(revalidated.ms)}`);

    // Uncached: every request a window nobody read before (cache misses, one query + encode each).
    const fresh = (r: number, i: number) => win(WINDOW * (1000 + r * REQUESTS_PER_READER + i) % (FRAMES - WINDOW));
    console.log(`load, ${READERS} readers, uncached windows: ${await load(fresh)}`);
    // The issue's case: a team on one video, all reading the same window (one encode, then the cache).
    await fetch(`${api}/tracks/1/detections/11`, { method: 'PATCH', headers: { 'content-type': 'application/json', 'x-user-id': 'bench.editor' }, body: JSON.stringify({ x1: 0.4, y1: 0.4, x2: 0.5, y2: 0.7 }) });
    console.log(`load, ${READERS} readers, one window just after an edit (cached after the first encode): ${await load(() => win(0))}` +
      ' (target p99 < 100 ms; cached p99 < 20 ms)');
    const tag = (await timed(win(0))).etag ?? '';
    console.log(`load, ${READERS} readers, revalidating with If-None-Match (304): ${await load(() => win(0), { 'if-none-match': tag })}`);
    if (!changed) process.exitCode = 1;
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e) => { console.error(e); process.exit(1); });
