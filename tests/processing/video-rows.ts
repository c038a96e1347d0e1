// Test helpers: real clips made with ffmpeg and video rows inserted from their real probe.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import type { Database } from '../../server/db/connect';
import { processingLog, videos } from '../../server/db/schema';
import type { MediaService } from '../../server/media/media-service';

const run = promisify(execFile);
/** Shared model cache so the weights are fetched once for every test run (.cache/ is gitignored). */
export const TEST_MODELS_DIR = path.resolve('.cache/models');

export async function makeClip(
  media: MediaService,
  file: string,
  lavfi = 'testsrc2=s=320x240:r=30:d=1',
): Promise<string> {
  await run(media.ffmpegPath, [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    lavfi,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    file,
  ]);
  return file;
}

/** A file that looks like a video by name but holds garbage after a few valid-looking bytes. */
export function makeCorruptClip(file: string): string {
  fs.writeFileSync(file, Buffer.concat([Buffer.from('\x00\x00\x00\x18ftypmp42'), Buffer.alloc(50_000, 7)]));
  return file;
}

export async function insertVideo(
  database: Database,
  media: MediaService | null,
  file: string,
  status = 'pending',
  extra: Partial<typeof videos.$inferInsert> = {},
): Promise<number> {
  const p = media ? await media.probe(file).catch(() => null) : null;
  const [row] = await database.db
    .insert(videos)
    .values({
      filename: path.basename(file),
      path: file,
      relPath: path.basename(file),
      sourceRoot: path.dirname(file),
      duration: p?.duration ?? 2,
      width: p?.width ?? 1280,
      height: p?.height ?? 720,
      fps: p?.fps ?? 30,
      totalFrames: p?.totalFrames ?? 60,
      processingStatus: status,
      ...extra,
    })
    .returning({ id: videos.id });
  return row.id;
}

export async function logOf(database: Database, videoId: number): Promise<string[]> {
  const rows = await database.db
    .select({ line: processingLog.line })
    .from(processingLog)
    .where(eq(processingLog.videoId, videoId))
    .orderBy(processingLog.id);
  return rows.map((r) => r.line);
}

export async function statusOf(database: Database, videoId: number) {
  const [v] = await database.db.select().from(videos).where(eq(videos.id, videoId));
  return v;
}

/** Polls until `check` is true (jobs run in the background); fails with `what` after `ms`. */
export async function waitFor(check: () => Promise<boolean>, what: string, ms = 120_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for ${what}`);
}
