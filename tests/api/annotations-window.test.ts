// Compact annotation reads: summary (tracks, segments, video_info) and binary detection windows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../helpers/test-app';
import { detections, videos } from '../../server/db/schema';
import { seedAnnotations } from '../../scripts/seed-annotations';
import { decodeDetectionWindow } from '../../domain/detection-window';

let t: TestApp;
let videoId: number;
let emptyVideoId: number;

beforeAll(async () => {
  t = await makeTestApp();
  const rows = await t.database.db
    .insert(videos)
    .values([
      {
        filename: 'seeded.mp4',
        path: '/lib/seeded.mp4',
        relPath: 'seeded.mp4',
        sourceRoot: '/lib',
        fps: 30,
        duration: 20,
        totalFrames: 600,
        frameStride: 2,
        processingStatus: 'completed',
      },
      {
        filename: 'empty.mp4',
        path: '/lib/empty.mp4',
        relPath: 'empty.mp4',
        sourceRoot: '/lib',
        processingStatus: 'completed',
      },
    ])
    .returning({ id: videos.id });
  [videoId, emptyVideoId] = rows.map((r) => r.id);
  // 600 frames (20 s at 30 fps) × 3 tracks.
  await seedAnnotations(t.database, { videoId, frameCount: 600, fps: 30, tracks: 3 });
}, 60_000);
afterAll(async () => {
  await t.close();
});

describe('GET /annotations/{id}/summary', () => {
  it('lists every track with its first and last frame and version, the segments and the video info', async () => {
    const res = await t.app.inject({ url: `/api/v1/annotations/${videoId}/summary` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.tracks).toEqual([
      { track_id: 1, first_frame: 0, last_frame: 599, version: 1, human_made: false },
      { track_id: 2, first_frame: 0, last_frame: 599, version: 1, human_made: false },
      { track_id: 3, first_frame: 0, last_frame: 599, version: 1, human_made: false },
    ]);
    expect(body.video_info).toMatchObject({
      id: videoId,
      filename: 'seeded.mp4',
      fps: 30,
      total_frames: 600,
      frame_stride: 2,
    });
    expect(body.action_segments.length).toBeGreaterThan(0);
    expect(body.action_segments[0]).toMatchObject({ track_id: expect.any(Number), action_class: expect.any(String) });
    expect(body.max_window_frames).toBe(2000);
  });

  it('answers an empty track list for a video without detections', async () => {
    const res = await t.app.inject({ url: `/api/v1/annotations/${emptyVideoId}/summary` });
    expect(res.statusCode).toBe(200);
    expect(res.json().tracks).toEqual([]);
    expect(res.json().action_segments).toEqual([]);
  });

  it('answers 404 with a detail for an unknown video', async () => {
    const res = await t.app.inject({ url: '/api/v1/annotations/999999/summary' });
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe('Video 999999 not found');
  });
});

describe('GET /annotations/{id}/detections?from=&to=', () => {
  it('answers the window as binary: every track at every frame in [from, to), with 17 keypoints', async () => {
    const res = await t.app.inject({ url: `/api/v1/annotations/${videoId}/detections?from=10&to=20` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/octet-stream');
    const bytes = res.rawPayload;
    const win = decodeDetectionWindow(
      bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
    );
    expect(win.from).toBe(10);
    expect(win.to).toBe(20);
    expect(win.count).toBe(30);
    expect(Array.from(win.frames.slice(0, 3))).toEqual([10, 10, 10]);
    expect(Array.from(win.tracks.slice(0, 3))).toEqual([1, 2, 3]);
    expect(win.frames[29]).toBe(19);
    const [x1, y1, x2, y2, conf] = Array.from(win.boxes.slice(0, 5));
    expect(x2).toBeGreaterThan(x1);
    expect(y2).toBeGreaterThan(y1);
    expect(conf).toBeGreaterThan(0.5);
    // Nose keypoint sits inside the box, score 0.9.
    expect(win.keypoints[0]).toBeGreaterThan(x1);
    expect(win.keypoints[0]).toBeLessThan(x2);
    expect(win.keypoints[2]).toBeCloseTo(0.9);
    expect(win.human[0]).toBe(0);
  });

  it('carries the stored values exactly: no keypoints as NaN, a NaN keypoint, a human box', async () => {
    const [v] = await t.database.db
      .insert(videos)
      .values({
        filename: 'exact.mp4',
        path: '/lib/exact.mp4',
        relPath: 'exact.mp4',
        sourceRoot: '/lib',
        processingStatus: 'completed',
      })
      .returning({ id: videos.id });
    const kp = Array.from({ length: 51 }, (_, i) => (i === 4 ? NaN : i / 100));
    await t.database.db.insert(detections).values([
      {
        videoId: v.id,
        trackId: 4,
        frame: 2,
        x1: 0.125,
        y1: 0.25,
        x2: 0.5,
        y2: 0.75,
        confidence: 0.875,
        keypoints: null,
        source: 'human',
      },
      {
        videoId: v.id,
        trackId: 9,
        frame: 2,
        x1: 0.1,
        y1: 0.2,
        x2: 0.3,
        y2: 0.4,
        confidence: 0.5,
        keypoints: kp,
        source: 'ai',
      },
    ]);
    const bytes = (await t.app.inject({ url: `/api/v1/annotations/${v.id}/detections?from=0&to=5` })).rawPayload;
    const win = decodeDetectionWindow(
      bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
    );
    expect(win.count).toBe(2);
    expect(Array.from(win.tracks)).toEqual([4, 9]);
    expect(Array.from(win.boxes.slice(0, 5))).toEqual([0.125, 0.25, 0.5, 0.75, 0.875]);
    expect(Array.from(win.keypoints.slice(0, 51)).every(Number.isNaN)).toBe(true);
    expect(Array.from(win.keypoints.slice(51))).toEqual(kp.map((x) => (Number.isNaN(x) ? NaN : Math.fround(x))));
    expect(Array.from(win.human)).toEqual([1, 0]);
  });

  it('answers an empty window beyond the last frame', async () => {
    const res = await t.app.inject({ url: `/api/v1/annotations/${videoId}/detections?from=5000&to=5100` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-detection-count']).toBe('0');
  });

  it('rejects windows that are inverted, too large or not numeric with a 400 detail', async () => {
    const inverted = await t.app.inject({ url: `/api/v1/annotations/${videoId}/detections?from=20&to=10` });
    expect(inverted.statusCode).toBe(400);
    expect(inverted.json().detail).toBe('to must be greater than from');
    const big = await t.app.inject({ url: `/api/v1/annotations/${videoId}/detections?from=0&to=2001` });
    expect(big.statusCode).toBe(400);
    expect(big.json().detail).toBe('A window spans at most 2000 frames');
    const text = await t.app.inject({ url: `/api/v1/annotations/${videoId}/detections?from=a&to=10` });
    expect(text.statusCode).toBe(400);
    expect(text.json().detail).toMatch(/from/);
  });
});
