// Calls 7–8 of the correction calls: interpolate between two keyframes, and propagate a correction to the
// following AI frames of the track.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, makeTestApp, seedUser, type TestApp } from '../helpers/test-app';
import { seedAnnotatedVideo } from '../annotate-edit/seed';
import { trackCalls } from '../helpers/track-calls';

let t: TestApp;
let c: ReturnType<typeof trackCalls>;
beforeAll(async () => {
  t = await makeTestApp();
  c = trackCalls(t);
  await seedUser(t.database, 'admin.one', 'admin');
});
afterAll(async () => {
  await t.close();
});

/** Writes a keyframe over the stored box of `frame` (its version read first). */
async function keyframe(videoId: number, track: number, frame: number, body: object) {
  const row = (await c.rows(videoId, track)).find((r) => r.frame === frame);
  const res = await c.call('PUT', `${videoId}/tracks/${track}/detections/${frame}`, {
    ...body,
    ...(row ? { version: row.version } : {}),
  });
  expect(res.statusCode).toBeLessThan(300);
  return res.json();
}

describe('POST /annotations/{id}/tracks/{trackId}/interpolate', () => {
  it('replaces the frames between two keyframes by a linear interpolation of box and joints; undo restores', async () => {
    const v = await seedAnnotatedVideo(t.database);
    await keyframe(v.videoId, 1, 2, { x1: 0.1, y1: 0.1, x2: 0.3, y2: 0.5 });
    const k = await keyframe(v.videoId, 1, 8, {
      x1: 0.4,
      y1: 0.1,
      x2: 0.6,
      y2: 0.5,
      keypoints: Array(17).fill([0.8, 0.8, 1]),
    });
    const before = await c.boxes(v.videoId, 1);
    const res = await c.call('POST', `${v.videoId}/tracks/1/interpolate`, {
      from_frame: 2,
      to_frame: 8,
      version: k.track_version,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      filled_frames: 5,
      track_version: k.track_version + 1,
      undo_token: expect.any(Number),
    });
    const rows = await c.rows(v.videoId, 1);
    const mid = rows.find((r) => r.frame === 5)!;
    expect(mid).toMatchObject({ source: 'interpolated', updated_by_id: 'ann.one' });
    expect(mid.x1).toBeCloseTo(0.25);
    expect(mid.keypoints![0]).toBeCloseTo(0.5); // joint 0 from 0.2 to 0.8
    expect(rows.filter((r) => r.frame > 8).every((r) => r.source === 'ai')).toBe(true);
    await c.restore(v.videoId, res.json().undo_token);
    expect(await c.boxes(v.videoId, 1)).toEqual(before);
  });

  it("takes the AI's box as an end: from a drawn keyframe to an AI frame it fills the frames between", async () => {
    const v = await seedAnnotatedVideo(t.database);
    const k = await keyframe(v.videoId, 1, 2, { x1: 0.5, y1: 0.1, x2: 0.7, y2: 0.5 });
    const res = await c.call('POST', `${v.videoId}/tracks/1/interpolate`, {
      from_frame: 2,
      to_frame: 8,
      version: k.track_version,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ filled_frames: 5 });
    const rows = await c.rows(v.videoId, 1);
    expect(rows.find((r) => r.frame === 5)!.x1).toBeCloseTo(0.3); // halfway from 0.5 to the AI's 0.1
    expect(rows.find((r) => r.frame === 8)).toMatchObject({ source: 'ai' });
    expect(res.json().detection_versions.map((d: { frame: number }) => d.frame)).toEqual([3, 4, 5, 6, 7]);
  });

  it('answers 422 when an end has no stored box or nothing lies between, 409 when the version is stale', async () => {
    const v = await seedAnnotatedVideo(t.database);
    const k = await keyframe(v.videoId, 1, 2, { x1: 0.1, y1: 0.1, x2: 0.3, y2: 0.5 });
    const noBox = await c.call('POST', `${v.videoId}/tracks/1/interpolate`, {
      from_frame: 2,
      to_frame: 12,
      version: k.track_version,
    });
    expect(noBox.statusCode).toBe(422);
    expect(noBox.json().detail).toBe('Track 1 has no box stored at frame 12 to interpolate from or to');
    expect(
      (
        await c.call('POST', `${v.videoId}/tracks/1/interpolate`, {
          from_frame: 2,
          to_frame: 3,
          version: k.track_version,
        })
      ).statusCode,
    ).toBe(422);
    expect(
      (
        await c.call('POST', `${v.videoId}/tracks/1/interpolate`, {
          from_frame: 2,
          to_frame: 400,
          version: k.track_version,
        })
      ).statusCode,
    ).toBe(422);
    expect(
      (await c.call('POST', `${v.videoId}/tracks/1/interpolate`, { from_frame: 2, to_frame: 8, version: 1 }))
        .statusCode,
    ).toBe(409);
    expect(
      (
        await c.call(
          'POST',
          `${v.videoId}/tracks/1/interpolate`,
          { from_frame: 2, to_frame: 8, version: k.track_version },
          {},
        )
      ).statusCode,
    ).toBe(401);
  });
});

describe('POST /annotations/{id}/tracks/{trackId}/propagate', () => {
  it('applies the correction at a frame to the following AI frames, each relative to its own AI box, up to to_frame', async () => {
    const v = await seedAnnotatedVideo(t.database);
    // the AI box of track 1 is (0.1, 0.1)–(0.3, 0.5) on every frame; the person is 0.02 further right
    const k = await keyframe(v.videoId, 1, 2, { x1: 0.12, y1: 0.1, x2: 0.32, y2: 0.5 });
    const res = await c.call('POST', `${v.videoId}/tracks/1/propagate`, {
      from_frame: 2,
      to_frame: 5,
      version: k.track_version,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ changed_frames: 3, track_version: k.track_version + 1 });
    const rows = await c.rows(v.videoId, 1);
    expect(rows.filter((r) => r.frame >= 3 && r.frame <= 5).map((r) => [r.source, Math.round(r.x1 * 100)])).toEqual([
      ['interpolated', 12],
      ['interpolated', 12],
      ['interpolated', 12],
    ]);
    expect(rows.find((r) => r.frame === 6)).toMatchObject({ source: 'ai' });
    expect(rows.find((r) => r.frame === 6)!.x1).toBeCloseTo(0.1);
  });

  it('stops at the next keyframe; with no kept AI box it measures against the neighbouring AI frame', async () => {
    const v = await seedAnnotatedVideo(t.database);
    await c.call('DELETE', `${v.videoId}/tracks/2/detections/8?version=1`);
    await keyframe(v.videoId, 2, 12, { x1: 0.5, y1: 0.2, x2: 0.7, y2: 0.6 });
    const k = await keyframe(v.videoId, 2, 8, { x1: 0.45, y1: 0.2, x2: 0.65, y2: 0.6 }); // drawn on an empty frame
    const res = await c.call('POST', `${v.videoId}/tracks/2/propagate`, { from_frame: 8, version: k.track_version });
    expect(res.json()).toMatchObject({ changed_frames: 3 });
    const rows = await c.rows(v.videoId, 2);
    expect(rows.filter((r) => r.frame > 8 && r.frame < 12).every((r) => Math.abs(r.x1 - 0.45) < 1e-6)).toBe(true);
    expect(rows.find((r) => r.frame === 13)!.x1).toBeCloseTo(0.5);
  });

  it('answers 422 when the frame is not a keyframe, 428 without a version; undo restores exactly', async () => {
    const v = await seedAnnotatedVideo(t.database);
    expect(
      (await c.call('POST', `${v.videoId}/tracks/1/propagate`, { from_frame: 2, version: 1 })).json().detail,
    ).toMatch(/not a keyframe/);
    const k = await keyframe(v.videoId, 1, 2, { x1: 0.12, y1: 0.1, x2: 0.32, y2: 0.5 });
    expect((await c.call('POST', `${v.videoId}/tracks/1/propagate`, { from_frame: 2 })).statusCode).toBe(428);
    const before = await c.boxes(v.videoId, 1);
    const res = await c.call('POST', `${v.videoId}/tracks/1/propagate`, { from_frame: 2, version: k.track_version });
    expect(res.json().changed_frames).toBe(7);
    await c.restore(v.videoId, res.json().undo_token);
    expect(await c.boxes(v.videoId, 1)).toEqual(before);
  });

  it('without to_frame and no later keyframe, changes at most propagate_max_seconds of video (1 s by default)', async () => {
    const v = await seedAnnotatedVideo(t.database);
    // track 1 has AI boxes on 0 … 9; give it 100 more, so "the rest of the track" is over 3 s at 30 fps
    await t.database.sql.query(
      `insert into detections (video_id, track_id, frame, x1, y1, x2, y2, confidence, source)
       select $1, 1, f, 0.1, 0.1, 0.3, 0.5, 0.9, 'ai' from generate_series(10, 109) as f`,
      [v.videoId],
    );
    const k = await keyframe(v.videoId, 1, 2, { x1: 0.12, y1: 0.1, x2: 0.32, y2: 0.5 });
    const res = await c.call('POST', `${v.videoId}/tracks/1/propagate`, { from_frame: 2, version: k.track_version });
    expect(res.json()).toMatchObject({ changed_frames: 30, to_frame: 32 });
    const changed = (await c.rows(v.videoId, 1)).filter((r) => r.source === 'interpolated').map((r) => r.frame);
    expect(changed).toEqual(Array.from({ length: 30 }, (_, i) => i + 3));
    // the setting moves the limit
    const settings = (await t.app.inject({ url: '/api/v1/settings/render' })).json();
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/settings/render',
      headers: as('admin.one', 'admin'),
      payload: { ...settings, propagate_max_seconds: 0.5 },
    });
    expect(put.statusCode).toBe(200);
    const k2 = await keyframe(v.videoId, 1, 50, { x1: 0.12, y1: 0.1, x2: 0.32, y2: 0.5 });
    const half = await c.call('POST', `${v.videoId}/tracks/1/propagate`, { from_frame: 50, version: k2.track_version });
    expect(half.json()).toMatchObject({ changed_frames: 15, to_frame: 65 });
  });
});
