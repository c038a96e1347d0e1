// Ingest of a folder of many small clips (hard links to one tiny generated clip): files per second of
// the scan started by adding the source, and the library API's p50/p95 while that scan runs.
// Run: npx tsx bench/ingest.ts [--files 10000]
// Measured on 2 shared cores, PGlite, npm ffprobe 4.1: 10,000 files in 254 s = 39 files/s (probing
// dominates), and GET /videos/?limit=100 p50 3.7 ms, p95 11.4 ms (n=2750) while the scan ran.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { eq } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { connectDatabase } from '../server/db/connect';
import { ingestJobs, users } from '../server/db/schema';
import { createMediaService } from '../server/media/media-service';

const files = Number(process.argv[process.argv.indexOf('--files') + 1]) || 10_000;
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vat-bench-ingest-'));
const config = loadConfig({ DATA_DIR: dataDir, VAT_LOG_LEVEL: 'silent' });
const database = await connectDatabase({ dataDir: path.join(dataDir, 'db') });
const media = createMediaService();
const root = path.join(dataDir, 'clips');
fs.mkdirSync(root);
const clip = path.join(dataDir, 'one.mp4');
execFileSync(media.ffmpegPath, [
  '-v',
  'error',
  '-f',
  'lavfi',
  '-i',
  'testsrc2=s=64x36:r=10:d=0.2',
  '-c:v',
  'libx264',
  '-preset',
  'ultrafast',
  '-pix_fmt',
  'yuv420p',
  clip,
]);
for (let i = 0; i < files; i++) fs.linkSync(clip, path.join(root, `clip_${String(i).padStart(5, '0')}.mp4`));
await database.db.insert(users).values({ id: 'bench-admin', role: 'admin' });
const app = await buildApp({ config, database, media });
const headers = { 'x-user-id': 'bench-admin' };

const t0 = performance.now();
const add = await app.inject({
  method: 'POST',
  url: '/api/v1/admin/repo/sources',
  headers,
  payload: { root, label: 'Bench', enabled: true },
});
if (add.statusCode !== 201) throw new Error(add.body);
const latencies: number[] = [];
for (;;) {
  const s = performance.now();
  await app.inject({ method: 'GET', url: '/api/v1/videos/?limit=100' });
  latencies.push(performance.now() - s);
  const [job] = await database.db.select().from(ingestJobs).where(eq(ingestJobs.jobType, 'scan'));
  if (job && job.status !== 'running') {
    const secs = (performance.now() - t0) / 1000;
    console.log(`scan ${job.status}: ${JSON.stringify(job.summary)}`);
    console.log(
      `${files} files in ${secs.toFixed(1)} s = ${(files / secs).toFixed(0)} files/s (parallelism ${config.ingestParallelism})`,
    );
    console.log(
      `GET /videos/?limit=100 during the scan: n=${latencies.length} p50=${pct(latencies, 50).toFixed(1)} ms p95=${pct(latencies, 95).toFixed(1)} ms`,
    );
    break;
  }
  await new Promise((r) => setTimeout(r, 50));
}
await app.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
