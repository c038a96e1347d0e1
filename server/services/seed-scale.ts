// Fills the database with many video rows for benchmarks. Rows point at symlinks to one real clip
// copied inside the root, so every row is playable, stays under its root, and the disk holds it once.
import fs from 'node:fs';
import path from 'node:path';
import type { Database } from '../db/connect';
import { ensureSource } from './ingest';
import { VIDEO_STATUSES } from '../../domain/constants';

export interface SeedScaleOptions {
  count: number;
  root: string;
  clip?: string;
  batch?: number;
}

export async function seedScale(database: Database, o: SeedScaleOptions): Promise<{ inserted: number; root: string }> {
  const batch = o.batch ?? 20_000;
  fs.mkdirSync(o.root, { recursive: true });
  const shared = path.join(o.root, '_clip.mp4');
  if (o.clip && !fs.existsSync(shared)) fs.copyFileSync(o.clip, shared);
  await ensureSource(database.db, o.root, 'Scale test');
  const {
    rows: [{ n }],
  } = await database.sql.query<{ n: number }>('select count(*)::int as n from videos where source_root = $1', [o.root]);
  const start = Number(n);
  const statuses = VIDEO_STATUSES.filter((s) => s !== 'processing');
  for (let from = start; from < start + o.count; from += batch) {
    const to = Math.min(start + o.count, from + batch) - 1;
    if (o.clip) {
      for (let i = from; i <= to; i++) {
        const dir = path.join(o.root, `batch${String(i % 100).padStart(2, '0')}`);
        if (i < from + 100) fs.mkdirSync(dir, { recursive: true });
        const f = path.join(dir, `scale_${String(i).padStart(6, '0')}.mp4`);
        if (!fs.existsSync(f)) fs.symlinkSync('../_clip.mp4', f);
      }
    }
    // generate_series keeps the insert in the database: 20,000 rows per statement.
    await database.sql.query(
      `insert into videos (filename, path, rel_path, source_root, size_bytes, duration, width, height, fps, fps_num, fps_den,
                           total_frames, processing_status, assigned_to_id, assigned_to_name)
       select f, $1 || '/' || rel, rel, $1, 1000, 5 + (g % 55), 1280, 720, 30, 30, 1, (5 + (g % 55)) * 30,
              ($4::text[])[1 + (g % array_length($4::text[], 1))],
              case when g % 3 = 0 then 'worker' || (g % 10) end,
              case when g % 3 = 0 then 'Worker ' || (g % 10) end
         from (select g, 'scale_' || lpad(g::text, 6, '0') || '.mp4' as f,
                      'batch' || lpad((g % 100)::text, 2, '0') || '/scale_' || lpad(g::text, 6, '0') || '.mp4' as rel
                 from generate_series($2::int, $3::int) g) s
       on conflict (path) do nothing`,
      [o.root, from, to, statuses],
    );
  }
  await database.sql.query('analyze videos');
  return { inserted: o.count, root: o.root };
}
