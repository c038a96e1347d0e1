// Cost of the activity poll: server time of GET /api/v1/jobs/activity (through the real app, as the top
// bar calls it) with 100 rows in job_progress (a mix of running, queued and recently finished jobs on
// videos), then with 10,000 rows of which 9,900 finished long ago, on the embedded PGlite database.
// Also the status call the library polls per row. Run: npx tsx bench/job-activity.ts
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { connectDatabase } from '../server/db/connect';
import { createMediaService } from '../server/media/media-service';
import { jobProgress, users, videos } from '../server/db/schema';

const ROUNDS = 200;
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vat-bench-activity-'));
const config = loadConfig({ DATA_DIR: dataDir, VAT_LOG_LEVEL: 'silent' });
const database = await connectDatabase({ dataDir: path.join(dataDir, 'db') });
const { db } = database;
await db.insert(users).values({ id: 'bench-admin', role: 'admin' });
const vids = await db
  .insert(videos)
  .values(
    Array.from({ length: 100 }, (_, i) => ({
      filename: `clip_${i}.mp4`,
      path: `/bench/clip_${i}.mp4`,
      relPath: `clip_${i}.mp4`,
      sourceRoot: '/bench',
      processingStatus: 'processing',
    })),
  )
  .returning({ id: videos.id });

const STATES = ['running', 'queued', 'done', 'failed', 'cancelled'] as const;
const row = (i: number, old: boolean) => {
  const state = old ? 'done' : STATES[i % STATES.length];
  const finished = state === 'running' || state === 'queued' ? null : new Date(Date.now() - (old ? 3_600_000 : 60_000));
  return {
    kind: 'processing',
    subject: `video:${vids[i % 100].id}`,
    videoId: vids[i % 100].id,
    state,
    progress: (i * 7) % 100,
    stage: 'decoding + pose',
    etaS: 30,
    startedBy: i % 2 ? 'bench-admin' : 'someone',
    startedAt: new Date(),
    finishedAt: finished,
    link: `/videos/${vids[i % 100].id}/annotate`,
  };
};
const app = await buildApp({ config, database, media: createMediaService() });

async function measure(label: string, url: string, conditional = false) {
  const times: number[] = [];
  const etag = conditional
    ? String((await app.inject({ method: 'GET', url, headers: { 'x-user-id': 'bench-admin' } })).headers.etag)
    : null;
  for (let i = 0; i < ROUNDS + 10; i++) {
    const t0 = performance.now();
    const r = await app.inject({
      method: 'GET',
      url,
      headers: { 'x-user-id': 'bench-admin', ...(etag ? { 'if-none-match': etag } : {}) },
    });
    const ms = performance.now() - t0;
    if (r.statusCode !== (etag ? 304 : 200)) throw new Error(`${url}: HTTP ${r.statusCode} ${r.body}`);
    if (i >= 10) times.push(ms); // the first calls warm the query plans
    if (i === 0) console.log(`  ${label}: answer ${r.body.length} bytes`);
  }
  console.log(`  ${label}: p50 ${pct(times, 50).toFixed(2)} ms, p95 ${pct(times, 95).toFixed(2)} ms (${ROUNDS} calls)`);
}

await db.insert(jobProgress).values(Array.from({ length: 100 }, (_, i) => row(i, false)));
console.log('100 rows in job_progress (20 running, 20 queued, 60 finished in the last 10 minutes):');
await measure('GET /jobs/activity', '/api/v1/jobs/activity');
await measure('GET /jobs/activity, unchanged (304)', '/api/v1/jobs/activity', true);
await measure('GET /videos/{id}/status', `/api/v1/videos/${vids[0].id}/status`);

for (let k = 0; k < 9900; k += 1000)
  await db.insert(jobProgress).values(Array.from({ length: 1000 }, (_, i) => row(k + i, true)));
console.log('10,000 rows (the same 100 plus 9,900 finished an hour ago):');
await measure('GET /jobs/activity', '/api/v1/jobs/activity');
await measure('GET /videos/{id}/status', `/api/v1/videos/${vids[0].id}/status`);

await app.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
