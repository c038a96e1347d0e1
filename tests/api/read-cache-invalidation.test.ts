// The request path keeps the caller's role, the video and its source in memory on the embedded database,
// and encoded detection windows in memory everywhere. Each write below is made after those were read (so
// they are cached) and must show at once: a new window and tag, a changed role or visibility, a 404.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { as, makeTestApp, seedUser, type TestApp } from '../helpers/test-app';
import { multipart } from '../helpers/multipart';
import { seedAnnotatedVideo } from '../annotate-edit/seed';
import { decodeDetectionWindow } from '../../domain/detection-window';
import { sources, videos } from '../../server/db/schema';

let t: TestApp;
let root: string;
beforeAll(async () => {
  t = await makeTestApp();
  await seedUser(t.database, 'super1', 'super');
  await seedUser(t.database, 'admin1', 'admin');
  await seedUser(t.database, 'ann1', 'annotator');
  root = path.join(t.dataDir, 'staff');
  fs.mkdirSync(root, { recursive: true });
  await t.database.db.insert(sources).values({ root, label: 'Staff' });
});
afterAll(async () => {
  await t.close();
});

const windowOf = (id: number, who?: string, etag?: string) =>
  t.app.inject({
    url: `/api/v1/annotations/${id}/detections?from=0&to=30`,
    headers: { ...(who ? as(who) : {}), ...(etag ? { 'if-none-match': etag } : {}) },
  });
const decode = (res: { rawPayload: Buffer }) =>
  decodeDetectionWindow(
    res.rawPayload.buffer.slice(
      res.rawPayload.byteOffset,
      res.rawPayload.byteOffset + res.rawPayload.byteLength,
    ) as ArrayBuffer,
  );

/** A video of the Staff source with tracks 1 and 2, its window read twice (cached, and a 304). */
async function cachedVideo(): Promise<{ id: number; etag: string }> {
  const v = await seedAnnotatedVideo(t.database);
  await t.database.db.update(videos).set({ sourceRoot: root }).where(eq(videos.id, v.videoId));
  const first = await windowOf(v.videoId, 'ann1');
  expect(first.statusCode).toBe(200);
  expect((await windowOf(v.videoId, 'ann1', first.headers.etag as string)).statusCode).toBe(304);
  return { id: v.videoId, etag: first.headers.etag as string };
}

describe('a write after a cached read', () => {
  it('a format import serves the imported track in a new window', async () => {
    const { id, etag } = await cachedVideo();
    const form = multipart([
      { name: 'format', value: 'mot' },
      { name: 'dry_run', value: 'false' },
      { name: 'file', filename: 'in.txt', content: '1,7,128,72,128,72,0.9,-1,-1,-1\n' },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/annotations/${id}/import`,
      payload: form.payload,
      headers: { ...form.headers, ...as('ann1') },
    });
    expect(res.statusCode).toBe(200);
    const after = await windowOf(id, 'ann1', etag);
    expect(after.statusCode).toBe(200);
    const win = decode(after);
    expect(win.count).toBe(21);
    expect([...win.tracks]).toContain(7);
  });

  it('a new action segment is in the next summary (a cached summary is not served)', async () => {
    const { id } = await cachedVideo();
    const summary = () => t.app.inject({ url: `/api/v1/annotations/${id}/summary`, headers: as('ann1') });
    const before = (await summary()).json();
    expect(before.action_segments).toHaveLength(2);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/annotations/${id}/actions`,
      payload: { track_id: 1, action_class: 'sit', start_time: 5, end_time: 6 },
      headers: as('ann1'),
    });
    expect(res.statusCode).toBeLessThan(300);
    const after = (await summary()).json();
    expect(after.action_segments.map((a: { action_class: string }) => a.action_class)).toContain('sit');
    expect(after.action_segments).toHaveLength(3);
  });

  it('a status change shows in the video details at once', async () => {
    const { id } = await cachedVideo();
    const summary = () => t.app.inject({ url: `/api/v1/videos/${id}`, headers: as('ann1') });
    expect((await summary()).json().processing_status).toBe('completed');
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/videos/${id}/status`,
      payload: { status: 'kiv' },
      headers: as('ann1'),
    });
    expect(res.statusCode).toBe(200);
    expect((await summary()).json().processing_status).toBe('kiv');
  });

  it('a video marked deleted answers 404 to the next window read', async () => {
    const { id } = await cachedVideo();
    await t.database.db.update(videos).set({ processingStatus: 'deleted' }).where(eq(videos.id, id));
    expect((await windowOf(id, 'ann1')).statusCode).toBe(404);
  });

  it('limiting the source to administrators hides its videos from an annotator at once, and opening it shows them again', async () => {
    const { id } = await cachedVideo();
    const put = (role: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/v1/admin/repo/sources',
        payload: { original_root: root, root, label: 'Staff', role },
        headers: as('admin1'),
      });
    expect((await put('admin')).statusCode).toBe(200);
    expect((await windowOf(id, 'ann1')).statusCode).toBe(404);
    expect((await windowOf(id, 'admin1')).statusCode).toBe(200);
    expect((await put('')).statusCode).toBe(200);
    expect((await windowOf(id, 'ann1')).statusCode).toBe(200);
  });

  it("a user's new role decides their next request", async () => {
    await seedUser(t.database, 'ann2', 'annotator');
    const users = () => t.app.inject({ url: '/api/v1/admin/users', headers: as('ann2') });
    expect((await users()).statusCode).toBe(403);
    const setRole = (role: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/v1/admin/users/ann2',
        payload: { name: 'Ann Two', role },
        headers: as('super1'),
      });
    expect((await setRole('admin')).statusCode).toBe(200);
    expect((await users()).statusCode).toBe(200);
    expect((await setRole('annotator')).statusCode).toBe(200);
    expect((await users()).statusCode).toBe(403);
  });

  it('a write made straight in the database (as a worker does) is seen by the next read', async () => {
    const { id, etag } = await cachedVideo();
    await t.database.db.transaction(async (tx) => {
      await tx.update(videos).set({ annotationVersion: 99 }).where(eq(videos.id, id));
    });
    const after = await windowOf(id, 'ann1', etag);
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).toContain('v99');
  });
});
