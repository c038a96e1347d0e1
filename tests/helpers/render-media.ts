// Helpers of the render tests: clips with audio, stored detections, and frames decoded back to RGB.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import path from 'node:path';
import type { Database } from '../../server/db/connect';
import { detections } from '../../server/db/schema';

const run = promisify(execFile);

/** A testsrc2 clip with a sine audio track. */
export async function makeClipWithAudio(
  ffmpeg: string,
  file: string,
  size: string,
  rate: number,
  seconds: number,
): Promise<string> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await run(ffmpeg, [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=s=${size}:r=${rate}:d=${seconds}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:duration=${seconds}`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    file,
  ]);
  return file;
}

export interface Box {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/** One detection per frame for each track, at the given box (fractions), without keypoints. */
export async function storeTracks(
  database: Database,
  videoId: number,
  frames: number,
  boxes: Record<number, Box>,
): Promise<void> {
  const rows = [];
  for (const [track, b] of Object.entries(boxes)) {
    for (let f = 0; f < frames; f++)
      rows.push({ videoId, trackId: Number(track), frame: f, ...b, confidence: 0.9, source: 'ai' });
  }
  await database.db.insert(detections).values(rows);
}

/** Frame `n` of a file as RGB24 at its own size. */
export async function frameRgb(ffmpeg: string, file: string, n: number, w: number, h: number): Promise<Buffer> {
  const { stdout } = await run(
    ffmpeg,
    [
      '-v',
      'error',
      '-i',
      file,
      '-vf',
      `select=eq(n\\,${n})`,
      '-vsync',
      'passthrough',
      '-frames:v',
      '1',
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgb24',
      'pipe:1',
    ],
    { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
  );
  if (stdout.length !== w * h * 3) throw new Error(`frame ${n}: ${stdout.length} bytes, expected ${w * h * 3}`);
  return stdout;
}

/** Mean absolute difference per channel of two RGB frames over a pixel rectangle. */
export function meanDiff(
  a: Buffer,
  b: Buffer,
  w: number,
  rect: { x: number; y: number; w: number; h: number },
): number {
  let sum = 0,
    n = 0;
  for (let y = rect.y; y < rect.y + rect.h; y++) {
    for (let x = rect.x; x < rect.x + rect.w; x++) {
      const i = (y * w + x) * 3;
      sum += Math.abs(a[i] - b[i]) + Math.abs(a[i + 1] - b[i + 1]) + Math.abs(a[i + 2] - b[i + 2]);
      n += 3;
    }
  }
  return sum / n;
}

export async function probeStreams(ffprobe: string, file: string) {
  const { stdout } = await run(ffprobe, [
    '-v',
    'error',
    '-count_frames',
    '-print_format',
    'json',
    '-show_streams',
    '-show_format',
    file,
  ]);
  const j = JSON.parse(stdout) as { streams: Array<Record<string, string | number>>; format: { duration: string } };
  const v = j.streams.find((s) => s.codec_type === 'video')!;
  const a = j.streams.find((s) => s.codec_type === 'audio');
  return {
    codec: v.codec_name,
    width: Number(v.width),
    height: Number(v.height),
    frames: Number(v.nb_read_frames),
    rate: String(v.r_frame_rate),
    duration: Number(j.format.duration),
    audio: a?.codec_name ?? null,
  };
}
