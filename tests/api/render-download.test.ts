// The rendered video's download: inline for the player, a file with download=1 (Content-Disposition:
// attachment), the query checked by zod, 404 for a wrong key, a missing file or a link that leads out of
// the render folder, and the same hidden-video rule as every other video call.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { makeTestApp, type TestApp } from '../helpers/test-app';
import { renders, videos } from '../../server/db/schema';
import { insertVideo } from '../processing/video-rows';

let t: TestApp;
let id: number;
const KEY = 'a'.repeat(32);
const BYTES = Buffer.from('not really an mp4, but the bytes the server must send back unchanged');
const get = (url: string) => t.app.inject({ method: 'GET', url: `/api/v1${url}` });
let renderFile: string;

beforeAll(async () => {
  t = await makeTestApp();
  const src = path.join(t.dataDir, 'src');
  fs.mkdirSync(src, { recursive: true });
  fs.writeFileSync(path.join(src, 'walk.mp4'), 'source');
  id = await insertVideo(t.database, null, path.join(src, 'walk.mp4'), 'completed');
  const dir = path.join(t.dataDir, 'renders', `video-${id}`);
  fs.mkdirSync(dir, { recursive: true });
  renderFile = path.join(dir, `${KEY}.mp4`);
  fs.writeFileSync(renderFile, BYTES);
  await t.database.db.insert(renders).values({ videoId: id, state: 'done', progress: 100, key: KEY, path: renderFile });
});
afterAll(async () => {
  await t?.close();
});

describe('GET /videos/:id/render/download', () => {
  it('plays inline and downloads as an attachment named after the video with download=1', async () => {
    const inline = await get(`/videos/${id}/render/download?k=${KEY}`);
    expect(inline.statusCode).toBe(200);
    expect(inline.headers['content-disposition']).toMatch(/^inline; filename="walk_annotated\.mp4"/);
    const file = await get(`/videos/${id}/render/download?k=${KEY}&download=1`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('video/mp4');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="walk_annotated\.mp4"/);
    expect(file.rawPayload.equals(BYTES)).toBe(true);
  });

  it('refuses a malformed query (400) and a key that is not the current one (404)', async () => {
    expect((await get(`/videos/${id}/render/download?k=${KEY}&download=yes`)).statusCode).toBe(400);
    expect((await get(`/videos/${id}/render/download`)).statusCode).toBe(400);
    expect((await get(`/videos/${id}/render/download?k=${'b'.repeat(32)}&download=1`)).statusCode).toBe(404);
    expect((await get(`/videos/999999/render/download?k=${KEY}&download=1`)).statusCode).toBe(404);
  });

  it('answers 404 when the file is missing or its real path lies outside the render folder', async () => {
    const outside = path.join(t.dataDir, 'secret.mp4');
    fs.writeFileSync(outside, 'outside the render root');
    const link = path.join(path.dirname(renderFile), `${'c'.repeat(32)}.mp4`);
    fs.symlinkSync(outside, link);
    await t.database.db
      .update(renders)
      .set({ key: 'c'.repeat(32), path: link })
      .where(eq(renders.videoId, id));
    const out = await get(`/videos/${id}/render/download?k=${'c'.repeat(32)}&download=1`);
    expect(out.statusCode).toBe(404);
    expect(out.body).not.toContain('outside the render root');
    await t.database.db
      .update(renders)
      .set({ key: KEY, path: path.join(path.dirname(renderFile), 'gone.mp4') })
      .where(eq(renders.videoId, id));
    const gone = await get(`/videos/${id}/render/download?k=${KEY}&download=1`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().detail).toMatch(/missing on disk/);
    await t.database.db.update(renders).set({ key: KEY, path: renderFile }).where(eq(renders.videoId, id));
  });

  it('hides the rendered video of a deleted video like the video itself', async () => {
    await t.database.db.update(videos).set({ processingStatus: 'deleted' }).where(eq(videos.id, id));
    expect((await get(`/videos/${id}/render/download?k=${KEY}&download=1`)).statusCode).toBe(404);
    await t.database.db.update(videos).set({ processingStatus: 'completed' }).where(eq(videos.id, id));
  });
});
