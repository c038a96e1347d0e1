// Review queue API over many processed videos: the first read (which computes every video's evidence),
// a read after one video changed, then median and p95 of GET /review/queue (first page of 100, the
// Pending filter, a deep page) on PGlite, and on PostgreSQL when VAT_BENCH_DATABASE_URL is set.
// Run: npx tsx bench/review-queue.ts [--videos 2000] [--tracks 4] [--frames 150]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { connectDatabase } from '../server/db/connect';
import { createMediaService } from '../server/media/media-service';

const arg = (name: string, d: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : d;
};
const VIDEOS = arg('videos', 2000),
  TRACKS = arg('tracks', 4),
  FRAMES = arg('frames', 150);
const ROUNDS = 15;
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

async function bench(kind: string, databaseUrl?: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vat-bench-rq-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    VAT_LOG_LEVEL: 'silent',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const database = await connectDatabase({ databaseUrl, dataDir: databaseUrl ? undefined : path.join(dataDir, 'db') });
  const t0 = performance.now();
  await database.sql.query(
    `insert into videos (filename, path, rel_path, source_root, duration, processing_status)
    select 'rq' || g || '.mp4', '/bench/rq' || g || '.mp4', 'rq' || g || '.mp4', '/bench', 20, case when g % 10 = 0 then 'reviewed' else 'completed' end
      from generate_series(1, $1::int) g`,
    [VIDEOS],
  );
  await database.sql.query(
    `insert into detections (video_id, track_id, frame, x1, y1, x2, y2, confidence, source)
    select v.id, t, f, 0.1, 0.1, 0.2, 0.2, (0.2 + 0.8 * random())::real, 'ai'
      from videos v, generate_series(1, $1::int) t, generate_series(0, $2::int - 1) f where v.source_root = '/bench'`,
    [TRACKS, FRAMES],
  );
  await database.sql
    .query(`insert into action_segments (video_id, track_id, action_class, start_time, end_time, human_verified)
    select v.id, 1, 'run', s, s + 1, s % 3 = 0 from videos v, generate_series(0, 9) s where v.source_root = '/bench'`);
  await database.sql.query('analyze');
  const dets = VIDEOS * TRACKS * FRAMES;
  console.log(
    `[${kind}] seeded ${VIDEOS} videos, ${dets.toLocaleString('en')} detections, ${VIDEOS * 10} segments in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  const app = await buildApp({ config, database, media: createMediaService() });
  // the first read computes every video's evidence once (one pass over the detections)
  const f0 = performance.now();
  await app.inject({ method: 'GET', url: '/api/v1/review/queue' });
  console.log(
    `[${kind}] first read (evidence of ${VIDEOS} videos computed): ${((performance.now() - f0) / 1000).toFixed(1)} s`,
  );
  // one video edited: its evidence alone is recomputed on the next read
  await database.sql.query(
    'update videos set annotation_version = annotation_version + 1 where id = (select min(id) from videos)',
  );
  const e0 = performance.now();
  await app.inject({ method: 'GET', url: '/api/v1/review/queue' });
  console.log(`[${kind}] read after one video changed: ${(performance.now() - e0).toFixed(1)} ms`);
  for (const [name, q] of [
    ['first page of 100', ''],
    ['status=pending', '?status=pending'],
    ['deep page (offset 1500)', '?offset=1500'],
  ] as const) {
    const times: number[] = [];
    for (let i = 0; i < ROUNDS + 2; i++) {
      const s = performance.now();
      const r = await app.inject({ method: 'GET', url: `/api/v1/review/queue${q}` });
      if (r.statusCode !== 200) throw new Error(r.body);
      if (i >= 2) times.push(performance.now() - s);
    }
    console.log(`[${kind}] ${name}: median ${pct(times, 50).toFixed(1)} ms, p95 ${pct(times, 95).toFixed(1)} ms`);
  }
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

await bench('pglite');
if (process.env.VAT_BENCH_DATABASE_URL) await bench('postgres', process.env.VAT_BENCH_DATABASE_URL);
