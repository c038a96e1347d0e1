// Box / keypoint corrections: PATCH updates or upserts a detection as source 'human'; DELETE undoes an upsert.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, makeTestApp, type TestApp } from '../helpers/test-app';
import { seedAnnotatedVideo, type SeededVideo } from '../annotate-edit/seed';

let t: TestApp;
let v: SeededVideo;
beforeAll(async () => {
  t = await makeTestApp();
  v = await seedAnnotatedVideo(t.database);
});
afterAll(async () => {
  await t.close();
});

const url = (track: number, frame: number) => `/api/v1/annotations/${v.videoId}/tracks/${track}/detections/${frame}`;
const patch = (track: number, frame: number, body: unknown, headers: Record<string, string> = as('ann.one')) =>
  t.app.inject({ method: 'PATCH', url: url(track, frame), headers, payload: body as object });
const row = async (track: number, frame: number) =>
  (
    await t.database.sql.query<{ x1: number; x2: number; source: string; updated_by_id: string; keypoints: number[] }>(
      'select x1, x2, source, updated_by_id, keypoints from detections where video_id = $1 and track_id = $2 and frame = $3',
      [v.videoId, track, frame],
    )
  ).rows[0];

describe('PATCH /annotations/{id}/tracks/{trackId}/detections/{frame}', () => {
  it('moves a box, marks it human and records the editor', async () => {
    const res = await patch(1, 3, { x1: 0.2, y1: 0.1, x2: 0.4, y2: 0.5, version: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      track_id: 1,
      frame: 3,
      bbox: { x1: 0.2, x2: 0.4 },
      source: 'human',
      updated_by_id: 'ann.one',
    });
    const r = await row(1, 3);
    expect(r.x1).toBeCloseTo(0.2);
    expect(r.source).toBe('human');
  });

  it('moves keypoints given as [x, y], keeping the stored scores', async () => {
    const kps = Array.from({ length: 17 }, (_, i) => [0.01 * i, 0.5]);
    const res = await patch(1, 4, { keypoints: kps, version: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json().keypoints[16]).toEqual([expect.closeTo(0.16), 0.5, expect.closeTo(0.2)]);
    expect((await row(1, 4)).x1).toBeCloseTo(0.1); // the box is unchanged
  });

  it('stores a new row for an interpolated frame when a box is sent, and DELETE removes it again', async () => {
    expect(await row(1, 20)).toBeUndefined();
    const res = await patch(1, 20, { x1: 0.1, y1: 0.1, x2: 0.2, y2: 0.2 });
    expect(res.statusCode).toBe(200);
    expect((await row(1, 20)).source).toBe('human');
    const del = await t.app.inject({ method: 'DELETE', url: `${url(1, 20)}?version=1`, headers: as('ann.one') });
    expect(del.statusCode).toBe(200);
    expect(await row(1, 20)).toBeUndefined();
  });

  it.each([
    [{ x1: 0.5, y1: 0.1, x2: 0.4, y2: 0.5 }, 400, 'The box needs x1 < x2 and y1 < y2'],
    [{ x1: 0.1, y1: 0.1 }, 400, 'Send all of x1, y1, x2, y2 for a box'],
    [{}, 400, 'Send a box {x1, y1, x2, y2}, {keypoints} or {keypoint_visibility}'],
    [{ x1: -0.1, y1: 0.1, x2: 0.4, y2: 0.5 }, 400, /x1/],
    [{ keypoints: [[0.1, 0.1]] }, 400, /keypoints/],
  ])('rejects %j with %i', async (body, status, detail) => {
    const res = await patch(1, 5, body);
    expect(res.statusCode).toBe(status);
    expect(res.json().detail).toMatch(detail);
  });

  it('asks for a box when only keypoints are sent for a frame without a detection', async () => {
    const res = await patch(1, 50, { keypoints: Array(17).fill([0.1, 0.1]) });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toBe('Track 1 has no detection at frame 50; send the box (x1, y1, x2, y2) to add one');
  });

  it('answers 404 for an unknown track, 422 past the last frame and 401 for guests', async () => {
    const box = { x1: 0.1, y1: 0.1, x2: 0.2, y2: 0.2 };
    const unknown = await patch(42, 1, box);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe(`Track 42 not found in video ${v.videoId}`);
    expect((await patch(1, 300, box)).statusCode).toBe(422);
    expect((await patch(1, 1, box, {})).statusCode).toBe(401);
  });
});

describe('PATCH … {source}: a box given back where it came from (an undo)', () => {
  const full = async (track: number, frame: number) =>
    (
      await t.database.sql.query<{ x1: number; source: string; ai_box: number[] | null; version: number }>(
        'select x1, source, ai_box, version from detections where video_id = $1 and track_id = $2 and frame = $3',
        [v.videoId, track, frame],
      )
    ).rows[0];

  it("`ai` gives back the AI's own box and source after a nudge: no keyframe is left", async () => {
    const nudged = await patch(2, 7, { x1: 0.52, y1: 0.2, x2: 0.72, y2: 0.6, version: 1 });
    expect(nudged.json()).toMatchObject({ source: 'human' });
    expect((await full(2, 7)).ai_box).not.toBeNull();
    // the undo sends the box it had, and where it came from
    const back = await patch(2, 7, {
      x1: 0.5,
      y1: 0.2,
      x2: 0.7,
      y2: 0.6,
      source: 'ai',
      version: nudged.json().version,
    });
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ source: 'ai', bbox: { x1: expect.closeTo(0.5) } });
    expect(back.json().keypoints[0][2]).toBeCloseTo(0.6); // the AI's joints too
    expect(await full(2, 7)).toMatchObject({ source: 'ai', ai_box: null });
  });

  it('`ai` on a box a person made is refused (422); `interpolated` stores the sent box as derived', async () => {
    const made = await patch(2, 20, { x1: 0.1, y1: 0.1, x2: 0.2, y2: 0.2 });
    const refused = await patch(2, 20, {
      x1: 0.1,
      y1: 0.1,
      x2: 0.2,
      y2: 0.2,
      source: 'ai',
      version: made.json().version,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().detail).toMatch(/no AI box to give back/);
    const derived = await patch(2, 20, {
      x1: 0.1,
      y1: 0.1,
      x2: 0.3,
      y2: 0.2,
      source: 'interpolated',
      version: made.json().version,
    });
    expect(derived.json()).toMatchObject({ source: 'interpolated' });
  });

  it("`ai` where no row is left (an undone delete of an AI box) stores the sent box as the AI's", async () => {
    await t.app.inject({ method: 'DELETE', url: `${url(2, 8)}?version=1`, headers: as('ann.one') });
    const back = await patch(2, 8, { x1: 0.5, y1: 0.2, x2: 0.7, y2: 0.6, source: 'ai' });
    expect(back.json()).toMatchObject({ source: 'ai' });
  });
});
