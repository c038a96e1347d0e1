// Benchmark of annotation packages at scale on the embedded database (PGlite on disk, or PostgreSQL when
// DATABASE_URL is set): N videos × M detections (20 tracks, 17 keypoints each, seeded through the bulk
// writer) are exported through POST /admin/repo/export_source over loopback, then imported into another
// root through POST /admin/repo/import_source and the pg-boss worker. Prints the speed of each (videos/s,
// detections/s) and the process's peak RSS above its level before the step: the export streams, so its
// peak stays flat however many videos there are.
//   npx tsx bench/package-export.ts [--videos 200] [--detections 20000]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { connectDatabase } from '../server/db/connect';
import { sources, users, videos } from '../server/db/schema';
import { createMediaService } from '../server/media/media-service';
import { QUEUES, startQueue } from '../server/queue';
import { runImportJob } from '../server/services/packages/import';
import { seedAnnotations } from '../scripts/seed-annotations';

const arg = (name: string, dflt: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const VIDEOS = arg('videos', 200);
const DETECTIONS = arg('detections', 20_000);
const TRACKS = 20;
const FRAMES = Math.ceil(DETECTIONS / TRACKS);
const MB = 1024 * 1024;

/** Samples RSS every 20 ms while `fn` runs; returns its result, seconds and the peak rise over the start. */
async function measured<T>(fn: () => Promise<T>): Promise<{ value: T; seconds: number; peakMb: number }> {
  global.gc?.();
  const base = process.memoryUsage().rss;
  let peak = base;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const t0 = performance.now();
  try {
    const value = await fn();
    return { value, seconds: (performance.now() - t0) / 1000, peakMb: (peak - base) / MB };
  } finally {
    clearInterval(timer);
  }
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vat-bench-package-'));
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    VAT_LOG_LEVEL: 'silent',
    VAT_SAMPLE_LIBRARY: '0',
    VAT_WORKER: '0',
    VAT_MAX_UPLOAD_MB: '8192',
  });
  const database = await connectDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : path.join(dataDir, 'db'),
  });
  const queue = await startQueue(database, { databaseUrl: config.databaseUrl });
  const app = await buildApp({
    config,
    database,
    queue,
    media: createMediaService({ ffmpegPath: config.ffmpegPath, ffprobePath: config.ffprobePath }),
  });
  try {
    console.log(
      `database: ${database.kind}; ${VIDEOS} videos × ${DETECTIONS} detections (${TRACKS} tracks × ${FRAMES} frames, 17 keypoints); ${os.cpus().length} cores`,
    );
    const from = path.join(dataDir, 'from');
    const to = path.join(dataDir, 'to');
    await database.db.insert(users).values({ id: 'bench-admin', role: 'admin' });
    await database.db.insert(sources).values([
      { root: from, label: 'Bench', enabled: true },
      { root: to, label: 'Target', enabled: true },
    ]);
    const s0 = performance.now();
    for (let i = 0; i < VIDEOS; i++) {
      const rel = `clips/clip_${String(i).padStart(5, '0')}.mp4`;
      const [v] = await database.db
        .insert(videos)
        .values({
          filename: path.basename(rel),
          path: path.join(from, rel),
          relPath: rel,
          sourceRoot: from,
          processingStatus: 'completed',
          totalFrames: FRAMES,
        })
        .returning({ id: videos.id });
      await database.db.insert(videos).values({
        filename: path.basename(rel),
        path: path.join(to, rel),
        relPath: rel,
        sourceRoot: to,
        processingStatus: 'pending',
        totalFrames: FRAMES,
      });
      await seedAnnotations(database, { videoId: v.id, frameCount: FRAMES, fps: 30, tracks: TRACKS });
    }
    const total = VIDEOS * FRAMES * TRACKS;
    console.log(`seed: ${total} detections in ${((performance.now() - s0) / 1000).toFixed(1)} s`);

    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    const headers = { 'x-user-id': 'bench-admin' };
    const zipPath = path.join(dataDir, 'package.zip');
    const exp = await measured(async () => {
      const res = await fetch(`${base}/api/v1/admin/repo/export_source`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ source_root: from, status: ['completed'], include_history: false }),
      });
      if (!res.ok || !res.body) throw new Error(`export answered ${res.status}: ${await res.text()}`);
      const out = fs.createWriteStream(zipPath);
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>)
        if (!out.write(chunk)) await new Promise<void>((r) => out.once('drain', () => r()));
      await new Promise<void>((r) => out.end(() => r()));
      return fs.statSync(zipPath).size;
    });
    console.log(
      `export: ${(exp.value / MB).toFixed(1)} MB zip in ${exp.seconds.toFixed(1)} s — ${(VIDEOS / exp.seconds).toFixed(1)} videos/s, ` +
        `${(total / exp.seconds / 1000).toFixed(0)}k detections/s; peak RSS +${exp.peakMb.toFixed(0)} MB`,
    );

    await queue.work<{ jobId: number }>(QUEUES.import, 1, async (d) => {
      await runImportJob(database, d.jobId);
    });
    const imp = await measured(async () => {
      const form = new FormData();
      form.set(
        'config',
        JSON.stringify({
          source_root: from,
          target_root: to,
          mode: 'skip_existing',
          validate_files: false,
          dry_run: false,
        }),
      );
      form.set('file', await fs.openAsBlob(zipPath), 'package.zip');
      const res = await fetch(`${base}/api/v1/admin/repo/import_source`, { method: 'POST', headers, body: form });
      const started = (await res.json()) as { job_id: number; detail?: string };
      if (!res.ok) throw new Error(`import answered ${res.status}: ${started.detail}`);
      for (;;) {
        const job = (await (
          await fetch(`${base}/api/v1/admin/repo/import_jobs/${started.job_id}`, { headers })
        ).json()) as {
          status: string;
          progress: { videos_imported: number };
          summary: { detections_imported: number };
          errors: string[];
        };
        if (!['queued', 'running'].includes(job.status)) return job;
        await new Promise((r) => setTimeout(r, 200));
      }
    });
    console.log(
      `import: ${imp.value.status}, ${imp.value.progress.videos_imported} videos, ${imp.value.summary.detections_imported} detections in ${imp.seconds.toFixed(1)} s — ` +
        `${(VIDEOS / imp.seconds).toFixed(1)} videos/s, ${(total / imp.seconds / 1000).toFixed(0)}k detections/s; peak RSS +${imp.peakMb.toFixed(0)} MB` +
        (imp.value.errors.length ? `; errors: ${imp.value.errors.slice(0, 3).join(' | ')}` : ''),
    );
  } finally {
    await app.close();
    await queue.stop();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
