// The eval's street-camera clips (the street composite, the mosaics of real footage) are encoded at a
// camera's bitrate (bench/eval/camera-encoding.ts). The same frames must always give the same file: the
// figures the eval prints for these clips are compared from run to run and from machine to machine.
import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createMediaService } from '../../server/media/media-service';
import { cameraRateArgs, STREET_CAMERA } from '../../bench/eval/camera-encoding';

const run = promisify(execFile);
const ffmpeg = createMediaService({
  ffmpegPath: process.env.FFMPEG_PATH,
  ffprobePath: process.env.FFPROBE_PATH,
}).ffmpegPath;

describe('a street camera encoding', () => {
  it('gives the same file from the same frames, every time', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vat-camera-'));
    try {
      const hashes: string[] = [];
      // a street camera's frame size and rate, with moving noise so that rate control has work to share out
      for (let i = 0; i < 3; i++) {
        const out = path.join(dir, `clip${i}.mp4`);
        await run(ffmpeg, [
          ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=s=768x576:r=10:d=4.5,noise=alls=30:allf=t'],
          ...['-c:v', 'libx264', '-preset', 'veryfast', ...cameraRateArgs(STREET_CAMERA)],
          ...['-pix_fmt', 'yuv420p', '-g', String(STREET_CAMERA.gop), out],
        ]);
        hashes.push(createHash('sha256').update(fs.readFileSync(out)).digest('hex'));
      }
      expect(new Set(hashes).size).toBe(1);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
