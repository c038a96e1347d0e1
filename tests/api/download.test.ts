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
