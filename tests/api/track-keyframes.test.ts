// Calls 1–2 of the correction calls: a new drawn track, and keyframes (PUT) that refill the frames between
// neighbouring keyframes of a drawn track, outside keyframes, versions and undo.
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

const box = (x1: number) => ({ x1, y1: 0.2, x2: x1 + 0.1, y2: 0.4 });

async function drawnTrack() {
  const v = await seedAnnotatedVideo(t.database);
  const res = await c.call('POST', `${v.videoId}/tracks`, { frame: 0, box: box(0.1) });
  return { ...v, res, trackId: res.json().track_id as number };
}

describe('POST /annotations/{id}/tracks', () => {
  it('makes a new human-made track (next free id, version 1) with one keyframe, and changes the ETag', async () => {
    const v = await seedAnnotatedVideo(t.database);
    const before = await c.summaryTag(v.videoId);
    const res = await c.call('POST', `${v.videoId}/tracks`, {
      frame: 4,
      box: box(0.3),
      keypoint_visibility: Array(17).fill(2),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      track_id: 3,
      track_version: 1,
      detection: { frame: 4, source: 'human', outside: false, updated_by_id: 'ann.one' },
    });
    expect((await c.rows(v.videoId, 3)).map((r) => [r.frame, r.source])).toEqual([[4, 'human']]);
    expect(await c.summaryTag(v.videoId)).not.toBe(before);
    const summary = (await t.app.inject({ url: `/api/v1/annotations/${v.videoId}/summary` })).json();
    expect(summary.tracks.find((x: { track_id: number }) => x.track_id === 3)).toMatchObject({
      version: 1,
      human_made: true,
    });
  });

  it('refuses a guest, a reversed box, bad visibility and a frame past the end', async () => {
    const v = await seedAnnotatedVideo(t.database);
    expect((await c.call('POST', `${v.videoId}/tracks`, { frame: 0, box: box(0.1) }, {})).statusCode).toBe(401);
    const reversed = await c.call('POST', `${v.videoId}/tracks`, {
      frame: 0,
      box: { x1: 0.5, y1: 0.2, x2: 0.4, y2: 0.4 },
    });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().detail).toBe('The box needs x1 < x2 and y1 < y2');
    expect(
      (await c.call('POST', `${v.videoId}/tracks`, { frame: 0, box: box(0.1), keypoint_visibility: Array(17).fill(3) }))
        .statusCode,
    ).toBe(400);
    const past = await c.call('POST', `${v.videoId}/tracks`, { frame: 300, box: box(0.1) });
    expect(past.statusCode).toBe(422);
    expect(past.json().detail).toMatch(/below the video's 300 frames/);
    expect(await c.rows(v.videoId, 3)).toEqual([]);
  });
});

describe('PUT /annotations/{id}/tracks/{trackId}/detections/{frame}', () => {
  it('adds a keyframe to a drawn track and fills the frames between with interpolated boxes', async () => {
    const v = await drawnTrack();
    const res = await c.call('PUT', `${v.videoId}/tracks/${v.trackId}/detections/10`, box(0.5));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ filled_frames: 9, track_version: 2, detection: { frame: 10, source: 'human' } });
    const rows = await c.rows(v.videoId, v.trackId);
    expect(rows.map((r) => r.frame)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(rows[5]).toMatchObject({ source: 'interpolated' });
    expect(rows[5].x1).toBeCloseTo(0.3);
    const read = (await t.app.inject({ url: `/api/v1/annotations/${v.videoId}` })).json();
    const track = read.person_tracks.find((p: { track_id: number }) => p.track_id === v.trackId);
    expect(track.version).toBe(2);
    expect(track.detections[5]).toMatchObject({ source: 'interpolated', outside: false });
  });

  it('replaces a keyframe only with its version (428 without, 409 naming who when stale) and refills', async () => {
    const v = await drawnTrack();
    const first = (await c.call('PUT', `${v.videoId}/tracks/${v.trackId}/detections/10`, box(0.5))).json();
    const url = `${v.videoId}/tracks/${v.trackId}/detections/10`;
    const missing = await c.call('PUT', url, box(0.7));
    expect(missing.statusCode).toBe(428);
    expect(missing.json().detail).toMatch(/send the version/);
    const stale = await c.call('PUT', url, { ...box(0.7), version: first.detection.version + 5 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().detail).toMatch(/changed by ann\.one at /);
    const ok = await c.call('PUT', url, { ...box(0.7), version: first.detection.version });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ filled_frames: 9, track_version: 3 });
    const rows = await c.rows(v.videoId, v.trackId);
    expect(rows[5].x1).toBeCloseTo(0.4);
    expect(rows[5].version).toBe(2); // the refilled box rose above the one it replaced
    // the answer names each refilled box with its version, so the editor's next save of one is based on it
    const stored = rows.filter((r) => r.source === 'interpolated').map((r) => ({ frame: r.frame, version: r.version }));
    expect(ok.json().detection_versions).toEqual(stored.map((r) => ({ track_id: v.trackId, ...r })));
  });

  it('a deleted keyframe of a drawn track: the frames around it are refilled and named in the answer', async () => {
    const v = await drawnTrack();
    await c.call('PUT', `${v.videoId}/tracks/${v.trackId}/detections/10`, box(0.5));
    const filled = (await c.rows(v.videoId, v.trackId))[5];
    const put = { ...box(0.9), version: filled.version };
    const mid = (await c.call('PUT', `${v.videoId}/tracks/${v.trackId}/detections/5`, put)).json();
    const res = await c.call(
      'DELETE',
      `${v.videoId}/tracks/${v.trackId}/detections/5?version=${mid.detection.version}`,
    );
    expect(res.statusCode).toBe(200);
    const rows = await c.rows(v.videoId, v.trackId);
    expect(rows[5]).toMatchObject({ source: 'interpolated' });
    expect(rows[5].x1).toBeCloseTo(0.3);
    expect(res.json().detection_versions).toEqual(
      rows
        .filter((r) => r.frame > 0 && r.frame < 10)
        .map((r) => ({ track_id: v.trackId, frame: r.frame, version: r.version })),
    );
  });

  it('writes an outside keyframe: the box held up to it, nothing after it, shown as outside in every read', async () => {
    const v = await drawnTrack();
    await c.call('PUT', `${v.videoId}/tracks/${v.trackId}/detections/10`, box(0.5));
    const out = await c.call('PUT', `${v.videoId}/tracks/${v.trackId}/detections/14`, { ...box(0.8), outside: true });
    expect(out.statusCode).toBe(201);
    expect(out.json().detection).toMatchObject({ frame: 14, outside: true, source: 'human', bbox: { x1: 0.5 } });
    expect(out.json().filled_frames).toBe(3);
    const back = await c.call('PUT', `${v.videoId}/tracks/${v.trackId}/detections/20`, box(0.2));
    expect(back.json().filled_frames).toBe(0); // interpolation never crosses the outside keyframe
    const rows = await c.rows(v.videoId, v.trackId);
    expect(rows.filter((r) => r.frame > 10).map((r) => [r.frame, r.source])).toEqual([
      [11, 'interpolated'],
      [12, 'interpolated'],
      [13, 'interpolated'],
      [14, 'outside'],
      [20, 'human'],
    ]);
    expect(rows.find((r) => r.frame === 12)?.x1).toBeCloseTo(0.5);
    const win = await c.window(v.videoId, 0, 30);
    const sourceAt = (f: number) =>
      win.human[[...win.frames].findIndex((x, i) => x === f && win.tracks[i] === v.trackId)];
    expect([sourceAt(0), sourceAt(5), sourceAt(14)]).toEqual([1, 2, 3]);
    const cvat = (await t.app.inject({ url: `/api/v1/annotations/${v.videoId}/export?format=cvat-video` })).body;
    expect(cvat).toMatch(/<box frame="14" keyframe="1" outside="1"/);
  });

  it("corrects an AI track's box as a keyframe without filling (the AI track is not drawn)", async () => {
    const v = await seedAnnotatedVideo(t.database);
    const [row] = (await c.rows(v.videoId, 1)).filter((r) => r.frame === 3);
    const res = await c.call('PUT', `${v.videoId}/tracks/1/detections/3`, { ...box(0.6), version: row.version });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      filled_frames: 0,
      track_version: 2,
      detection: { source: 'human', version: row.version + 1 },
    });
    expect((await c.rows(v.videoId, 1)).map((r) => r.source).filter((s) => s !== 'ai')).toEqual(['human']);
  });

  it('undoes a keyframe and its filled frames exactly with the undo_token', async () => {
    const v = await drawnTrack();
    const before = await c.boxes(v.videoId, v.trackId);
    const res = (await c.call('PUT', `${v.videoId}/tracks/${v.trackId}/detections/6`, box(0.4))).json();
    expect(res.filled_frames).toBe(5);
    const back = await c.restore(v.videoId, res.undo_token);
    expect(back.statusCode).toBe(200);
    expect(await c.boxes(v.videoId, v.trackId)).toEqual(before);
    expect(back.json().track_versions[v.trackId]).toBeGreaterThan(res.track_version);
  });

  it('refuses a partial box, a missing box, a frame past the end, a guest; 404 for an unknown track', async () => {
    const v = await drawnTrack();
    const url = `${v.videoId}/tracks/${v.trackId}/detections/5`;
    expect((await c.call('PUT', url, { x1: 0.1 })).json().detail).toBe('Send all of x1, y1, x2, y2 for a box');
    expect((await c.call('PUT', url, {})).statusCode).toBe(400);
    expect((await c.call('PUT', url, { x1: 0.5, y1: 0.2, x2: 0.4, y2: 0.4 })).statusCode).toBe(400);
    expect((await c.call('PUT', url, { ...box(0.1), keypoint_visibility: [2, 2] })).statusCode).toBe(400);
    expect((await c.call('PUT', url, { ...box(0.1), keypoint_visibility: Array(17).fill(1) })).statusCode).toBe(201);
    expect((await c.call('PUT', `${v.videoId}/tracks/${v.trackId}/detections/300`, box(0.1))).statusCode).toBe(422);
    expect((await c.call('PUT', `${v.videoId}/tracks/${v.trackId}/detections/6`, box(0.1), {})).statusCode).toBe(401);
    expect((await c.call('PUT', `${v.videoId}/tracks/77/detections/5`, box(0.1))).statusCode).toBe(404);
  });

  it("puts a drawn track's only box back under its id after it was removed (Redo of an undone draw); a deleted AI track stays gone", async () => {
    const v = await drawnTrack();
    expect((await c.call('DELETE', `${v.videoId}/tracks/${v.trackId}/detections/0?version=1`)).statusCode).toBe(200);
    expect(await c.rows(v.videoId, v.trackId)).toEqual([]);
    const back = await c.call('PUT', `${v.videoId}/tracks/${v.trackId}/detections/0`, box(0.1));
    expect(back.statusCode).toBe(201);
    expect(back.json()).toMatchObject({ detection: { frame: 0, source: 'human' } });
    expect((await c.rows(v.videoId, v.trackId)).map((r) => [r.frame, r.source])).toEqual([[0, 'human']]);
    expect((await c.call('DELETE', `${v.videoId}/tracks/1`)).statusCode).toBe(200);
    expect((await c.call('PUT', `${v.videoId}/tracks/1/detections/0`, box(0.1))).statusCode).toBe(404);
  });
});

describe('an outside keyframe in the review summary', () => {
  it('is no presence: the run of a drawn track ends before the frame the person left', async () => {
    const v = await drawnTrack();
    await c.call('PUT', `${v.videoId}/tracks/${v.trackId}/detections/10`, box(0.5));
    await c.call('PUT', `${v.videoId}/tracks/${v.trackId}/detections/14`, { outside: true });
    const s = (await t.app.inject({ url: `/api/v1/annotations/${v.videoId}/review-summary` })).json();
    expect(s.tracks.find((x: { track_id: number }) => x.track_id === v.trackId).runs).toEqual([0, 13]);
  });
});
