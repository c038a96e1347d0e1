// GET /annotations/{id}/review-summary stays bounded for data stored before the import limits existed:
// 5,000 boxes on one frame, all on top of each other, used to make the pair map quadratic (the process grew
// to gigabytes and died). The overlap test now compares a bounded number of pairs per frame and the summary
// says where it stopped; frames with ordinary crowds are still checked in full.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../helpers/test-app';
import { videos } from '../../server/db/schema';
import { OVERLAPS_PER_FRAME } from '../../domain/review-runs';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t?.close();
});

const BOXES = 5000;

it('builds the summary of 5,000 overlapping boxes in one frame, saying the overlap check was capped there', async () => {
  const [v] = await t.database.db
    .insert(videos)
    .values({
      filename: 'crowd.mp4',
      path: '/lib/crowd.mp4',
      relPath: 'crowd.mp4',
      sourceRoot: '/lib',
      processingStatus: 'completed',
      width: 1280,
      height: 720,
      totalFrames: 600,
    })
    .returning({ id: videos.id });
  // tracks 1..5000 share one box on frame 0 (as a MOT import could store them before the limits)
  await t.database.sql.query(
    `insert into detections (video_id, track_id, frame, x1, y1, x2, y2, confidence)
    select $1, tr, 0, 0.4, 0.4, 0.5, 0.6, 0.9 from generate_series(1, $2::int) tr`,
    [v.id, BOXES],
  );
  // an ordinary heavy overlap later on is still found
  await t.database.sql.query(
    `insert into detections (video_id, track_id, frame, x1, y1, x2, y2, confidence) values
    ($1, 9001, 10, 0.1, 0.1, 0.3, 0.5, 0.9), ($1, 9002, 10, 0.11, 0.1, 0.31, 0.5, 0.9)`,
    [v.id],
  );
  await t.database.sql.query('update videos set annotation_version = annotation_version + 1 where id = $1', [v.id]);

  const r = await t.app.inject({ method: 'GET', url: `/api/v1/annotations/${v.id}/review-summary` });
  expect(r.statusCode, r.body.slice(0, 200)).toBe(200);
  const s = r.json();
  expect(s.tracks).toHaveLength(BOXES + 2);
  expect(s.overlaps.filter((o: number[]) => o[2] === 0)).toHaveLength(OVERLAPS_PER_FRAME);
  expect(s.overlaps).toContainEqual([9001, 9002, 10, 10]);
  expect(s.overlaps_capped).toEqual({ frames: 1, first_frame: 0 });
});
