// Seeds a large synthetic annotation set for one video (benchmarks, scale checks):
//   tsx scripts/seed-annotations.ts --video <id> [--minutes 30] [--fps 30] [--tracks 20] [--no-keypoints]
// Default: 30 min × 30 fps × 20 tracks = 1,080,000 detections with 17 keypoints each, plus one action
// segment every 30 s per track. Detections are generated here and stored with the server's bulk writer
// (binary COPY on PGlite, unnest batches on PostgreSQL), the same path processing results take, so its
// timing is the write path's. Uses DATA_DIR / DATABASE_URL like the server; stop a PGlite server first
// (PGlite allows one process per data dir).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Database } from '../server/db/connect';
import { ACTION_CLASSES } from '../domain/constants';
import { bumpAnnotationVersion } from '../server/repositories/annotation-version';
import { insertDetections } from '../server/repositories/detection-bulk';
import type { NewDetection } from '../server/repositories/new-detection';

export interface SeedOptions {
  videoId: number;
  minutes?: number;
  fps?: number;
  tracks?: number;
  keypoints?: boolean;
  frameCount?: number;
}

// Keypoints relative to the box centre as fractions of the box width/height (a standing person).
const KP_TEMPLATE: ReadonlyArray<readonly [number, number]> = [
  [0, -0.4],
  [-0.05, -0.43],
  [0.05, -0.43],
  [-0.1, -0.4],
  [0.1, -0.4],
  [-0.2, -0.25],
  [0.2, -0.25],
  [-0.28, -0.05],
  [0.28, -0.05],
  [-0.3, 0.1],
  [0.3, 0.1],
  [-0.12, 0.05],
  [0.12, 0.05],
  [-0.13, 0.25],
  [0.13, 0.25],
  [-0.14, 0.45],
  [0.14, 0.45],
];

/** 17 × [x, y, score] around the box centre (cx, cy) of size (w, h); the wrists swing with the frame. */
function keypointsAt(cx: number, cy: number, w: number, h: number, f: number): number[] {
  const out: number[] = [];
  KP_TEMPLATE.forEach(([dx, dy], i) => {
    const swing = i === 9 || i === 10 ? 0.05 * Math.sin(f * 0.2) * h : 0;
    out.push(cx + dx * w, cy + dy * h + swing, 0.9);
  });
  return out;
}

/** Frames [from, to) of track t: each track walks its own smooth path, sizes differ so boxes are told apart. */
function trackRows(t: number, from: number, to: number, keypoints: boolean): NewDetection[] {
  const rows: NewDetection[] = [];
  const w = 0.05 + 0.003 * (t % 10);
  const h = 0.25 + 0.005 * (t % 10);
  for (let f = from; f < to; f++) {
    const cx = 0.1 + 0.8 * (0.5 + 0.5 * Math.sin(f * 0.004 + t * 1.7));
    const cy = 0.2 + 0.6 * (0.5 + 0.5 * Math.sin(f * 0.003 + t * 0.9));
    rows.push({
      trackId: t,
      frame: f,
      x1: cx - w / 2,
      y1: cy - h / 2,
      x2: cx + w / 2,
      y2: cy + h / 2,
      confidence: 0.6 + 0.39 * (0.5 + 0.5 * Math.sin(f * 0.05 + t)),
      keypoints: keypoints ? keypointsAt(cx, cy, w, h, f) : null,
      source: 'ai',
    });
  }
  return rows;
}

/** Frames generated and written per call, so a million rows never sit in memory at once. */
const SEED_CHUNK_FRAMES = 50_000;

/** `writeMs`: the time spent storing detections, without making the synthetic rows (what a processing result would pay). */
export async function seedAnnotations(
  database: Database,
  opts: SeedOptions,
): Promise<{ detections: number; segments: number; writeMs: number }> {
  const fps = opts.fps ?? 30;
  const frames = opts.frameCount ?? Math.round((opts.minutes ?? 30) * 60 * fps);
  const tracks = opts.tracks ?? 20;
  const { sql, db } = database;
  await sql.query('delete from detections where video_id = $1', [opts.videoId]);
  await sql.query('delete from action_segments where video_id = $1', [opts.videoId]);
  let writeMs = 0;
  for (let t = 1; t <= tracks; t++) {
    for (let f = 0; f < frames; f += SEED_CHUNK_FRAMES) {
      const rows = trackRows(t, f, Math.min(frames, f + SEED_CHUNK_FRAMES), opts.keypoints !== false);
      const w0 = performance.now();
      await db.transaction((tx) => insertDetections(tx, opts.videoId, rows));
      writeMs += performance.now() - w0;
    }
  }
  const durationS = frames / fps;
  const classes = ACTION_CLASSES.map((c) => `'${c}'`).join(',');
  const segs = await sql.query<{ n: number }>(
    `
    with ins as (
      insert into action_segments (video_id, track_id, action_class, start_time, end_time, confidence, human_verified)
      select $1, t, (array[${classes}])[1 + ((k + t) % ${ACTION_CLASSES.length})],
             k * 30 + (t % 7), least(k * 30 + (t % 7) + 3 + (k + t) % 8, $3::float8), 0.5 + ((k * 7 + t) % 5) * 0.1, false
      from generate_series(1, $2::int) as t, generate_series(0, floor($3::float8 / 30)::int) as k
      where k * 30 + (t % 7) + 0.1 < $3::float8
      returning 1)
    select count(*)::int as n from ins`,
    [opts.videoId, tracks, durationS],
  );
  await bumpAnnotationVersion(db, opts.videoId);
  return { detections: frames * tracks, segments: Number(segs.rows[0]?.n ?? 0), writeMs };
}

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function main() {
  const videoId = Number(arg('video'));
  if (!Number.isInteger(videoId) || videoId <= 0) {
    console.error(
      'usage: tsx scripts/seed-annotations.ts --video <id> [--minutes 30] [--fps 30] [--tracks 20] [--no-keypoints]',
    );
    process.exit(2);
  }
  const { loadConfig } = await import('../server/config');
  const { connectDatabase } = await import('../server/db/connect');
  const config = loadConfig();
  const database = await connectDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'db'),
  });
  const found = await database.sql.query('select id from videos where id = $1', [videoId]);
  if (!found.rows.length) {
    console.error(
      `Video ${videoId} not found in ${config.databaseUrl ? 'DATABASE_URL' : path.join(config.dataDir, 'db')}`,
    );
    await database.close();
    process.exit(1);
  }
  const started = Date.now();
  const res = await seedAnnotations(database, {
    videoId,
    minutes: Number(arg('minutes') ?? 30),
    fps: Number(arg('fps') ?? 30),
    tracks: Number(arg('tracks') ?? 20),
    keypoints: !process.argv.includes('--no-keypoints'),
  });
  console.log(
    `Seeded video ${videoId}: ${res.detections} detections, ${res.segments} segments in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  await database.close();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
