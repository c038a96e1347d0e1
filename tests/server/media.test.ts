import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { createMediaService, interpretProbe, MediaError, parseRational } from '../../server/media/media-service';
import { makeClip } from '../helpers/fixtures';

const media = createMediaService();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vat-media-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('probing real files', () => {
  test('keeps an exact 30000/1001 frame rate and counts frames', async () => {
    const f = makeClip(media.ffmpegPath, path.join(dir, 'ntsc.mp4'), { rate: '30000/1001', seconds: 2 });
    const p = await media.probe(f);
    expect(p).toMatchObject({ width: 160, height: 90, fpsNum: 30000, fpsDen: 1001, codec: 'h264' });
    expect(p.fps).toBeCloseTo(29.97003, 4);
    expect(p.totalFrames).toBe(60);
  });
  test('reads a VP9 WebM (no nb_frames) and derives frames from duration', async () => {
    const f = makeClip(media.ffmpegPath, path.join(dir, 'v.webm'), {
      rate: '25',
      seconds: 2,
      codec: 'vp9',
      size: '90x160',
    });
    const p = await media.probe(f);
    expect(p).toMatchObject({ width: 90, height: 160, fps: 25, totalFrames: 50, codec: 'vp9' });
  });
  test('an unreadable file is a clear MediaError naming the file', async () => {
    const f = path.join(dir, 'junk.mp4');
    fs.writeFileSync(f, 'junk');
    await expect(media.probe(f)).rejects.toThrow(MediaError);
    await expect(media.probe(f)).rejects.toThrow(/cannot read .*junk\.mp4/);
  });
});

describe('interpreting ffprobe output', () => {
  test('spec defaults (30 fps, 1280x720) only when the file lacks them', () => {
    const p = interpretProbe({
      streams: [{ codec_type: 'video', avg_frame_rate: '0/0', r_frame_rate: '0/0' }],
      format: { duration: '4' },
    });
    expect(p).toMatchObject({ width: 1280, height: 720, fps: 30, totalFrames: 120, duration: 4 });
  });
  test('prefers the real average rate over a timebase-like r_frame_rate', () => {
    const p = interpretProbe({
      streams: [{ codec_type: 'video', width: 10, height: 10, avg_frame_rate: '25/1', r_frame_rate: '1000/1' }],
    });
    expect(p.fps).toBe(25);
  });
  test('a rotated phone clip reports its displayed size', () => {
    const p = interpretProbe({
      streams: [
        { codec_type: 'video', width: 1920, height: 1080, avg_frame_rate: '30/1', side_data_list: [{ rotation: -90 }] },
      ],
    });
    expect([p.width, p.height]).toEqual([1080, 1920]);
  });
  test('no video stream is an error', () => {
    expect(() => interpretProbe({ streams: [{ codec_type: 'audio' }] })).toThrow(/no video stream/);
  });
  test('parseRational', () => {
    expect(parseRational('30000/1001')).toEqual({ num: 30000, den: 1001 });
    expect(parseRational('0/0')).toBeNull();
    expect(parseRational(undefined)).toBeNull();
  });
});
