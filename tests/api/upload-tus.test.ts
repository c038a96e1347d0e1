// /uploads/tus: resumable uploads through the tus 1.0 protocol end in the same library row as a
// multipart upload; refused ones leave nothing.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { as, makeTestApp, type TestApp } from '../helpers/test-app';
import { makeClip } from '../helpers/fixtures';

let t: TestApp;
let clip: Buffer;
const TUS = { 'tus-resumable': '1.0.0' };
const listDir = (d: string) => (fs.existsSync(d) ? fs.readdirSync(d).sort() : []);
const meta = (name: string) => `filename ${Buffer.from(name, 'utf8').toString('base64')}`;
const videoCount = async () =>
  (await t.database.sql.query<{ n: number }>('select count(*)::int as n from videos')).rows[0].n;

const create = (name: string, length: number, who: string | null = 'ann1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/uploads/tus',
    headers: { ...TUS, 'upload-length': String(length), 'upload-metadata': meta(name), ...(who ? as(who) : {}) },
  });
const patch = (location: string, offset: number, body: Buffer) =>
  t.app.inject({
    method: 'PATCH',
    url: location,
    payload: body,
    headers: {
      ...TUS,
      ...as('ann1'),
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    },
  });

beforeAll(async () => {
  t = await makeTestApp({ env: { VAT_MAX_UPLOAD_MB: '1' } });
  clip = fs.readFileSync(makeClip(t.deps.media.ffmpegPath, path.join(t.dataDir, 'src', 'clip.mp4'), { seconds: 1 }));
});
afterAll(() => t.close());

test('a guest cannot start an upload', async () => {
  expect((await create('clip.mp4', clip.length, null)).statusCode).toBe(401);
});

test('an upload sent in two parts, with the offset asked for in between, becomes a pending library video', async () => {
  const c = await create('résumé clip.mp4', clip.length);
  expect(c.statusCode).toBe(201);
  const location = c.headers.location as string;
  expect(location).toMatch(/^\/api\/v1\/uploads\/tus\/[\w-]+$/);
  const half = Math.floor(clip.length / 2);
  const first = await patch(location, 0, clip.subarray(0, half));
  expect(first.statusCode).toBe(204);
  expect(first.headers['upload-offset']).toBe(String(half));
  // as a client that lost the connection would: ask where to go on
  const head = await t.app.inject({ method: 'HEAD', url: location, headers: { ...TUS, ...as('ann1') } });
  expect(head.headers['upload-offset']).toBe(String(half));
  const last = await patch(location, half, clip.subarray(half));
  expect(last.statusCode).toBe(200);
  const v = last.json();
  expect(v).toMatchObject({
    filename: 'résumé clip.mp4',
    processing_status: 'pending',
    size_bytes: clip.length,
    source_root: path.join(t.dataDir, 'uploads'),
  });
  expect((await t.app.inject({ url: `/api/v1/videos/${v.id}` })).json()).toEqual(v);
  expect(fs.readFileSync(v.path).equals(clip)).toBe(true);
  expect(listDir(path.join(t.dataDir, 'tmp', 'tus'))).toEqual([]);
});

test('a declared length over the limit (413) or a name that is not a video (415) is refused at creation', async () => {
  const big = await create('big.mp4', 2 * 1024 * 1024);
  expect(big.statusCode).toBe(413);
  const txt = await create('notes.txt', 10);
  expect(txt.statusCode).toBe(415);
  expect(JSON.parse(txt.body).detail).toContain('notes.txt is not a supported video file');
  expect(listDir(path.join(t.dataDir, 'tmp', 'tus'))).toEqual([]);
});

test('finished content that is not a video is refused with the reason, leaving no file and no row', async () => {
  const rows = await videoCount();
  const junk = Buffer.from('not a video '.repeat(100));
  const c = await create('junk.mp4', junk.length);
  const r = await patch(c.headers.location as string, 0, junk);
  expect(r.statusCode).toBe(415);
  expect(JSON.parse(r.body).detail).toMatch(/^junk\.mp4 is not a readable video/);
  expect(listDir(path.join(t.dataDir, 'tmp', 'tus'))).toEqual([]);
  expect(listDir(path.join(t.dataDir, 'uploads')).includes('junk.mp4')).toBe(false);
  expect(await videoCount()).toBe(rows);
});

test('a cancelled upload (DELETE) removes what was sent', async () => {
  const c = await create('cancel.mp4', clip.length);
  const location = c.headers.location as string;
  await patch(location, 0, clip.subarray(0, 100));
  const del = await t.app.inject({ method: 'DELETE', url: location, headers: { ...TUS, ...as('ann1') } });
  expect(del.statusCode).toBe(204);
  expect(listDir(path.join(t.dataDir, 'tmp', 'tus'))).toEqual([]);
});
