// GET /annotations/{id}/export: the annotation set as a JSON attachment naming who exported it.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../helpers/test-app';
import { actionSegments, detections, videos } from '../../server/db/schema';

let t: TestApp;
let id: number;
beforeAll(async () => {
  t = await makeTestApp();
  const [v] = await t.database.db
    .insert(videos)
    .values({
      filename: 'park run.mp4',
      path: '/lib/park run.mp4',
      relPath: 'park run.mp4',
      sourceRoot: '/lib',
      processingStatus: 'completed',
    })
    .returning({ id: videos.id });
  id = v.id;
  await t.database.db.insert(detections).values([
    { videoId: id, trackId: 1, frame: 0, x1: 0.1, y1: 0.1, x2: 0.3, y2: 0.6, confidence: 0.9 },
    { videoId: id, trackId: 1, frame: 1, x1: 0.12, y1: 0.1, x2: 0.32, y2: 0.6, confidence: 0.88 },
  ]);
  await t.database.db
    .insert(actionSegments)
    .values({ videoId: id, trackId: 1, actionClass: 'run', startTime: 0, endTime: 1.5, confidence: 0.7 });
});
afterAll(async () => {
  await t?.close();
});

it('downloads the annotation set as a JSON file with the exporting user', async () => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/annotations/${id}/export?user_id=alice&user_name=Alice%20B`,
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(res.headers['content-disposition']).toContain('attachment; filename="park run_annotations.json"');
  const body = res.json();
  expect(body.person_tracks[0].detections).toHaveLength(2);
  expect(body.action_segments[0]).toMatchObject({ action_class: 'run', track_id: 1, start_time: 0, end_time: 1.5 });
  expect(body.video_info.filename).toBe('park run.mp4');
  expect(body.exported_by).toEqual({ id: 'alice', name: 'Alice B' });
});

it('works for guests (no exporter recorded)', async () => {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/annotations/${id}/export` });
  expect(res.statusCode).toBe(200);
  expect(res.json().exported_by).toBeNull();
});

it('rejects a malformed user_id and answers 404 for unknown videos', async () => {
  const bad = await t.app.inject({ method: 'GET', url: `/api/v1/annotations/${id}/export?user_id=a%20b` });
  expect(bad.statusCode).toBe(400);
  expect(bad.json().detail).toContain('user_id');
  const missing = await t.app.inject({ method: 'GET', url: '/api/v1/annotations/424242/export' });
  expect(missing.statusCode).toBe(404);
});
