// Small real media files and rows for API tests.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Database } from '../../server/db/connect';
import { videos } from '../../server/db/schema';

/** Encodes a tiny real clip with ffmpeg (testsrc) and returns its path. */
export function makeClip(
  ffmpeg: string,
  file: string,
  opts: { size?: string; rate?: string; seconds?: number; codec?: 'h264' | 'vp9' } = {},
): string {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const codec =
    opts.codec === 'vp9'
      ? ['-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8']
      : ['-c:v', 'libx264', '-preset', 'ultrafast'];
  execFileSync(ffmpeg, [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=s=${opts.size ?? '160x90'}:r=${opts.rate ?? '30'}:d=${opts.seconds ?? 1}`,
    ...codec,
    '-pix_fmt',
    'yuv420p',
    file,
  ]);
  return file;
}

export interface VideoSeed {
  filename: string;
  path?: string;
  sourceRoot?: string;
  status?: string;
  assignedToId?: string | null;
  assignedToName?: string | null;
  duration?: number;
}

/** Inserts video rows directly (list/filter tests do not need media files). */
export async function insertVideos(database: Database, seeds: VideoSeed[]): Promise<number[]> {
  const rows = await database.db
    .insert(videos)
    .values(
      seeds.map((s) => {
        const root = s.sourceRoot ?? '/media/a';
        const p = s.path ?? `${root}/${s.filename}`;
        return {
          filename: s.filename,
          path: p,
          relPath: path.relative(root, p),
          sourceRoot: root,
          duration: s.duration ?? 10,
          processingStatus: s.status ?? 'pending',
          assignedToId: s.assignedToId ?? null,
          assignedToName: s.assignedToName ?? null,
        };
      }),
    )
    .returning({ id: videos.id });
  return rows.map((r) => r.id);
}
