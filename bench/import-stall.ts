// Benchmark of what a large import does to everyone else: a 200,000-row annotation package (one video,
// 20 tracks × 10,000 frames, 17 keypoints) and a 200,000-skeleton COCO file are imported, each as a dry
// run and for real, while a client in a worker thread calls GET /api/v1/status one call after another.
// Prints per import: its duration, the longest event-loop stall (perf_hooks), the status call's p50 / p99 /
// max, and the process's peak RSS above its level before the import (sampled every 20 ms off the loop).
// A child process makes the data first (seeded rows, the exported package and file), so that the
// measured process starts without them in its heap. PGlite on disk, or PostgreSQL with DATABASE_URL.
//   npx tsx bench/import-stall.ts [--frames 10000] [--tracks 20]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { connectDatabase } from '../server/db/connect';
import { createMediaService } from '../server/media/media-service';
import { QUEUES, startQueue } from '../server/queue';
import { runImportJob } from '../server/services/packages/import';
import { median, pct } from './annotate-common';
import { prepareImportData, type PreparedImport } from './import-stall-data';

const arg = (name: string, dflt: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const MB = 1024 * 1024;
const ADMIN = 'bench-admin';

/** Status calls one after another, and the process's RSS every 20 ms, until told to stop. */
const PROBE_JS = `
const { parentPort } = require('node:worker_threads');
let stop = false; let peak = 0;
parentPort.on('message', async (m) => {
  if (m === 'stop') { stop = true; return; }
  const latencies = [];
  const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage.rss()); }, 20);
  while (!stop) {
    const s = performance.now();
    const res = await fetch(m.url);
    await res.arrayBuffer();
    latencies.push(performance.now() - s);
  }
  clearInterval(sampler);
  parentPort.postMessage({ latencies, peak });
});`;

async function measured(name: string, statusUrl: string, run: () => Promise<string>) {
  global.gc?.();
  const probe = new Worker(PROBE_JS, { eval: true });
  const loop = monitorEventLoopDelay({ resolution: 10 });
  const base = process.memoryUsage().rss;
  const done = new Promise<{ latencies: number[]; peak: number }>((resolve) => probe.once('message', resolve));
  probe.postMessage({ url: statusUrl });
  loop.enable();
  const t0 = performance.now();
  const outcome = await run();
  const seconds = (performance.now() - t0) / 1000;
  loop.disable();
  probe.postMessage('stop');
  const { latencies, peak } = await done;
  await probe.terminate();
  const ms = (v: number) => `${v.toFixed(0)} ms`;
  console.log(
    `${name}: ${outcome} in ${seconds.toFixed(1)} s; longest event-loop stall ${ms(loop.max / 1e6)}; ` +
      `status call p50 ${ms(median(latencies))}, p99 ${ms(pct(latencies, 99))}, max ${ms(Math.max(...latencies))} ` +
      `(n=${latencies.length}); peak RSS +${((peak - base) / MB).toFixed(0)} MB (${(base / MB).toFixed(0)} → ` +
      `${(peak / MB).toFixed(0)} MB); load ${os.loadavg()[0].toFixed(1)}`,
  );
}

async function main() {
  const frames = arg('frames', 10_000);
  const tracks = arg('tracks', 20);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vat-bench-import-'));
  const env = { ...process.env, DATA_DIR: dataDir, VAT_LOG_LEVEL: 'silent', VAT_SAMPLE_LIBRARY: '0', VAT_WORKER: '0' };
  try {
    // the data, made by a child process so that this one's heap starts clean
    execFileSync(
      process.execPath,
      [...process.execArgv, process.argv[1], '--prepare', dataDir, String(frames), String(tracks)],
      { env, stdio: 'inherit' },
    );
    const prepared = JSON.parse(fs.readFileSync(path.join(dataDir, 'prepared.json'), 'utf8')) as PreparedImport;
    const config = loadConfig({ ...env, VAT_MAX_UPLOAD_MB: '8192' });
    const database = await connectDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.databaseUrl ? undefined : path.join(dataDir, 'db'),
    });
    const queue = await startQueue(database, { databaseUrl: config.databaseUrl });
    const media = createMediaService({ ffmpegPath: config.ffmpegPath, ffprobePath: config.ffprobePath });
    const app = await buildApp({ config, database, queue, media });
    await queue.work<{ jobId: number }>(QUEUES.import, 1, async (d) => {
      await runImportJob(database, d.jobId);
    });
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    const status = `${base}/api/v1/status`;
    const headers = { 'x-user-id': ADMIN };
    console.log(
      `database: ${database.kind}; ${prepared.rows} rows (${tracks} tracks × ${frames} frames, 17 keypoints); ` +
        `package ${(prepared.packageBytes / MB).toFixed(1)} MB, COCO file ${(prepared.cocoBytes / MB).toFixed(1)} MB; ${os.cpus().length} cores`,
    );
    const packageImport = async (dryRun: boolean) => {
      const form = new FormData();
      form.set(
        'config',
        JSON.stringify({
          source_root: prepared.from,
          target_root: prepared.to,
          mode: 'overwrite',
          validate_files: false,
          dry_run: dryRun,
        }),
      );
      form.set('file', await fs.openAsBlob(prepared.packageFile), 'package.zip');
      const res = await fetch(`${base}/api/v1/admin/repo/import_source`, { method: 'POST', headers, body: form });
      let job = (await res.json()) as { job_id: number; status: string; summary?: Record<string, number> };
      if (!res.ok) throw new Error(`import answered ${res.status}: ${JSON.stringify(job)}`);
      while (['queued', 'running'].includes(job.status)) {
        await new Promise((r) => setTimeout(r, 200));
        job = await (await fetch(`${base}/api/v1/admin/repo/import_jobs/${job.job_id}`, { headers })).json();
      }
      return `${job.status}, ${job.summary?.detections_imported} detections`;
    };
    const fileImport = async (dryRun: boolean) => {
      const form = new FormData();
      form.set('format', 'coco-keypoints');
      form.set('dry_run', String(dryRun));
      form.set('file', await fs.openAsBlob(prepared.cocoFile), 'clip_coco_keypoints.json');
      const res = await fetch(`${base}/api/v1/annotations/${prepared.fileTargetId}/import`, {
        method: 'POST',
        headers,
        body: form,
      });
      const out = (await res.json()) as { detections_imported?: number; detail?: string };
      if (!res.ok) throw new Error(`file import answered ${res.status}: ${out.detail}`);
      return `${out.detections_imported} detections`;
    };
    await measured('package import, dry run', status, () => packageImport(true));
    await measured('package import', status, () => packageImport(false));
    await measured('COCO file import, dry run', status, () => fileImport(true));
    await measured('COCO file import', status, () => fileImport(false));
    await app.close();
    await queue.stop();
    await database.close();
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--prepare') {
  prepareImportData(process.argv[3], Number(process.argv[4]), Number(process.argv[5])).catch((e) => {
    console.error(e);
    process.exit(1);
  });
} else {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
