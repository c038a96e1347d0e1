// A detection window's answer is bounded in bytes (VAT_WINDOW_MAX_MB): a window over more boxes stops at
// a frame boundary and says where (its `to`, X-Window-To); asking again from there gives the rest, so the
// parts together are exactly the window.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../helpers/test-app';
import { detections, videos } from '../../server/db/schema';
import { seedAnnotations } from '../../scripts/seed-annotations';
import { decodeDetectionWindow } from '../../domain/detection-window';
import { MAX_TRACKS_PER_FRAME } from '../../domain/formats/import-limits';

const MAX_BYTES = 0.25 * 1024 * 1024; // the smallest cap: one frame of the per-frame track limit still fits
const TRACKS = 20;
const FRAMES = 600;
let t: TestApp;
let videoId: number;
let crowdId: number;

beforeAll(async () => {
  t = await makeTestApp({ env: { VAT_WINDOW_MAX_MB: '0.25' } });
  const base = { sourceRoot: '/lib', fps: 30, duration: 20, totalFrames: FRAMES, processingStatus: 'completed' };
  [{ id: videoId }, { id: crowdId }] = await t.database.db
    .insert(videos)
    .values([
      { ...base, filename: 'dense.mp4', path: '/lib/dense.mp4', relPath: 'dense.mp4' },
      { ...base, filename: 'crowd.mp4', path: '/lib/crowd.mp4', relPath: 'crowd.mp4' },
    ])
    .returning({ id: videos.id });
  // 600 frames × 20 tracks = 12,000 boxes with keypoints: about 3 MB as one window
  await seedAnnotations(t.database, { videoId, frameCount: FRAMES, fps: 30, tracks: TRACKS });
  // a frame holding more tracks than the per-frame limit (written past the import rules), then a normal one
  const box = { x1: 0.1, y1: 0.1, x2: 0.2, y2: 0.2, confidence: 0.9, keypoints: null, videoId: crowdId };
  const crowd = Array.from({ length: MAX_TRACKS_PER_FRAME + 50 }, (_, i) => ({ ...box, trackId: i + 1, frame: 3 }));
  await t.database.db.insert(detections).values([...crowd, { ...box, trackId: 1, frame: 4 }]);
}, 120_000);
afterAll(() => t.close());

const read = async (id: number, from: number, to: number) => {
  const res = await t.app.inject({ url: `/api/v1/annotations/${id}/detections?from=${from}&to=${to}` });
  expect(res.statusCode).toBe(200);
  const win = decodeDetectionWindow(new Uint8Array(res.rawPayload).slice().buffer);
  return { res, win };
};

describe('a detection window larger than VAT_WINDOW_MAX_MB', () => {
  it('stops at a frame boundary within the cap and says where, in the window and in X-Window-To', async () => {
    const { res, win } = await read(videoId, 0, FRAMES);
    expect(res.rawPayload.byteLength).toBeLessThanOrEqual(MAX_BYTES);
    expect(win.from).toBe(0);
    expect(win.to).toBeGreaterThan(0);
    expect(win.to).toBeLessThan(FRAMES);
    expect(res.headers['x-window-to']).toBe(String(win.to));
    expect(res.headers['x-detection-count']).toBe(String(win.count));
    // whole frames only: every track of every frame it covers, none past it
    expect(win.count).toBe(TRACKS * win.to);
    expect(Math.max(...win.frames)).toBe(win.to - 1);
  });

  it('asked again from where it stopped, gives the rest: the parts hold every box once', async () => {
    const seen = new Set<string>();
    let from = 0;
    let parts = 0;
    while (from < FRAMES) {
      const { win } = await read(videoId, from, FRAMES);
      expect(win.from).toBe(from);
      expect(win.to).toBeGreaterThan(from);
      for (let i = 0; i < win.count; i++) seen.add(`${win.tracks[i]}:${win.frames[i]}`);
      from = win.to;
      parts++;
    }
    expect(parts).toBeGreaterThan(1);
    expect(seen.size).toBe(TRACKS * FRAMES);
  });

  it('a window that fits is answered whole, with X-Window-To its own end', async () => {
    const { res, win } = await read(videoId, 100, 130);
    expect(win.to).toBe(130);
    expect(res.headers['x-window-to']).toBe('130');
    expect(win.count).toBe(TRACKS * 30);
  });

  it('a first frame holding more boxes than the per-frame limit is answered alone, within the cap', async () => {
    const { res, win } = await read(crowdId, 0, 10);
    expect(res.rawPayload.byteLength).toBeLessThanOrEqual(MAX_BYTES);
    expect(win.to).toBe(4);
    expect(new Set(win.frames)).toEqual(new Set([3]));
    const rest = await read(crowdId, 4, 10);
    expect(Array.from(rest.win.frames)).toEqual([4]);
  });
});
