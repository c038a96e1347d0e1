// The people clip through a real server, timed as a user waits for it: from the job being queued to its
// finishing (the job's queued_at and finished_at in GET /api/v1/jobs/activity). Starts `server/main.ts` on
// a fresh data directory (the sample library gives the clip), waits for its pose workers, then processes the
// clip once and reprocesses it; between jobs it waits for the automatic render to end, and it polls once a
// second with fetch (a harness that polls harder takes CPU from the job).
// Run: npm run bench:processing-server -- [--runs 3] [--port 5370]; VAT_MODELS_DIR as for the server.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const arg = (name: string, dflt: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const runs = arg('runs', 3);
const port = arg('port', 5370);
const base = `http://127.0.0.1:${port}/api/v1`;
const headers = { 'X-User-Id': 'admin', 'content-type': 'application/json' };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vat-bench-server-'));
let log = '';
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    VAT_MODELS_DIR: process.env.VAT_MODELS_DIR || path.resolve('.cache/models'),
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
server.stdout.on('data', (d: Buffer) => (log = (log + d.toString()).slice(-20_000)));
server.stderr.on('data', (d: Buffer) => (log = (log + d.toString()).slice(-20_000)));

async function get<T>(url: string): Promise<T> {
  const r = await fetch(`${base}${url}`, { headers });
  if (!r.ok) throw new Error(`${url}: ${r.status}`);
  return (await r.json()) as T;
}
async function until(what: string, check: () => Promise<boolean>, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check().catch(() => false)) return;
    await sleep(1000);
  }
  throw new Error(`timed out waiting for ${what}\n${log}`);
}

interface Activity {
  running: number;
  queued: number;
  jobs: Array<{ id: number; kind: string; queued_at: string; started_at: string | null; finished_at: string | null }>;
}
try {
  await until('the server', async () => (await fetch(`${base}/videos?limit=1`, { headers })).ok, 180_000);
  await until('the pose workers', async () => /pose workers ready/.test(log), 60_000);
  const list = await get<Array<{ id: number; filename: string; duration: number }>>('/videos?limit=50');
  const clip = list.find((v) => v.filename.startsWith('people_pan'));
  if (!clip) throw new Error('the sample library has no people clip');
  console.log(
    `clip: ${clip.filename} (${clip.duration} s); machine: ${os.cpus().length} cores (${os.cpus()[0]?.model.trim()})`,
  );
  for (let i = 0; i <= runs; i++) {
    const load = os.loadavg()[0].toFixed(2);
    const r = await fetch(`${base}/videos/${clip.id}/${i ? 'reprocess' : 'process'}`, {
      method: 'POST',
      headers,
      body: '{}',
    });
    if (r.status !== 202) throw new Error(`process: ${r.status} ${await r.text()}`);
    await until(
      'the job',
      async () =>
        (await get<Activity>('/jobs/activity')).running + (await get<Activity>('/jobs/activity')).queued === 0,
      600_000,
    );
    const job = (await get<Activity>('/jobs/activity')).jobs
      .filter((j) => j.kind === 'processing')
      .sort((a, b) => b.id - a.id)[0];
    const s = (a: string | null, b: string | null) => (Date.parse(b ?? '') - Date.parse(a ?? '')) / 1000;
    const total = s(job.queued_at, job.finished_at);
    console.log(
      `${i ? 'reprocess' : 'first job'}: queued → finished ${total.toFixed(2)} s (${(clip.duration / total).toFixed(2)}× real time), queued → started ${s(job.queued_at, job.started_at).toFixed(2)} s, load ${load}`,
    );
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('close', r));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
