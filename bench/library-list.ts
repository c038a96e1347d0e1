// Library list API with 100,000 videos: p50/p95 per 1,000-row page, with and without filters, on
// PGlite (embedded) and PostgreSQL (when VAT_BENCH_DATABASE_URL is set or scripts/pg-test-server.sh
// can start one). Run: npx tsx bench/library-list.ts [--videos 100000]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import pg from 'pg';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { connectDatabase } from '../server/db/connect';
import { createMediaService } from '../server/media/media-service';
import { seedScale } from '../server/services/seed-scale';

const count = Number(process.argv[process.argv.indexOf('--videos') + 1]) || 100_000;
const ROUNDS = 40;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

async function bench(kind: string, databaseUrl?: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vat-bench-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    VAT_LOG_LEVEL: 'silent',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const database = await connectDatabase({ databaseUrl, dataDir: databaseUrl ? undefined : path.join(dataDir, 'db') });
  const root = path.join(dataDir, 'scale-library');
  const t0 = Date.now();
  await seedScale(database, { count, root });
  console.log(`[${kind}] seeded ${count} videos in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  const app = await buildApp({ config, database, media: createMediaService() });
  // Deep pages by skip alone (what a plain client sends) versus the library's way: every page after
  // the first carries after_id = the last id it saw, so page n costs what page 1 costs.
  const skipCases: Array<[string, (i: number) => string]> = [
    ['skip only, deep pages, no filter', (i) => `skip=${(i * 7919) % count}`],
    ['skip only, first page', () => 'skip=0'],
  ];
  const keysetCases: Array<[string, string]> = [
    ['no filter', ''],
    ['status=completed&status=labelled', 'status=completed&status=labelled'],
    ['source_root', `source_root=${encodeURIComponent(root)}`],
    ['q=scale_04 (≈10% match)', 'q=scale_04'],
    ['q=batch07/scale_0 (rare)', 'q=batch07/scale_0'],
    ['assignee=worker3', 'assignee=worker3'],
    ['unassigned_only', 'unassigned_only=true'],
  ];
  const time = async (name: string, url: (page: number, lastId: number) => string) => {
    const times: number[] = [];
    let rows = 0,
      lastId = 0,
      page = 0;
    for (let i = 0; i < ROUNDS + 5; i++) {
      const s = performance.now();
      const r = await app.inject({ method: 'GET', url: `/api/v1/videos/?limit=1000&${url(page, lastId)}` });
      const dt = performance.now() - s;
      if (r.statusCode !== 200) throw new Error(`${name}: HTTP ${r.statusCode} ${r.body}`);
      const got = r.json() as Array<{ id: number }>;
      rows = Math.max(rows, got.length);
      // a short page ends the list: start over from the first page, as a reload would
      [lastId, page] = got.length === 1000 ? [got[got.length - 1].id, page + 1] : [0, 0];
      if (i >= 5) times.push(dt); // first rounds warm caches
    }
    console.log(
      `[${kind}] ${name.padEnd(44)} rows/page ${String(rows).padStart(4)}  p50 ${pct(times, 50).toFixed(1).padStart(6)} ms  p95 ${pct(times, 95).toFixed(1).padStart(6)} ms`,
    );
  };
  for (const [name, qs] of skipCases) {
    let i = 0;
    await time(name, () => qs(i++));
  }
  for (const [name, filter] of keysetCases) {
    await time(
      `library paging: ${name}`,
      (page, lastId) => `${filter}&skip=${page * 1000}${lastId ? `&after_id=${lastId}` : ''}`,
    );
  }
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

await bench('pglite');
let url = process.env.VAT_BENCH_DATABASE_URL;
if (!url) {
  try {
    url = execFileSync('bash', ['scripts/pg-test-server.sh', 'start']).toString().trim().split('\n').pop();
  } catch {
    url = undefined;
  }
}
if (url) {
  const name = `vat_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  await bench('postgres', u.toString());
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query(`drop database ${name} with (force)`);
  await c.end();
} else console.log('[postgres] skipped: no PostgreSQL server available');
process.exit(0);
