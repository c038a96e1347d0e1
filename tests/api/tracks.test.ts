// Track merge and delete, each in one transaction, and their server-side undo (restore by token).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, makeTestApp, type TestApp } from '../helpers/test-app';
import { seedAnnotatedVideo } from '../annotate-edit/seed';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

const frames = async (videoId: number, track: number) =>
  (
    await t.database.sql.query<{ frame: number; x1: number }>(
      'select frame, x1 from detections where video_id = $1 and track_id = $2 order by frame',
      [videoId, track],
    )
  ).rows;
const segTracks = async (videoId: number) =>
  (
    await t.database.sql.query<{ id: number; track_id: number }>(
      'select id, track_id from action_segments where video_id = $1 order by id',
      [videoId],
    )
  ).rows;
const merge = (videoId: number, body: unknown, headers: Record<string, string> = as('ann.one')) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/annotations/${videoId}/tracks/merge`,
    headers,
    payload: body as object,
  });
const restore = (videoId: number, token: number) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/annotations/${videoId}/tracks/restore`,
    headers: as('ann.one'),
    payload: { undo_token: token },
  });

describe('POST /annotations/{videoId}/tracks/merge', () => {
  it("replaces the base track's overlapping frames with the merge track's and moves its segments", async () => {
    const v = await seedAnnotatedVideo(t.database);
    const res = await merge(v.videoId, { base_track_id: 1, merge_track_id: 2 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      base_track_id: 1,
      merge_track_id: 2,
      replaced_frames: 5,
      moved_frames: 10,
      moved_segments: 1,
    });
    const base = await frames(v.videoId, 1);
    expect(base.map((r) => r.frame)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
    expect(base.find((r) => r.frame === 7)?.x1).toBeCloseTo(0.5); // from the merge track
    expect(base.find((r) => r.frame === 2)?.x1).toBeCloseTo(0.1); // the base track's own
    expect(await frames(v.videoId, 2)).toEqual([]);
    expect((await segTracks(v.videoId)).map((s) => s.track_id)).toEqual([1, 1]);
  });

  it('undoes a merge exactly with its token, once', async () => {
    const v = await seedAnnotatedVideo(t.database);
    const before1 = await frames(v.videoId, 1);
    const before2 = await frames(v.videoId, 2);
    const { undo_token } = (await merge(v.videoId, { base_track_id: 1, merge_track_id: 2 })).json();
    const res = await restore(v.videoId, undo_token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ kind: 'track.merge', track_ids: [1, 2], restored_detections: 20 });
    expect(await frames(v.videoId, 1)).toEqual(before1);
    expect(await frames(v.videoId, 2)).toEqual(before2);
    expect((await segTracks(v.videoId)).map((s) => s.track_id)).toEqual([1, 2]);
    const again = await restore(v.videoId, undo_token);
    expect(again.statusCode).toBe(404);
    expect(again.json().detail).toMatch(/already used/);
  });

  it('answers 400 for the same track twice, 404 for an unknown track, 401 for guests', async () => {
    const v = await seedAnnotatedVideo(t.database);
    const same = await merge(v.videoId, { base_track_id: 1, merge_track_id: 1 });
    expect(same.statusCode).toBe(400);
    expect(same.json().detail).toBe('Please choose two different tracks.');
    const unknown = await merge(v.videoId, { base_track_id: 1, merge_track_id: 7 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe(`Track 7 not found in video ${v.videoId}`);
    expect((await merge(v.videoId, { base_track_id: 1, merge_track_id: 2 }, {})).statusCode).toBe(401);
    expect((await merge(v.videoId, { base_track_id: 'one', merge_track_id: 2 })).statusCode).toBe(400);
    expect(await frames(v.videoId, 2)).toHaveLength(10); // nothing changed
  });
});

describe('DELETE /annotations/{videoId}/tracks/{trackId}', () => {
  it('deletes the detections and segments of the track, and restore brings them back', async () => {
    const v = await seedAnnotatedVideo(t.database);
    const url = `/api/v1/annotations/${v.videoId}/tracks/2`;
    expect((await t.app.inject({ method: 'DELETE', url })).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'DELETE', url, headers: as('ann.one') });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ track_id: 2, deleted_detections: 10, deleted_segments: 1 });
    expect(await frames(v.videoId, 2)).toEqual([]);
    expect((await segTracks(v.videoId)).map((s) => s.track_id)).toEqual([1]);
    const again = await t.app.inject({ method: 'DELETE', url, headers: as('ann.one') });
    expect(again.statusCode).toBe(404);

    const back = await restore(v.videoId, res.json().undo_token);
    expect(back.statusCode).toBe(200);
    expect(back.json().segments).toEqual([
      expect.objectContaining({ id: v.segmentIds[1], track_id: 2, action_class: 'jump', version: 2 }),
    ]);
    expect(await frames(v.videoId, 2)).toHaveLength(10);
  });

  it('rejects a token of another video', async () => {
    const a = await seedAnnotatedVideo(t.database);
    const b = await seedAnnotatedVideo(t.database);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/annotations/${a.videoId}/tracks/1`,
      headers: as('ann.one'),
    });
    expect((await restore(b.videoId, res.json().undo_token)).statusCode).toBe(404);
  });
});
