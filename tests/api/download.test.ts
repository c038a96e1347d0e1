// GET /videos/{id}/download: by id, full and ranged (206), content type by container, 404 when missing.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../helpers/test-app';
import { videos } from '../../server/db/schema';

let t: TestApp;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await makeTestApp();
  const root = path.join(t.dataDir, 'src');
  fs.mkdirSync(root, { recursive: true });
  const make = (name: string, codecArgs: string[]) =>
    execFileSync(t.deps.media.ffmpegPath, [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=160x120:rate=10:duration=1',
      ...codecArgs,
      path.join(root, name),
    ]);
  make('clip.mp4', ['-c:v', 'libx264', '-pix_fmt', 'yuv420p']);
  make('clip.webm', ['-c:v', 'libvpx-vp9', '-b:v', '100k']);
  // what a street camera or the PETS clips write: MPEG-4 Part 2 in AVI, which no browser plays
  make('camera.avi', ['-c:v', 'mpeg4', '-vtag', 'XVID', '-q:v', '4']);
  fs.copyFileSync(path.join(root, 'clip.mp4'), path.join(root, 'clip.mov'));
  fs.copyFileSync(path.join(root, 'clip.webm'), path.join(root, 'clip.mkv'));
  const add = async (key: string, p: string, sourceRoot = root) => {
    const [r] = await t.database.db
      .insert(videos)
      .values({ filename: path.basename(p), path: p, relPath: path.basename(p), sourceRoot })
      .returning({ id: videos.id });
    ids[key] = r.id;
  };
  await add('mp4', path.join(root, 'clip.mp4'));
  await add('webm', path.join(root, 'clip.webm'));
  await add('mov', path.join(root, 'clip.mov'));
  await add('mkv', path.join(root, 'clip.mkv'));
  await add('avi', path.join(root, 'camera.avi'));
  fs.writeFileSync(path.join(root, 'broken.avi'), Buffer.from('RIFF not a video at all'));
  await add('broken', path.join(root, 'broken.avi'));
  await add('missing', path.join(root, 'gone.mp4'));
  await add('outside', '/etc/passwd', root);
});
afterAll(async () => {
  await t?.close();
});

it('serves the whole file with its video content type', async () => {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/videos/${ids.mp4}/download` });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('video/mp4');
  expect(res.headers['accept-ranges']).toBe('bytes');
  expect(res.rawPayload.length).toBe(fs.statSync(path.join(t.dataDir, 'src', 'clip.mp4')).size);
  expect(res.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp');
});

it('answers a byte range with 206 and Content-Range', async () => {
  const size = fs.statSync(path.join(t.dataDir, 'src', 'clip.mp4')).size;
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/videos/${ids.mp4}/download`,
    headers: { range: 'bytes=4-11' },
  });
  expect(res.statusCode).toBe(206);
  expect(res.headers['content-range']).toBe(`bytes 4-11/${size}`);
  expect(res.rawPayload.toString('latin1')).toBe(
    fs
      .readFileSync(path.join(t.dataDir, 'src', 'clip.mp4'))
      .subarray(4, 12)
      .toString('latin1'),
  );
});

it('refuses an unsatisfiable range with 416', async () => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/videos/${ids.mp4}/download`,
    headers: { range: 'bytes=99999999-' },
  });
  expect(res.statusCode).toBe(416);
});

it('labels webm, mov and mkv correctly', async () => {
  const type = async (k: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/v1/videos/${ids[k]}/download` })).headers['content-type'];
  expect(await type('webm')).toBe('video/webm');
  expect(await type('mov')).toBe('video/quicktime');
  expect(await type('mkv')).toBe('video/x-matroska');
});

it('answers 404 with a detail when the file is gone, the id is unknown or the path escapes its source', async () => {
  for (const url of [
    `/api/v1/videos/${ids.missing}/download`,
    '/api/v1/videos/987654/download',
    `/api/v1/videos/${ids.outside}/download`,
  ]) {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBeTruthy();
  }
  expect((await t.app.inject({ method: 'GET', url: '/api/v1/videos/..%2F..%2Fetc/download' })).statusCode).toBe(400);
});

/** Codec, frame count and timestamps of a video's frames (ffprobe). */
function framesOf(file: string): { codec: string; times: string[] } {
  const out = execFileSync(t.deps.media.ffprobePath, [
    ...['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=codec_name:frame=best_effort_timestamp_time'],
    ...['-of', 'json', file],
  ]).toString();
  const j = JSON.parse(out) as {
    streams: Array<{ codec_name: string }>;
    frames: Array<{ best_effort_timestamp_time: string }>;
  };
  return {
    codec: j.streams[0].codec_name,
    times: j.frames.map((f) => Number(f.best_effort_timestamp_time).toFixed(3)),
  };
}

it('plays a file the browser cannot from an H.264 copy with the same frames, and downloads the file itself', async () => {
  const avi = path.join(t.dataDir, 'src', 'camera.avi');
  const original = await t.app.inject({ method: 'GET', url: `/api/v1/videos/${ids.avi}/download` });
  expect(original.headers['content-type']).toBe('video/x-msvideo');
  expect(original.rawPayload.length).toBe(fs.statSync(avi).size);
  const played = await t.app.inject({ method: 'GET', url: `/api/v1/videos/${ids.avi}/download?playback=1` });
  expect(played.statusCode).toBe(200);
  expect(played.headers['content-type']).toBe('video/mp4');
  const copy = path.join(t.dataDir, 'played.mp4');
  fs.writeFileSync(copy, played.rawPayload);
  const [a, b] = [framesOf(avi), framesOf(copy)];
  expect(b.codec).toBe('h264');
  // frame N of the copy is frame N of the file the pipeline analysed
  expect(b.times).toEqual(a.times);
  expect(b.times).toHaveLength(10);
  expect(b.times.slice(0, 3)).toEqual(['0.000', '0.100', '0.200']);
  // seeking in the copy: a range answers 206
  const ranged = await t.app.inject({
    method: 'GET',
    url: `/api/v1/videos/${ids.avi}/download?playback=1`,
    headers: { range: 'bytes=0-99' },
  });
  expect(ranged.statusCode).toBe(206);
  expect(ranged.rawPayload.length).toBe(100);
});

it('plays a file the browser can as it is, and refuses any other playback value', async () => {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/videos/${ids.mp4}/download?playback=1` });
  expect(res.headers['content-type']).toBe('video/mp4');
  expect(res.rawPayload.length).toBe(fs.statSync(path.join(t.dataDir, 'src', 'clip.mp4')).size);
  const bad = await t.app.inject({ method: 'GET', url: `/api/v1/videos/${ids.mp4}/download?playback=../x` });
  expect(bad.statusCode).toBe(400);
  expect(bad.json().detail).toBeTruthy();
});

it('sends a file ffmpeg cannot read as it is for playback, rather than failing the request', async () => {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/videos/${ids.broken}/download?playback=1` });
  expect(res.statusCode).toBe(200);
  expect(res.rawPayload.toString()).toBe('RIFF not a video at all');
});
