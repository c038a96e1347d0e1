// Joint visibility through the correction calls (issue 25 item 5): a new track and a keyframe store it,
// interpolation blends it (absent at either end absent, occluded at either end occluded), propagate takes
// the keyframe's, and split / swap / move / range delete / undo keep each row's. Every check reads what a
// user sees: the JSON set and the window's visibility section.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, makeTestApp, type TestApp } from '../helpers/test-app';
import { seedAnnotatedVideo } from '../annotate-edit/seed';
import { trackCalls } from '../helpers/track-calls';
import { VISIBILITY_NONE } from '../../domain/detection-window';

let t: TestApp;
let c: ReturnType<typeof trackCalls>;
beforeAll(async () => {
  t = await makeTestApp();
  c = trackCalls(t);
});
afterAll(async () => {
  await t.close();
});

/** 17 joints: visible except the occluded and absent ones named. */
const vis = (occluded: number[], absent: number[] = []) =>
  Array.from({ length: 17 }, (_, i) => (absent.includes(i) ? 0 : occluded.includes(i) ? 1 : 2));
const box = (x1: number) => ({ x1, y1: 0.2, x2: x1 + 0.1, y2: 0.4 });
const joints = (x: number) => Array.from({ length: 17 }, () => [x, 0.5, 1]);

/** The visibility of one detection as the JSON set and the window answer it (null / all 255 when none stored). */
async function shown(videoId: number, track: number, frame: number) {
  const set = (await t.app.inject({ url: `/api/v1/annotations/${videoId}` })).json();
  const dets = set.person_tracks.find((p: { track_id: number }) => p.track_id === track)?.detections ?? [];
  const json = dets.find((d: { frame: number }) => d.frame === frame) as
    { keypoint_visibility: number[] | null; keypoints: number[][] } | undefined;
  const win = await c.window(videoId, frame, frame + 1);
  const i = Array.from(win.tracks).findIndex((tr, k) => tr === track && win.frames[k] === frame);
  const windowVis = i < 0 ? undefined : Array.from(win.visibility.subarray(i * 17, i * 17 + 17));
  const windowJson = windowVis && windowVis.every((b) => b === VISIBILITY_NONE) ? null : windowVis;
  // the two reads must agree: the window carries what the JSON says
  expect(windowJson).toEqual(json ? json.keypoint_visibility : undefined);
  return json;
}

async function keyframe(videoId: number, track: number, frame: number, body: object) {
  const row = (await c.rows(videoId, track)).find((r) => r.frame === frame);
  const res = await c.call('PUT', `${videoId}/tracks/${track}/detections/${frame}`, {
    ...body,
    ...(row ? { version: row.version } : {}),
  });
  expect(res.statusCode).toBeLessThan(300);
  return res.json();
}

describe('a new track and a keyframe store keypoint_visibility', () => {
  it('POST …/tracks stores it and answers it', async () => {
    const v = await seedAnnotatedVideo(t.database);
    const res = await c.call('POST', `${v.videoId}/tracks`, {
      frame: 4,
      box: box(0.3),
      keypoints: joints(0.35),
      keypoint_visibility: vis([1], [2]),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().detection.keypoint_visibility).toEqual(vis([1], [2]));
    expect((await shown(v.videoId, res.json().track_id, 4))!.keypoint_visibility).toEqual(vis([1], [2]));
  });

  it('PUT stores it on a new keyframe; a replace without it keeps it, null clears it', async () => {
    const v = await seedAnnotatedVideo(t.database);
    const k = await keyframe(v.videoId, 1, 3, { ...box(0.2), keypoint_visibility: vis([4], [5]) });
    expect(k.detection.keypoint_visibility).toEqual(vis([4], [5]));
    expect((await shown(v.videoId, 1, 3))!.keypoint_visibility).toEqual(vis([4], [5]));
    await keyframe(v.videoId, 1, 3, box(0.25));
    expect((await shown(v.videoId, 1, 3))!.keypoint_visibility).toEqual(vis([4], [5]));
    const cleared = await keyframe(v.videoId, 1, 3, { ...box(0.25), keypoint_visibility: null });
    expect(cleared.detection.keypoint_visibility).toBeNull();
    expect((await shown(v.videoId, 1, 3))!.keypoint_visibility).toBeNull();
  });
});

describe('interpolation keeps visibility', () => {
  it('the fill of a drawn track: absent at either end absent (no position), occluded at either end occluded', async () => {
    const v = await seedAnnotatedVideo(t.database);
    const made = await c.call('POST', `${v.videoId}/tracks`, {
      frame: 10,
      box: box(0.1),
      keypoints: joints(0.1),
      keypoint_visibility: vis([1], [0]),
    });
    const id = made.json().track_id as number;
    await keyframe(v.videoId, id, 14, { ...box(0.5), keypoints: joints(0.5), keypoint_visibility: vis([2], [3]) });
    for (const f of [11, 12, 13]) {
      const d = (await shown(v.videoId, id, f))!;
      expect(d.keypoint_visibility).toEqual(vis([1, 2], [0, 3]));
      expect(d.keypoints[0]).toEqual([0, 0, 0]);
      expect(d.keypoints[3]).toEqual([0, 0, 0]);
    }
    expect((await shown(v.videoId, id, 12))!.keypoints[1][0]).toBeCloseTo(0.3); // an occluded joint keeps its place
  });

  it('stores none where neither keyframe stores any', async () => {
    const v = await seedAnnotatedVideo(t.database);
    const made = await c.call('POST', `${v.videoId}/tracks`, { frame: 10, box: box(0.1), keypoints: joints(0.1) });
    const id = made.json().track_id as number;
    await keyframe(v.videoId, id, 13, { ...box(0.4), keypoints: joints(0.4) });
    expect((await shown(v.videoId, id, 11))!.keypoint_visibility).toBeNull();
    expect((await shown(v.videoId, id, 11))!.keypoints[0][0]).toBeCloseTo(0.2);
  });

  it('POST …/interpolate blends the ends, one of them storing none (its joints count by score)', async () => {
    const v = await seedAnnotatedVideo(t.database);
    await keyframe(v.videoId, 1, 2, { ...box(0.1), keypoints: joints(0.2), keypoint_visibility: vis([6], [7]) });
    const k = await keyframe(v.videoId, 1, 6, { ...box(0.3), keypoints: joints(0.6) });
    const res = await c.call('POST', `${v.videoId}/tracks/1/interpolate`, {
      from_frame: 2,
      to_frame: 6,
      version: k.track_version,
    });
    expect(res.statusCode).toBe(200);
    const d = (await shown(v.videoId, 1, 4))!;
    expect(d.keypoint_visibility).toEqual(vis([6], [7]));
    expect(d.keypoints[7]).toEqual([0, 0, 0]);
    expect(d.keypoints[6][0]).toBeCloseTo(0.4);
  });
});

describe("propagate takes the keyframe's visibility", () => {
  it('each changed frame gets the joints the person marked occluded or absent; undo puts back none', async () => {
    const v = await seedAnnotatedVideo(t.database);
    const k = await keyframe(v.videoId, 1, 2, { ...box(0.12), keypoint_visibility: vis([8], [9]) });
    const res = await c.call('POST', `${v.videoId}/tracks/1/propagate`, {
      from_frame: 2,
      to_frame: 5,
      version: k.track_version,
    });
    expect(res.json()).toMatchObject({ changed_frames: 3 });
    for (const f of [3, 4, 5]) expect((await shown(v.videoId, 1, f))!.keypoint_visibility).toEqual(vis([8], [9]));
    expect((await shown(v.videoId, 1, 6))!.keypoint_visibility).toBeNull();
    await c.restore(v.videoId, res.json().undo_token);
    expect((await shown(v.videoId, 1, 4))!.keypoint_visibility).toBeNull();
  });
});

/** Sets the visibility of stored rows of track `track` with PATCH (each row's own pattern: joint frame % 17 occluded). */
async function markRows(videoId: number, track: number, frames: number[]) {
  for (const f of frames) {
    const row = (await c.rows(videoId, track)).find((r) => r.frame === f)!;
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/annotations/${videoId}/tracks/${track}/detections/${f}`,
      headers: as('ann.one'),
      payload: { keypoint_visibility: vis([f % 17]), version: row.version },
    });
    expect(res.statusCode).toBe(200);
  }
}

describe("split, swap, move, range delete and undo keep each row's visibility", () => {
  it('split: the moved rows keep theirs on the new track; undo puts them back', async () => {
    const v = await seedAnnotatedVideo(t.database);
    await markRows(v.videoId, 1, [3, 7]);
    const version = (await c.versions(v.videoId))[1];
    const res = await c.call('POST', `${v.videoId}/tracks/1/split`, { frame: 5, version });
    const newId = res.json().new_track_id as number;
    expect((await shown(v.videoId, 1, 3))!.keypoint_visibility).toEqual(vis([3]));
    expect((await shown(v.videoId, newId, 7))!.keypoint_visibility).toEqual(vis([7]));
    expect((await shown(v.videoId, newId, 8))!.keypoint_visibility).toBeNull();
    await c.restore(v.videoId, res.json().undo_token);
    expect((await shown(v.videoId, 1, 7))!.keypoint_visibility).toEqual(vis([7]));
  });

  it('swap and move: the rows take their visibility to the other track', async () => {
    const v = await seedAnnotatedVideo(t.database);
    await markRows(v.videoId, 1, [6]);
    await markRows(v.videoId, 2, [8]);
    const vs = await c.versions(v.videoId);
    const swap = await c.call('POST', `${v.videoId}/tracks/swap`, {
      track_a: 1,
      track_b: 2,
      from_frame: 5,
      versions: { 1: vs[1], 2: vs[2] },
    });
    expect(swap.statusCode).toBe(200);
    expect((await shown(v.videoId, 2, 6))!.keypoint_visibility).toEqual(vis([6]));
    expect((await shown(v.videoId, 1, 8))!.keypoint_visibility).toEqual(vis([8]));
    const moved = await c.call('POST', `${v.videoId}/tracks/1/move`, {
      from_frame: 8,
      to_frame: 9,
      version: swap.json().track_versions['1'],
    });
    expect(moved.statusCode).toBe(200);
    expect((await shown(v.videoId, moved.json().target_track_id, 8))!.keypoint_visibility).toEqual(vis([8]));
    await c.restore(v.videoId, moved.json().undo_token);
    expect((await shown(v.videoId, 1, 8))!.keypoint_visibility).toEqual(vis([8]));
  });

  it('range delete: the undo puts the rows back with their visibility', async () => {
    const v = await seedAnnotatedVideo(t.database);
    await markRows(v.videoId, 2, [9, 10]);
    const res = await c.call(
      'DELETE',
      `${v.videoId}/tracks/2/detections?from=8&to=11&version=${(await c.versions(v.videoId))[2]}`,
    );
    expect(res.json()).toMatchObject({ deleted: 4 });
    expect(await shown(v.videoId, 2, 9)).toBeUndefined();
    await c.restore(v.videoId, res.json().undo_token);
    expect((await shown(v.videoId, 2, 9))!.keypoint_visibility).toEqual(vis([9]));
    expect((await shown(v.videoId, 2, 10))!.keypoint_visibility).toEqual(vis([10]));
  });
});

describe('range delete on a drawn track refills next to the gap', () => {
  it('the interpolated frames on both sides follow the keyframes left; the gap stays empty; undo restores', async () => {
    const v = await seedAnnotatedVideo(t.database);
    const made = await c.call('POST', `${v.videoId}/tracks`, { frame: 10, box: box(0.1) });
    const id = made.json().track_id as number;
    await keyframe(v.videoId, id, 20, box(0.9));
    await keyframe(v.videoId, id, 14, box(0.5));
    const before = await c.boxes(v.videoId, id);
    const version = (await c.versions(v.videoId))[id];
    const res = await c.call('DELETE', `${v.videoId}/tracks/${id}/detections?from=13&to=15&version=${version}`);
    expect(res.statusCode).toBe(200);
    const rows = await c.rows(v.videoId, id);
    expect(rows.map((r) => r.frame)).toEqual([10, 11, 12, 16, 17, 18, 19, 20]);
    // between the keyframes 10 (x1 0.1) and 20 (x1 0.9) now
    expect(rows.find((r) => r.frame === 11)!.x1).toBeCloseTo(0.18);
    expect(rows.find((r) => r.frame === 16)!.x1).toBeCloseTo(0.58);
    expect(rows.find((r) => r.frame === 16)!.source).toBe('interpolated');
    await c.restore(v.videoId, res.json().undo_token);
    expect(await c.boxes(v.videoId, id)).toEqual(before);
  });
});
