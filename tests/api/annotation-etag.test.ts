// Detection windows and summaries are revalidated by ETag: every kind of annotation write changes the
// tag, a matching If-None-Match costs a 304, and a read after a save never sees the old window.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, makeTestApp, type TestApp } from '../helpers/test-app';
import { seedAnnotatedVideo } from '../annotate-edit/seed';
import { decodeDetectionWindow } from '../../domain/detection-window';
import { storeAnalysis } from '../../server/jobs/kinds/processing/store-result';
import { videos } from '../../server/db/schema';
import { eq } from 'drizzle-orm';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

const windowUrl = (id: number) => `/api/v1/annotations/${id}/detections?from=0&to=30`;
const summaryUrl = (id: number) => `/api/v1/annotations/${id}/summary`;
const get = (url: string, etag?: string) => t.app.inject({ url, headers: etag ? { 'if-none-match': etag } : {} });
const tags = async (id: number) => ({
  window: (await get(windowUrl(id))).headers.etag as string,
  summary: (await get(summaryUrl(id))).headers.etag as string,
});
const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1/annotations/${url}`, headers: as('ann.one'), ...(payload ? { payload } : {}) });

function decode(res: { rawPayload: Buffer }) {
  const b = res.rawPayload;
  return decodeDetectionWindow(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer);
}

describe('ETag and Cache-Control of the editor reads', () => {
  it('answers a strong ETag with private, no-cache, and 304 without a body on a matching If-None-Match', async () => {
    const v = await seedAnnotatedVideo(t.database);
    for (const url of [windowUrl(v.videoId), summaryUrl(v.videoId)]) {
      const first = await get(url);
      expect(first.statusCode).toBe(200);
      expect(first.headers['cache-control']).toBe('private, no-cache');
      expect(first.headers.etag).toMatch(/^"[^"]+"$/);
      const again = await get(url, first.headers.etag as string);
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.byteLength).toBe(0);
      expect(again.headers.etag).toBe(first.headers.etag);
      expect((await get(url, '"something-else"')).statusCode).toBe(200);
    }
  });

  it('gives each window its own tag', async () => {
    const v = await seedAnnotatedVideo(t.database);
    const a = (await get(`/api/v1/annotations/${v.videoId}/detections?from=0&to=10`)).headers.etag;
    const b = (await get(`/api/v1/annotations/${v.videoId}/detections?from=10&to=20`)).headers.etag;
    expect(a).not.toBe(b);
  });

  it('never serves the old window after a box edit: read, edit, read shows the new box', async () => {
    const v = await seedAnnotatedVideo(t.database);
    const before = await get(windowUrl(v.videoId));
    expect(decode(before).count).toBe(20);
    const edit = await send('PATCH', `${v.videoId}/tracks/1/detections/3`, {
      x1: 0.4,
      y1: 0.4,
      x2: 0.6,
      y2: 0.9,
      version: 1,
    });
    expect(edit.statusCode).toBe(200);
    const stale = await get(windowUrl(v.videoId), before.headers.etag as string);
    expect(stale.statusCode).toBe(200);
    expect(stale.headers.etag).not.toBe(before.headers.etag);
    const win = decode(stale);
    const i = [...Array(win.count).keys()].find((k) => win.frames[k] === 3 && win.tracks[k] === 1)!;
    expect(win.boxes[i * 5]).toBeCloseTo(0.4);
    expect(win.human[i]).toBe(1);
  });

  // Each write below changes both tags; the write itself must succeed for the check to mean anything.
  const writes: Array<[string, (id: number, segs: number[]) => Promise<{ statusCode: number }>]> = [
    [
      'a box edit',
      (id) => send('PATCH', `${id}/tracks/1/detections/2`, { x1: 0.2, y1: 0.2, x2: 0.3, y2: 0.3, version: 1 }),
    ],
    [
      'a keypoint edit',
      (id) =>
        send('PATCH', `${id}/tracks/2/detections/6`, {
          keypoints: Array.from({ length: 17 }, () => [0.5, 0.5]),
          version: 1,
        }),
    ],
    ['a detection delete', (id) => send('DELETE', `${id}/tracks/1/detections/0?version=1`)],
    [
      'a segment create',
      (id) => send('POST', `${id}/actions`, { track_id: 1, action_class: 'sit', start_time: 5, end_time: 6 }),
    ],
    ['a segment patch', (id, segs) => send('PATCH', `${id}/actions/${segs[0]}`, { end_time: 3, version: 1 })],
    ['a segment delete', (id, segs) => send('DELETE', `${id}/actions/${segs[1]}?version=1`)],
    ['a track merge', (id) => send('POST', `${id}/tracks/merge`, { base_track_id: 1, merge_track_id: 2 })],
    ['a track delete', (id) => send('DELETE', `${id}/tracks/2`)],
  ];
  for (const [name, write] of writes) {
    it(`changes both tags after ${name}`, async () => {
      const v = await seedAnnotatedVideo(t.database);
      const before = await tags(v.videoId);
      expect((await write(v.videoId, v.segmentIds)).statusCode).toBeLessThan(300);
      const after = await tags(v.videoId);
      expect(after.window).not.toBe(before.window);
      expect(after.summary).not.toBe(before.summary);
    });
  }

  it('changes the tag after a track restore, and the restored rows are served', async () => {
    const v = await seedAnnotatedVideo(t.database);
    const { undo_token } = (await send('DELETE', `${v.videoId}/tracks/2`)).json();
    const deleted = await get(windowUrl(v.videoId));
    expect(decode(deleted).count).toBe(10);
    expect((await send('POST', `${v.videoId}/tracks/restore`, { undo_token })).statusCode).toBe(200);
    const restored = await get(windowUrl(v.videoId), deleted.headers.etag as string);
    expect(restored.statusCode).toBe(200);
    expect(decode(restored).count).toBe(20);
  });

  it('keeps the tag when a write is refused', async () => {
    const v = await seedAnnotatedVideo(t.database);
    const before = await tags(v.videoId);
    expect(
      (await send('PATCH', `${v.videoId}/tracks/99/detections/2`, { x1: 0.2, y1: 0.2, x2: 0.3, y2: 0.3 })).statusCode,
    ).toBe(404);
    expect(await tags(v.videoId)).toEqual(before);
  });

  it('changes the tag when a reprocess result is stored, and serves the new AI rows', async () => {
    const v = await seedAnnotatedVideo(t.database);
    const before = await get(windowUrl(v.videoId));
    await t.database.db.update(videos).set({ processingStatus: 'processing' }).where(eq(videos.id, v.videoId));
    const detections = Array.from({ length: 30 }, (_, f) => ({
      trackId: 1,
      frame: f,
      x1: 0.6,
      y1: 0.1,
      x2: 0.8,
      y2: 0.5,
      confidence: 0.7,
      keypoints: Array(51).fill(0.5),
    }));
    const stats = {
      framesAnalysed: 30,
      stride: 1,
      inputW: 256,
      inputH: 144,
      longSide: 256,
      tracker: 'bytetrack' as const,
      poseModel: 'multipose' as const,
      fragments: 1,
      relinks: 0,
      weakTracks: 0,
      peopleFound: 30,
      maxPeopleInFrame: 1,
      tracks: 1,
      decodeInferMs: 1,
      trackMs: 1,
      actionsMs: 1,
    };
    await storeAnalysis(
      t.database.db,
      { videoId: v.videoId, fromStatus: 'completed', requestedBy: 'ann.one' } as never,
      { fps: 30, frameStride: 1 },
      { detections, segments: [], stats },
      5,
    );
    const after = await get(windowUrl(v.videoId), before.headers.etag as string);
    expect(after.statusCode).toBe(200);
    const win = decode(after);
    expect(win.count).toBe(30);
    expect(win.boxes[0]).toBeCloseTo(0.6);
  });
});
