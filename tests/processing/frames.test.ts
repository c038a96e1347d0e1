// Frame numbers of analysed frames must be the true 0-based frame index at the video's fps: checked on a
// clip whose frames carry their own number as a barcode (bit i = column i of a strip at the top).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createMediaService } from '../../server/media/media-service';
import { COUNTER_BITS, COUNTER_STRIP_FRACTION, SAMPLE_CLIPS } from '../../server/services/sample-media';
import { analysisGeometry, decodeFrames } from '../../server/processing/frames';

const run = promisify(execFile);
const media = createMediaService({ ffmpegPath: process.env.FFMPEG_PATH, ffprobePath: process.env.FFPROBE_PATH });
let dir: string;
let clip: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vat-frames-'));
  const spec = SAMPLE_CLIPS.find((c) => c.file.startsWith('counter_'))!;
  clip = path.join(dir, spec.file);
  await run(media.ffmpegPath, ['-v', 'error', '-y', ...spec.args(media.ffmpegPath), '-t', '4', clip]);
}, 120_000);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Reads the frame number back from the barcode strip of an RGB frame. */
function barcode(rgb: Uint8Array, width: number, scaledW: number, scaledH: number): number {
  const y = Math.floor((scaledH * COUNTER_STRIP_FRACTION) / 2);
  let n = 0;
  for (let bit = 0; bit < COUNTER_BITS; bit++) {
    const x = Math.floor(((bit + 0.5) * scaledW) / COUNTER_BITS);
    const i = (y * width + x) * 3;
    if ((rgb[i] + rgb[i + 1] + rgb[i + 2]) / 3 > 128) n |= 1 << bit;
  }
  return n;
}

describe('ffmpeg frame decoding for analysis', () => {
  for (const stride of [1, 4]) {
    it(`yields frames 0, ${stride}, ${2 * stride}, … whose pixels are those frames (stride ${stride})`, async () => {
      const g = analysisGeometry(640, 360, 256);
      const seen: number[] = [];
      for await (const f of decodeFrames(media.ffmpegPath, clip, g, stride)) {
        expect(f.rgb).toHaveLength(g.inputW * g.inputH * 3);
        expect(barcode(f.rgb, g.inputW, g.scaledW, g.scaledH)).toBe(f.frame);
        seen.push(f.frame);
      }
      expect(seen).toEqual(Array.from({ length: Math.ceil(120 / stride) }, (_, i) => i * stride));
    }, 60_000);
  }

  it('a cancel that came before decoding yields no frame and stops', async () => {
    const cancelled = AbortSignal.abort();
    const seen: number[] = [];
    const decode = async () => {
      for await (const f of decodeFrames(media.ffmpegPath, clip, analysisGeometry(640, 360, 256), 1, cancelled))
        seen.push(f.frame);
    };
    await expect(decode()).rejects.toThrow('stopped');
    expect(seen).toEqual([]);
  });

  it("fails with ffmpeg's reason for a file that is not a video", async () => {
    const bad = path.join(dir, 'not-a-video.mp4');
    fs.writeFileSync(bad, 'hello');
    const frames = decodeFrames(media.ffmpegPath, bad, analysisGeometry(640, 360, 256), 1);
    await expect(frames.next()).rejects.toThrow(/ffmpeg could not decode the video: .*Invalid data/);
  });
});
