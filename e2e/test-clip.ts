// A test-pattern clip made with the npm ffmpeg build (testsrc2 at 30 fps), for specs that seed their own
// server with a video of a chosen size and length.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { createRequire } from 'node:module';

/** Writes `name` into `dir` (`size` as WxH) and answers its path. */
export function makeTestClip(dir: string, name: string, size: string, seconds: number): string {
  const ffmpeg =
    process.env.FFMPEG_PATH ?? (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  const file = path.join(dir, name);
  execFileSync(ffmpeg, [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=s=${size}:r=30:d=${seconds}`,
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
