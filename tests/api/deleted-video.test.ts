// A video whose status is `deleted` is gone for every route: reads and annotation writes answer 404
// and nothing is stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, makeTestApp, type TestApp } from '../helpers/test-app';
import { seedAnnotatedVideo, type SeededVideo } from '../annotate-edit/seed';

let t: TestApp;
let v: SeededVideo;
beforeAll(async () => {
  t = await makeTestApp();
  v = await seedAnnotatedVideo(t.database);
  await t.database.sql.query(
    `update videos set processing_status = 'deleted', previous_status = 'completed' where id = $1`,
    [v.videoId],
  );
});
afterAll(async () => {
  await t.close();
});

const counts = async () =>
  (
    await t.database.sql.query<{ d: number; s: number }>(
      'select (select count(*)::int from detections where video_id = $1) as d, (select count(*)::int from action_segments where video_id = $1) as s',
      [v.videoId],
    )
  ).rows[0];

describe('a deleted video', () => {
  it('answers 404 to every annotation write and keeps its rows', async () => {
    const before = await counts();
    const base = `/api/v1/annotations/${v.videoId}`;
    const writes = [
      {
        method: 'POST',
        url: `${base}/actions`,
        payload: { track_id: 1, action_class: 'run', start_time: 0, end_time: 1 },
      },
      { method: 'PATCH', url: `${base}/actions/${v.segmentIds[0]}`, payload: { confidence: 0.2, version: 1 } },
      { method: 'DELETE', url: `${base}/actions/${v.segmentIds[0]}?version=1` },
      {
        method: 'PATCH',
        url: `${base}/tracks/1/detections/3`,
        payload: { x1: 0.1, y1: 0.1, x2: 0.2, y2: 0.2, version: 1 },
      },
      { method: 'DELETE', url: `${base}/tracks/1/detections/3?version=1` },
      { method: 'POST', url: `${base}/tracks/merge`, payload: { base_track_id: 1, merge_track_id: 2 } },
      { method: 'DELETE', url: `${base}/tracks/2` },
    ] as const;
    for (const w of writes) {
      const res = await t.app.inject({ ...w, headers: as('ann.one') });
      expect(res.statusCode, `${w.method} ${w.url}`).toBe(404);
      expect(res.json().detail).toBe(`Video ${v.videoId} not found`);
    }
    expect(await counts()).toEqual(before);
  });

  it('answers 404 to the annotation set read', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/annotations/${v.videoId}` });
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe(`Video ${v.videoId} not found`);
  });
});
