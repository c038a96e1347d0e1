// Review navigation summary on a long video: 30 min × 30 fps × 20 tracks = 1.08M detections (the
// seed-annotations set). Prints the cold computation of GET /annotations/{id}/review-summary (presence and
// low-confidence runs, heavy overlaps), a read of the cached runs, a 304, the answer's size, and how long
// detection-window reads wait while the summary is being computed (PGlite serves one query at a time).
// Run: npx tsx bench/review-summary.ts [--keep /tmp/vat-review-1m] [--out summary.json] (a kept data dir is
// seeded once; --out writes the cold answer, to compare two implementations byte for byte)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { connectDatabase } from '../server/db/connect';
import { createMediaService } from '../server/media/media-service';
import { seedAnnotations } from '../scripts/seed-annotations';
import { median } from './annotate-common';

const keepAt = process.argv.indexOf('--keep');
const keep = keepAt > 0 ? process.argv[keepAt + 1] : undefined;
const outAt = process.argv.indexOf('--out');
const out = outAt > 0 ? process.argv[outAt + 1] : undefined;

async function main() {
  const dataDir = keep ?? fs.mkdtempSync(path.join(os.tmpdir(), 'vat-bench-review-'));
  const seeded = fs.existsSync(path.join(dataDir, 'db'));
  const config = loadConfig({ DATA_DIR: dataDir, VAT_LOG_LEVEL: 'silent' });
  const database = await connectDatabase({ dataDir: path.join(dataDir, 'db') });
  if (!seeded) {
    await database.sql
      .query(`insert into videos (filename, path, rel_path, source_root, duration, fps, total_frames, processing_status)
      values ('long.mp4', '/bench/long.mp4', 'long.mp4', '/bench', 1800, 30, 54000, 'completed')`);
    const t0 = performance.now();
    const r = await seedAnnotations(database, { videoId: 1, minutes: 30, fps: 30, tracks: 20 });
    await database.sql.query('analyze');
    console.log(
      `seeded ${r.detections.toLocaleString('en')} detections in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
  }
  const app = await buildApp({ config, database, media: createMediaService() });
  const url = '/api/v1/annotations/1/review-summary';
  try {
    // windows read while the summary computes: each one's wait is what a reviewer scrubbing would feel
    const waits: number[] = [];
    let computing = true;
    const scrubber = (async () => {
      for (let i = 0; computing; i++) {
        const from = (i * 1530) % 53850; // a window not read before (the cache would answer it)
        const t = performance.now();
        await app.inject({ method: 'GET', url: `/api/v1/annotations/1/detections?from=${from}&to=${from + 150}` });
        waits.push(performance.now() - t);
        await new Promise((r) => setTimeout(r, 100)); // a reviewer scrubbing: a window every 0.1 s at most
      }
    })();
    const t0 = performance.now();
    const cold = await app.inject({ method: 'GET', url });
    const coldMs = performance.now() - t0;
    computing = false;
    await scrubber;
    const body = cold.json();
    if (out) fs.writeFileSync(out, cold.body);
    const runs = body.tracks.reduce((n: number, t: { runs: number[] }) => n + t.runs.length / 2, 0);
    const low = body.tracks.reduce((n: number, t: { low: number[] }) => n + t.low.length / 2, 0);
    console.log(
      `cold summary: ${(coldMs / 1000).toFixed(1)} s for ${body.tracks.length} tracks, ${runs} presence runs, ${low} low-confidence runs, ` +
        `${body.overlaps.length} overlap runs; ${(cold.body.length / 1024).toFixed(0)} KiB JSON`,
    );
    // the first read starts with the summary, on a cold connection: reported apart from the later ones
    const later = waits.slice(1);
    console.log(
      `window reads during it: ${waits.length}, median ${median(waits).toFixed(0)} ms, max ${Math.max(...waits).toFixed(0)} ms; ` +
        `first ${waits[0].toFixed(0)} ms, later ones max ${later.length ? Math.max(...later).toFixed(0) : '–'} ms`,
    );
    const warm: number[] = [];
    for (let i = 0; i < 10; i++) {
      const t = performance.now();
      await app.inject({ method: 'GET', url });
      warm.push(performance.now() - t);
    }
    const etag = cold.headers.etag as string;
    const n304: number[] = [];
    for (let i = 0; i < 10; i++) {
      const t = performance.now();
      await app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
      n304.push(performance.now() - t);
    }
    console.log(
      `cached runs (marks read fresh): median ${median(warm).toFixed(1)} ms; 304: median ${median(n304).toFixed(1)} ms`,
    );
  } finally {
    await app.close();
    await database.close();
    if (!keep) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
