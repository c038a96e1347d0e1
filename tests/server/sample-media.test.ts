// The real-people sample clip must be made by the npm ffmpeg 4.1 build (what a machine without a system
// ffmpeg runs), and a clip left by an older recipe must be re-made rather than reused.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { afterAll, describe, expect, test } from 'vitest';
import { createMediaService } from '../../server/media/media-service';
import { ensurePeopleClip, PEOPLE_CLIP } from '../../server/services/sample-media';

const require = createRequire(import.meta.url);
const npm = createMediaService({
  ffmpegPath: (require('@ffmpeg-installer/ffmpeg') as { path: string }).path,
  ffprobePath: (require('@ffprobe-installer/ffprobe') as { path: string }).path,
});
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vat-sample-media-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the real-people clip', () => {
  test('is made by the npm ffmpeg 4.1 build: 8 s of 1280x720 at 30 fps', async () => {
    const clip = await ensurePeopleClip(npm.ffmpegPath, path.join(dir, 'fresh'));
    expect(path.basename(clip)).toBe(PEOPLE_CLIP);
    expect(await npm.probe(clip)).toMatchObject({ width: 1280, height: 720, fps: 30, totalFrames: 240 });
  }, 120_000);

  test('left behind by an older recipe is re-made, and then reused while the recipe stays the same', async () => {
    const out = path.join(dir, 'stale');
    fs.mkdirSync(out, { recursive: true });
    fs.writeFileSync(path.join(out, PEOPLE_CLIP), 'made by an old recipe');
    const clip = await ensurePeopleClip(npm.ffmpegPath, out);
    expect(await npm.probe(clip)).toMatchObject({ width: 1280, height: 720, totalFrames: 240 });
    const made = fs.statSync(clip).mtimeMs;
    await ensurePeopleClip(npm.ffmpegPath, out);
    expect(fs.statSync(clip).mtimeMs).toBe(made);
  }, 120_000);

  test('two makers of the same clip at once both get a whole clip (test files share the clip folder)', async () => {
    const out = path.join(dir, 'together');
    const [a, b] = await Promise.all([ensurePeopleClip(npm.ffmpegPath, out), ensurePeopleClip(npm.ffmpegPath, out)]);
    expect(a).toBe(b);
    expect(await npm.probe(a)).toMatchObject({ width: 1280, height: 720, totalFrames: 240 });
    expect(fs.readdirSync(out).filter((f) => f.includes('.part'))).toEqual([]);
  }, 180_000);
});
