// POST /videos/upload: streamed to temp_root, probed, placed in upload_root under a safe unique name,
// ingested into the 'Uploads' source; a refused or broken upload leaves no file and no row.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { as, makeTestApp, type TestApp } from '../helpers/test-app';
import { makeClip } from '../helpers/fixtures';
import { multipartFile } from '../helpers/multipart';

let t: TestApp;
let clip: Buffer;
const uploads = () => path.join(t.dataDir, 'uploads');
const temp = () => path.join(t.dataDir, 'tmp');
const listDir = (d: string) => (fs.existsSync(d) ? fs.readdirSync(d).sort() : []);
const videoCount = async (tt: TestApp) =>
  (await tt.database.sql.query<{ n: number }>('select count(*)::int as n from videos')).rows[0].n;

const upload = (tt: TestApp, name: string, content: Buffer, who: string | null = 'ann1', field?: string) => {
  const { payload, headers } = multipartFile(name, content, { field });
  return tt.app.inject({
    method: 'POST',
    url: '/api/v1/videos/upload',
    payload,
    headers: { ...headers, ...(who ? as(who) : {}) },
  });
};

beforeAll(async () => {
  t = await makeTestApp({ env: { VAT_MAX_UPLOAD_MB: '1' } });
  clip = fs.readFileSync(makeClip(t.deps.media.ffmpegPath, path.join(t.dataDir, 'src', 'clip.mp4'), { seconds: 1 }));
});
afterAll(() => t.close());

describe('upload', () => {
  test('a guest is refused before anything is stored', async () => {
    const r = await upload(t, 'clip.mp4', clip, null);
    expect(r.statusCode).toBe(401);
    expect(listDir(uploads())).toEqual([]);
  });

  test('an annotator uploads a clip: 201 with the new video, the file in upload_root, the Uploads source, nothing in temp', async () => {
    const r = await upload(t, 'clip.mp4', clip);
    expect(r.statusCode).toBe(201);
    const v = r.json();
    expect(v).toMatchObject({
      filename: 'clip.mp4',
      rel_path: 'clip.mp4',
      source_root: uploads(),
      processing_status: 'pending',
      size_bytes: clip.length,
      width: 160,
      height: 90,
    });
    expect(v.total_frames).toBe(30);
    expect(fs.readFileSync(path.join(uploads(), 'clip.mp4')).equals(clip)).toBe(true);
    expect(listDir(temp())).toEqual([]);
    const same = await t.app.inject({ method: 'GET', url: `/api/v1/videos/${v.id}` });
    expect(same.json()).toEqual(v);
    const { rows } = await t.database.sql.query<{ label: string; enabled: boolean }>(
      'select label, enabled from sources where root = $1',
      [uploads()],
    );
    expect(rows).toEqual([{ label: 'Uploads', enabled: true }]);
  });

  test('the same name again gets a unique name, and the first file is untouched', async () => {
    const r = await upload(t, 'clip.mp4', clip);
    expect(r.statusCode).toBe(201);
    expect(r.json().filename).toBe('clip (1).mp4');
    expect(listDir(uploads())).toEqual(['clip (1).mp4', 'clip.mp4']);
  });

  test.each([
    ['../../escape.mp4', 'escape.mp4'],
    ['..\\..\\windows.mp4', 'windows.mp4'],
    ['/etc/cron.d/abs.mp4', 'abs.mp4'],
    ['..mp4', 'upload.mp4'],
    ['Café 東京 ünï.mp4', 'Café 東京 ünï.mp4'],
    ['a<b>:c|d?.MP4', 'a_b__c_d_.mp4'],
  ])('the client name %j is stored as %j inside upload_root', async (sent, stored) => {
    // the data dir's parent is shared (the system's temp dir): what matters is that nothing new lands there
    const beside = path.dirname(t.dataDir);
    const videosBeside = () =>
      listDir(beside)
        .filter((f) => f.endsWith('.mp4'))
        .map((f) => `${f} ${fs.statSync(path.join(beside, f)).mtimeMs}`);
    const before = videosBeside();
    const r = await upload(t, sent, clip);
    expect(r.statusCode).toBe(201);
    expect(r.json().filename).toBe(stored);
    expect(r.json().path).toBe(path.join(uploads(), stored));
    expect(fs.existsSync(path.join(uploads(), stored))).toBe(true);
    expect(videosBeside()).toEqual(before);
  });

  test('content that is not a video is refused with 415 and leaves nothing behind', async () => {
    const before = listDir(uploads());
    const rows = await videoCount(t);
    const r = await upload(t, 'fake.mp4', Buffer.from('this is not a video '.repeat(500)));
    expect(r.statusCode).toBe(415);
    expect(r.json().detail).toMatch(/^fake\.mp4 is not a readable video/);
    expect(r.json().detail).not.toContain(t.dataDir);
    expect(listDir(uploads())).toEqual(before);
    expect(listDir(temp())).toEqual([]);
    expect(await videoCount(t)).toBe(rows);
  });

  test('a name without a video extension is refused with 415', async () => {
    const r = await upload(t, 'notes.txt', clip);
    expect(r.statusCode).toBe(415);
    expect(r.json().detail).toContain('notes.txt is not a supported video file');
  });

  test('a file whose declared size is over VAT_MAX_UPLOAD_MB is refused with 413 before it is read, nothing left behind', async () => {
    const before = listDir(uploads());
    const rows = await videoCount(t);
    const r = await upload(t, 'big.mp4', Buffer.concat([clip, Buffer.alloc(2 * 1024 * 1024, 7)]));
    expect(r.statusCode).toBe(413);
    expect(r.json().detail).toBe('File is larger than the upload limit of 1 MB');
    expect(listDir(uploads())).toEqual(before);
    expect(listDir(temp())).toEqual([]);
    expect(await videoCount(t)).toBe(rows);
  });

  test('a body that is not multipart, or a file under another field name, is a 400', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/v1/videos/upload',
      payload: { file: 'x' },
      headers: as('ann1'),
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().detail).toMatch(/multipart/);
    const other = await upload(t, 'clip.mp4', clip, 'ann1', 'video');
    expect(other.statusCode).toBe(400);
    expect(other.json().detail).toContain('Unexpected field "video"');
  });
});

describe('over a real socket', () => {
  let s: TestApp;
  beforeAll(async () => {
    s = await makeTestApp({ env: { VAT_MAX_UPLOAD_MB: '16' } });
    await s.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => s.close());

  test('an aborted upload leaves no temporary file, no file in upload_root and no row', async () => {
    const { port } = s.app.server.address() as AddressInfo;
    const { payload, headers } = multipartFile('aborted.mp4', Buffer.alloc(8 * 1024 * 1024, 1));
    const tempDir = path.join(s.dataDir, 'tmp');
    const req = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/v1/videos/upload',
      headers: { ...headers, ...as('ann1'), 'content-length': String(payload.length) },
    });
    req.on('error', () => undefined); // the socket is destroyed on purpose
    req.write(payload.subarray(0, 2 * 1024 * 1024));
    // wait until the server is streaming into its temporary file, then cut the connection
    while (!listDir(tempDir).some((f) => f.endsWith('.part'))) await new Promise((r) => setTimeout(r, 10));
    req.destroy();
    while (listDir(tempDir).length > 0) await new Promise((r) => setTimeout(r, 10));
    expect(listDir(path.join(s.dataDir, 'uploads'))).toEqual([]);
    expect(await videoCount(s)).toBe(0);
    const { rows } = await s.database.sql.query('select count(*)::int as n from processing_log');
    expect(rows).toEqual([{ n: 0 }]);
    // the server still answers
    const ok = await fetch(`http://127.0.0.1:${port}/api/v1/videos/?limit=1&skip=0`);
    expect(ok.status).toBe(200);
  });

  test('a body without a declared size is cut off at the limit while it streams: 413 before the rest is sent', async () => {
    const { port } = s.app.server.address() as AddressInfo;
    const { payload, headers } = multipartFile('stream.mp4', Buffer.concat([clip, Buffer.alloc(64 * 1024 * 1024, 0)]));
    let written = 0;
    const answer = await new Promise<{ status: number; body: string; writtenAtAnswer: number }>((resolve, reject) => {
      let answered = false;
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/v1/videos/upload',
          headers: { ...headers, ...as('ann1'), 'transfer-encoding': 'chunked' },
        },
        (res) => {
          answered = true;
          const writtenAtAnswer = written;
          let body = '';
          res.on('data', (c) => {
            body += c;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body, writtenAtAnswer }));
        },
      );
      req.on('error', (e) => {
        if (!answered) reject(e);
      }); // the server closes the connection after its answer
      const pump = () => {
        while (written < payload.length) {
          const chunk = payload.subarray(written, written + 256 * 1024);
          written += chunk.length;
          if (!req.write(chunk)) {
            req.once('drain', pump);
            return;
          }
        }
        req.end();
      };
      pump();
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).detail).toBe('File is larger than the upload limit of 16 MB');
    expect(answer.writtenAtAnswer).toBeLessThan(payload.length);
    while (listDir(path.join(s.dataDir, 'tmp')).length > 0) await new Promise((r) => setTimeout(r, 10));
    expect(listDir(path.join(s.dataDir, 'uploads'))).toEqual([]);
    expect(await videoCount(s)).toBe(0);
  });

  // A client busy sending may read its answer only after the last byte: the refusal must still be
  // there, not lost to a connection reset.
  test.each([
    ['with a declared size over the limit', false],
    ['streamed without a declared size', true],
  ])('a client that reads only after sending its whole body still gets the 413 (%s)', async (_, chunked) => {
    const { port } = s.app.server.address() as AddressInfo;
    const { payload, headers } = multipartFile('late.mp4', Buffer.concat([clip, Buffer.alloc(24 * 1024 * 1024, 0)]));
    const framing = chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(payload.length) };
    const head = Object.entries({ host: '127.0.0.1', ...headers, ...as('ann1'), ...framing })
      .map(([k, v]) => `${k}: ${v}`)
      .join('\r\n');
    const body = chunked
      ? Buffer.concat([Buffer.from(`${payload.length.toString(16)}\r\n`), payload, Buffer.from('\r\n0\r\n\r\n')])
      : payload;
    const socket = net.connect(port, '127.0.0.1');
    socket.pause(); // nothing is read until everything is sent
    let socketError = '';
    socket.on('error', (e) => {
      socketError = (e as NodeJS.ErrnoException).code ?? e.message;
    });
    socket.write(`POST /api/v1/videos/upload HTTP/1.1\r\n${head}\r\n\r\n`);
    await new Promise<void>((resolve) => socket.write(body, () => resolve()));
    let answer = '';
    socket.on('data', (c) => {
      answer += c;
    });
    const closed = new Promise((resolve) => socket.once('close', resolve));
    socket.resume();
    await closed;
    expect(socketError).toBe('');
    expect(answer).toMatch(/^HTTP\/1.1 413 /);
    expect(answer).toContain('File is larger than the upload limit of 16 MB');
    while (listDir(path.join(s.dataDir, 'tmp')).length > 0) await new Promise((r) => setTimeout(r, 10));
    expect(listDir(path.join(s.dataDir, 'uploads'))).toEqual([]);
    expect(await videoCount(s)).toBe(0);
  });
});
