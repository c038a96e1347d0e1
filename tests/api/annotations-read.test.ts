import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, makeTestApp, type TestApp } from '../helpers/test-app';
import { actionSegments, detections } from '../../server/db/schema';
import { insertVideo } from '../processing/video-rows';

let t: TestApp;
let videoId: number;
let emptyId: number;

beforeAll(async () => {
  t = await makeTestApp(); // no job queue on purpose: processing calls answer 503
  videoId = await insertVideo(t.database, null, '/media/r/one.mp4', 'completed', {
    width: 640,
    height: 360,
    fps: 25,
    duration: 4,
    totalFrames: 100,
    frameStride: 3,
  });
  emptyId = await insertVideo(t.database, null, '/media/r/empty.mp4', 'pending');
  const kp = Array.from({ length: 17 }, (_, i) => [0.1 + i * 0.01, 0.2 + i * 0.01, 0.9]).flat();
  await t.database.db.insert(detections).values([
    { videoId, trackId: 2, frame: 3, x1: 0.1, y1: 0.2, x2: 0.3, y2: 0.9, confidence: 0.41, keypoints: kp },
    {
      videoId,
      trackId: 1,
      frame: 0,
      x1: 0.5,
      y1: 0.1,
      x2: 0.7,
      y2: 0.8,
      confidence: 0.38,
      keypoints: kp,
      source: 'human',
    },
    { videoId, trackId: 2, frame: 0, x1: 0.11, y1: 0.2, x2: 0.31, y2: 0.9, confidence: 0.4, keypoints: kp },
  ]);
  await t.database.db
    .insert(actionSegments)
    .values({ videoId, trackId: 2, actionClass: 'run', startTime: 0.5, endTime: 1.7, confidence: 0.66 });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('GET /annotations/{id}', () => {
  it('returns person tracks with their detections in frame order, segments and video info', async () => {
    const r = await t.app.inject({ method: 'GET', url: `/api/v1/annotations/${videoId}` });
    expect(r.statusCode).toBe(200);
    const set = r.json();
    expect(set.person_tracks.map((p: { track_id: number }) => p.track_id)).toEqual([1, 2]);
    const t2 = set.person_tracks[1];
    expect(t2.detections.map((d: { frame: number }) => d.frame)).toEqual([0, 3]);
    expect(t2.detections[1].bbox.x1).toBeCloseTo(0.1, 5);
    expect(t2.detections[1].bbox.y2).toBeCloseTo(0.9, 5);
    expect(t2.detections[1].bbox.confidence).toBeCloseTo(0.41, 5);
    expect(t2.detections[1].keypoints).toHaveLength(17);
    expect(t2.detections[1].keypoints[0][0]).toBeCloseTo(0.1, 5);
    expect(set.person_tracks[0].detections[0].source).toBe('human');
    expect(set.action_segments).toHaveLength(1);
    expect(set.action_segments[0]).toMatchObject({
      track_id: 2,
      action_class: 'run',
      start_time: 0.5,
      end_time: 1.7,
      human_verified: false,
    });
    expect(set.relationships).toEqual([]);
    expect(set.video_info).toMatchObject({
      id: videoId,
      width: 640,
      height: 360,
      fps: 25,
      duration: 4,
      frame_stride: 3,
    });
  });

  it('returns an empty set for a video not processed yet', async () => {
    const set = (await t.app.inject({ method: 'GET', url: `/api/v1/annotations/${emptyId}` })).json();
    expect(set.person_tracks).toEqual([]);
    expect(set.action_segments).toEqual([]);
  });

  it('answers 404 for an unknown video and 400 for a bad id', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/v1/annotations/424242' });
    expect(r.statusCode).toBe(404);
    expect(r.json().detail).toMatch(/not found/);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/annotations/-1' })).statusCode).toBe(400);
  });
});

describe('processing without a job queue', () => {
  it('answers 503 with a reason and leaves the video as it was', async () => {
    const r = await t.app.inject({ method: 'POST', url: `/api/v1/videos/${emptyId}/process`, headers: as('alice') });
    expect(r.statusCode).toBe(503);
    expect(r.json().detail).toMatch(/no job queue/);
    const b = await t.app.inject({
      method: 'POST',
      url: '/api/v1/videos/batch_process?fraction=all',
      headers: as('alice'),
    });
    expect(b.statusCode).toBe(503);
  });
});
