// Shared pieces of the Annotate benchmarks: a generated clip, a seeded server, Chromium.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { createMediaService } from '../server/media/media-service';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--autoplay-policy=no-user-gesture-required',
];

/** Hard links of a clip under other names (video paths are unique in the library). */
export function linkClip(file: string, names: string[]): string[] {
  return names.map((n) => {
    const p = path.join(path.dirname(file), n);
    fs.linkSync(file, p);
    return p;
  });
}

/** A 640×360 30 fps clip of `seconds` (ffmpeg testsrc2) in a temp source root. */
export function makeClip(seconds: number): { root: string; file: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'vat-bench-src-'));
  const file = path.join(root, `bench_${seconds}s.mp4`);
  const { ffmpegPath } = createMediaService({
    ffmpegPath: process.env.FFMPEG_PATH,
    ffprobePath: process.env.FFPROBE_PATH,
  });
  execFileSync(ffmpegPath, [
    '-y',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=s=640x360:r=30:d=${seconds}`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-g',
    '30',
    '-movflags',
    '+faststart',
    file,
  ]);
  return { root, file };
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};
export const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
