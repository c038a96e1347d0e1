// Calls 3–6 of the correction calls: delete a frame range, split, swap, move a range; each checks the track
// versions, bumps them, changes the ETag, records who, and is undone exactly by its undo_token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../helpers/test-app';
import { seedAnnotatedVideo } from '../annotate-edit/seed';
import { trackCalls } from '../helpers/track-calls';

let t: TestApp;
let c: ReturnType<typeof trackCalls>;
beforeAll(async () => {
  t = await makeTestApp();
  c = trackCalls(t);
});
afterAll(async () => {
  await t.close();
});

const segments = async (videoId: number) =>
  (
    await t.database.sql.query<{
      id: number;
      track_id: number;
      start_time: number;
      end_time: number;
      action_class: string;
    }>(
      'select id, track_id, start_time, end_time, action_class from action_segments where video_id = $1 order by track_id, start_time',
      [videoId],
    )
  ).rows;

describe('DELETE /annotations/{id}/tracks/{trackId}/detections?from=&to=&version=', () => {
  it("removes the track's boxes of the range, bumps the track version and the ETag; undo puts them back", async () => {
    const v = await seedAnnotatedVideo(t.database);
    const before = await c.boxes(v.videoId, 1);
    const tag = await c.summaryTag(v.videoId);
    const res = await c.call('DELETE', `${v.videoId}/tracks/1/detections?from=2&to=5&version=1`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ deleted: 4, track_version: 2, undo_token: expect.any(Number) });
    expect((await c.rows(v.videoId, 1)).map((r) => r.frame)).toEqual([0, 1, 6, 7, 8, 9]);
    expect(await c.summaryTag(v.videoId)).not.toBe(tag);
    expect((await c.versions(v.videoId))[1]).toBe(2);
    const back = await c.restore(v.videoId, res.json().undo_token);
    expect(back.json().track_versions['1']).toBe(3);
    expect(await c.boxes(v.videoId, 1)).toEqual(before);
  });

  it('answers 428 without the track version, 409 naming who changed it, 422 for a bad range, 401 for a guest', async () => {
    const v = await seedAnnotatedVideo(t.database);
    const url = `${v.videoId}/tracks/1/detections`;
    const missing = await c.call('DELETE', `${url}?from=2&to=5`);
    expect(missing.statusCode).toBe(428);
    expect(missing.json().detail).toMatch(/Track 1 is at version 1: send the track version/);
    await c.call('DELETE', `${url}?from=0&to=0&version=1`);
    const stale = await c.call('DELETE', `${url}?from=2&to=5&version=1`);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().detail).toMatch(/^Track 1 was changed by ann\.one at .* \(version 2\)/);
    expect((await c.call('DELETE', `${url}?from=5&to=2&version=2`)).statusCode).toBe(422);
    expect((await c.call('DELETE', `${url}?from=2&to=300&version=2`)).json().detail).toMatch(
      /below the video's 300 frames/,
    );
    expect((await c.call('DELETE', `${url}?from=x&to=3&version=2`)).statusCode).toBe(400);
    expect((await c.call('DELETE', `${url}?from=2&to=5&version=2`, undefined, {})).statusCode).toBe(401);
    expect(await c.rows(v.videoId, 1)).toHaveLength(9);
  });
});

describe('POST /annotations/{id}/tracks/{trackId}/split', () => {
  it('moves the boxes from the frame on to a new track, cutting the segment that spans the cut; undo restores exactly', async () => {
    const v = await seedAnnotatedVideo(t.database);
    const [before1, segsBefore] = [await c.boxes(v.videoId, 1), await segments(v.videoId)];
    const res = await c.call('POST', `${v.videoId}/tracks/1/split`, { frame: 3, version: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ new_track_id: 3, track_version: 2, new_track_version: 1 });
    expect((await c.rows(v.videoId, 1)).map((r) => r.frame)).toEqual([0, 1, 2]);
    const moved = await c.rows(v.videoId, 3);
    expect(moved.map((r) => r.frame)).toEqual([3, 4, 5, 6, 7, 8, 9]);
    expect(moved[0]).toMatchObject({ updated_by_id: 'ann.one', version: 2 });
    expect((await segments(v.videoId)).map((s) => [s.track_id, s.start_time, s.end_time])).toEqual([
      [1, 0, 0.1],
      [2, 3, 4],
      [3, 0.1, 2],
    ]);
    const back = await c.restore(v.videoId, res.json().undo_token);
    expect(back.statusCode).toBe(200);
    expect(await c.boxes(v.videoId, 1)).toEqual(before1);
    expect(await c.rows(v.videoId, 3)).toEqual([]);
    expect((await segments(v.videoId)).map((s) => [s.id, s.track_id, s.start_time, s.end_time])).toEqual(
      segsBefore.map((s) => [s.id, s.track_id, s.start_time, s.end_time]),
    );
  });

  it('refuses a split that moves nothing or everything (422), a stale version (409), a frame past the end (422)', async () => {
    const v = await seedAnnotatedVideo(t.database);
    expect((await c.call('POST', `${v.videoId}/tracks/1/split`, { frame: 0, version: 1 })).json().detail).toMatch(
      /no box before frame 0/,
    );
    expect((await c.call('POST', `${v.videoId}/tracks/1/split`, { frame: 20, version: 1 })).statusCode).toBe(422);
    expect((await c.call('POST', `${v.videoId}/tracks/1/split`, { frame: 300, version: 1 })).statusCode).toBe(422);
    expect((await c.call('POST', `${v.videoId}/tracks/1/split`, { frame: 3, version: 4 })).statusCode).toBe(409);
    expect((await c.call('POST', `${v.videoId}/tracks/1/split`, { frame: 3 })).statusCode).toBe(428);
    expect(await c.rows(v.videoId, 1)).toHaveLength(10);
  });
});

describe('two range calls based on one track version', () => {
  it('let exactly one through; the other is refused with 409', async () => {
    const v = await seedAnnotatedVideo(t.database);
    const [a, b] = await Promise.all([
      c.call('POST', `${v.videoId}/tracks/1/split`, { frame: 3, version: 1 }),
      c.call('DELETE', `${v.videoId}/tracks/1/detections?from=0&to=1&version=1`),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect((await c.versions(v.videoId))[1]).toBe(2);
  });
});

describe('POST /annotations/{id}/tracks/swap', () => {
  it('exchanges boxes and segments of two tracks from a frame on, both versions rise; undo restores', async () => {
    const v = await seedAnnotatedVideo(t.database);
    const [b1, b2] = [await c.boxes(v.videoId, 1), await c.boxes(v.videoId, 2)];
    const res = await c.call('POST', `${v.videoId}/tracks/swap`, {
      track_a: 1,
      track_b: 2,
      from_frame: 7,
      versions: { 1: 1, 2: 1 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ track_versions: { 1: 2, 2: 2 }, undo_token: expect.any(Number) });
    const one = await c.rows(v.videoId, 1);
    expect(one.map((r) => r.frame)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
    expect(one.find((r) => r.frame === 8)?.x1).toBeCloseTo(0.5); // track 2's box
    expect(one.find((r) => r.frame === 8)?.version).toBe(2); // above both boxes that stood there
    expect((await c.rows(v.videoId, 2)).map((r) => [r.frame, Math.round(r.x1 * 10) / 10])).toEqual([
      [5, 0.5],
      [6, 0.5],
      [7, 0.1],
      [8, 0.1],
      [9, 0.1],
    ]);
    expect((await segments(v.videoId)).map((s) => [s.track_id, s.action_class])).toEqual([
      [1, 'run'],
      [1, 'jump'],
      [2, 'run'],
    ]);
    await c.restore(v.videoId, res.json().undo_token);
    expect([await c.boxes(v.videoId, 1), await c.boxes(v.videoId, 2)]).toEqual([b1, b2]);
    expect((await segments(v.videoId)).map((s) => [s.track_id, s.action_class, s.end_time])).toEqual([
      [1, 'run', 2],
      [2, 'jump', 4],
    ]);
  });

  it('needs both versions (428), current ones (409), two different tracks (400)', async () => {
    const v = await seedAnnotatedVideo(t.database);
    const swap = (body: object) => c.call('POST', `${v.videoId}/tracks/swap`, body);
    expect((await swap({ track_a: 1, track_b: 2, from_frame: 7, versions: { 1: 1 } })).statusCode).toBe(428);
    expect((await swap({ track_a: 1, track_b: 2, from_frame: 7, versions: { 1: 1, 2: 3 } })).statusCode).toBe(409);
    expect((await swap({ track_a: 1, track_b: 1, from_frame: 7, versions: { 1: 1 } })).statusCode).toBe(400);
    expect((await swap({ track_a: 1, track_b: 2, from_frame: 999, versions: { 1: 1, 2: 1 } })).statusCode).toBe(422);
  });
});

describe('POST /annotations/{id}/tracks/{trackId}/move', () => {
  it('moves a range to a new track (with the segments inside it), and to an existing one; undo restores', async () => {
    const v = await seedAnnotatedVideo(t.database);
    const b1 = await c.boxes(v.videoId, 1);
    const res = await c.call('POST', `${v.videoId}/tracks/1/move`, { from_frame: 0, to_frame: 4, version: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ target_track_id: 3, track_version: 2, target_track_version: 1 });
    expect((await c.rows(v.videoId, 3)).map((r) => r.frame)).toEqual([0, 1, 2, 3, 4]);
    await c.restore(v.videoId, res.json().undo_token);
    expect(await c.boxes(v.videoId, 1)).toEqual(b1);
    expect(await c.rows(v.videoId, 3)).toEqual([]);

    const versions = await c.versions(v.videoId);
    const into = await c.call('POST', `${v.videoId}/tracks/2/move`, {
      from_frame: 10,
      to_frame: 14,
      target_track_id: 1,
      version: versions[2],
      target_version: versions[1],
    });
    expect(into.statusCode).toBe(200);
    expect(into.json()).toMatchObject({
      target_track_id: 1,
      track_version: versions[2] + 1,
      target_track_version: versions[1] + 1,
    });
    expect((await c.rows(v.videoId, 1)).map((r) => r.frame)).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14,
    ]);
  });

  it('answers 409 when the target has a box on a frame of the range, 428 without the target version', async () => {
    const v = await seedAnnotatedVideo(t.database);
    const clash = await c.call('POST', `${v.videoId}/tracks/2/move`, {
      from_frame: 5,
      to_frame: 9,
      target_track_id: 1,
      version: 1,
      target_version: 1,
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().detail).toMatch(/Track 1 already has a box on 5 frame\(s\) of the range \(first: frame 5\)/);
    expect(
      (
        await c.call('POST', `${v.videoId}/tracks/2/move`, {
          from_frame: 10,
          to_frame: 14,
          target_track_id: 1,
          version: 1,
        })
      ).statusCode,
    ).toBe(428);
    expect(await c.rows(v.videoId, 2)).toHaveLength(10);
  });
});
