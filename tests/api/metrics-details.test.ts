// GET /metrics/details: processing speed read back from the processing log, human review work, reviewers
// from the status history and weekly counts, over the videos the caller may see.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { as, makeTestApp, type TestApp } from '../helpers/test-app';
import { insertVideos } from '../helpers/fixtures';
import { actionSegments, detections, processingLog, sources, statusHistory } from '../../server/db/schema';
import { parseTimingLine } from '../../server/services/metrics-details';

let t: TestApp;
let ids: number[];
const timing = (fps: number, total: number) =>
  `timings: decode+pose ${(total - 1).toFixed(1)} s (${fps.toFixed(1)} frames/s), tracking 0.3 s, actions 0.1 s, total ${total.toFixed(1)} s`;

beforeAll(async () => {
  t = await makeTestApp();
  await t.database.db.insert(sources).values([
    { root: '/m/open', label: 'Open' },
    { root: '/m/staff', label: 'Staff', role: 'admin' },
  ]);
  ids = await insertVideos(t.database, [
    { filename: 'a.mp4', sourceRoot: '/m/open', status: 'reviewed', duration: 20 },
    { filename: 'b.mp4', sourceRoot: '/m/open', status: 'labelled', duration: 30 },
    { filename: 'hidden.mp4', sourceRoot: '/m/staff', status: 'reviewed', duration: 10 },
  ]);
  const [a, b, hidden] = ids;
  await t.database.db.insert(processingLog).values([
    { videoId: a, line: 'frames analysed: 600; people found: 1200 detections (up to 3 in one frame)' },
    { videoId: a, line: timing(12, 10) }, // 20 s of video in 10 s: 2× real time
    { videoId: b, line: timing(8, 60) }, // 30 s in 60 s: 0.5×
    { videoId: hidden, line: timing(99, 1) },
  ]);
  const box = { x1: 0.1, y1: 0.1, x2: 0.2, y2: 0.2 };
  await t.database.db.insert(detections).values([
    { videoId: a, trackId: 1, frame: 0, ...box, source: 'human' },
    { videoId: a, trackId: 1, frame: 1, ...box, source: 'human' },
    { videoId: a, trackId: 1, frame: 2, ...box, source: 'ai' },
    { videoId: hidden, trackId: 1, frame: 0, ...box, source: 'human' },
  ]);
  await t.database.db.insert(actionSegments).values([
    { videoId: b, trackId: 1, actionClass: 'run', startTime: 0, endTime: 1, humanVerified: true },
    { videoId: b, trackId: 1, actionClass: 'sit', startTime: 2, endTime: 3, humanVerified: false },
  ]);
  await t.database.db.insert(statusHistory).values([
    { videoId: a, oldStatus: 'processing', newStatus: 'completed', changedById: null },
    { videoId: a, oldStatus: 'completed', newStatus: 'reviewed', changedById: 'rita' },
    { videoId: b, oldStatus: 'completed', newStatus: 'reviewed', changedById: 'rita' },
    { videoId: b, oldStatus: 'reviewed', newStatus: 'labelled', changedById: 'luis' },
    { videoId: hidden, oldStatus: 'completed', newStatus: 'reviewed', changedById: 'secret' },
  ]);
}, 60_000);
afterAll(() => t.close());

const details = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/v1/metrics/details', headers: as('viewer') })).json();

describe('metrics details', () => {
  test("processing speed comes from the runs' timing lines: median analysed frames/s and × real time", async () => {
    const d = await details();
    expect(d.processing).toMatchObject({ runs: 2, median_frames_per_second: 10, median_realtime_factor: 1.25 });
    expect(d.processing.recent[0]).toMatchObject({ filename: 'b.mp4', frames_per_second: 8, realtime_factor: 0.5 });
  });
  test('human review: edited boxes, verified segments per video, and who reviewed how many', async () => {
    const h = (await details()).human_review;
    expect(h).toMatchObject({
      videos_with_human_work: 2,
      human_edited_detections: 2,
      verified_segments: 1,
      segments: 2,
    });
    expect(h.per_video.map((v: { filename: string }) => v.filename)).toEqual(['a.mp4', 'b.mp4']);
    expect(h.reviewers).toEqual([
      { user_id: 'rita', reviewed: 2, labelled: 0 },
      { user_id: 'luis', reviewed: 0, labelled: 1 },
    ]);
  });
  test('weekly counts of processed, reviewed and labelled videos', async () => {
    const w = (await details()).weekly;
    expect(w.reduce((a: number, x: { processed: number }) => a + x.processed, 0)).toBe(1);
    expect(w.reduce((a: number, x: { reviewed: number }) => a + x.reviewed, 0)).toBe(2);
    expect(w.reduce((a: number, x: { labelled: number }) => a + x.labelled, 0)).toBe(1);
    expect(w[w.length - 1].week).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
  test('a timing line that does not parse is skipped, not guessed', () => {
    expect(parseTimingLine('timings: decode+pose 1.0 s, total 2.0 s')).toBeNull();
    expect(parseTimingLine(timing(14.5, 4))).toEqual({ framesPerSecond: 14.5, totalSeconds: 4 });
  });
});
