// Inputs for bench/processing.ts made from the sample library's people clip (four people), cached in
// .cache/processing-test-clips/: one person (a still of the leftmost person), sixteen people (the clip
// tiled 2 × 2), and a 30-minute input (the clip looped at 1 frame per second, 640 × 360) for the memory check;
// and the eval's street composite (eight small people, 768 × 576, 10 fps, bench/eval/street-clip.ts).
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { buildClip } from './eval/fixtures';
import { STREET_OUTPUT, streetRecipe } from './eval/street-clip';

const run = promisify(execFile);

/** 12 s, 768 × 576, 10 fps: the eval's street composite, built (or found) in its cache. */
export async function streetClip(ffmpeg: string): Promise<string> {
  return (await buildClip(ffmpeg, streetRecipe(), STREET_OUTPUT)).file;
}

async function make(ffmpeg: string, out: string, args: string[]): Promise<string> {
  if (fs.existsSync(out)) return out;
  const part = `${out}.part.mp4`;
  await run(
    ffmpeg,
    ['-v', 'error', '-y', ...args, '-an', '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', part],
    { maxBuffer: 1 << 24 },
  );
  fs.renameSync(part, out);
  return out;
}

/** 8 s, 1280 × 720, 30 fps: the leftmost person of the clip's first frame, alone, on black. */
export function onePersonClip(ffmpeg: string, people: string, dir: string): Promise<string> {
  return make(ffmpeg, path.join(dir, 'one_person_1280x720_30fps_8s.mp4'), [
    '-i',
    people,
    '-vf',
    'trim=end_frame=1,crop=300:720:60:0,pad=1280:720:490:0:black,loop=loop=239:size=1:start=0,setpts=N/30/TB',
    '-r',
    '30',
    '-frames:v',
    '240',
  ]);
}

/** 8 s, 1280 × 720, 30 fps: the people clip tiled 2 × 2 (sixteen people, each half as tall). */
export function sixteenPeopleClip(ffmpeg: string, people: string, dir: string): Promise<string> {
  return make(ffmpeg, path.join(dir, 'sixteen_people_1280x720_30fps_8s.mp4'), [
    '-i',
    people,
    '-filter_complex',
    '[0:v]scale=640:360,split=4[a][b][c][d];[a][b]hstack[t];[c][d]hstack[u];[t][u]vstack',
    '-r',
    '30',
  ]);
}

/** 30 minutes, 640 × 360, 1 fps: the people clip looped (its 8 frames at 1 fps first, then those looped). */
export async function longClip(ffmpeg: string, people: string, dir: string): Promise<string> {
  const short = await make(ffmpeg, path.join(dir, 'people_640x360_1fps_8s.mp4'), [
    '-i',
    people,
    '-vf',
    'fps=1,scale=640:360',
    '-r',
    '1',
  ]);
  return make(ffmpeg, path.join(dir, 'people_loop_640x360_1fps_30min.mp4'), [
    '-stream_loop',
    '-1',
    '-i',
    short,
    '-t',
    '1800',
    '-r',
    '1',
  ]);
}
