// Hidden joints on the server: each keypoint's visibility (2 visible, 1 occluded, 0 absent) is stored by
// PATCH, read back in the JSON set and the binary window (255 = none stored), and kept by undo.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, makeTestApp, type TestApp } from '../helpers/test-app';
import { multipart } from '../helpers/multipart';
import { seedAnnotatedVideo, type SeededVideo } from '../annotate-edit/seed';
import { decodeDetectionWindow } from '../../domain/detection-window';
import { storeAnalysis } from '../../server/jobs/kinds/processing/store-result';
import { eq } from 'drizzle-orm';
import { videos } from '../../server/db/schema';

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
const patch = (track: number, frame: number, body: object) =>
  t.app.inject({ method: 'PATCH', url: url(track, frame), headers: as('ann.one'), payload: body });
const stored = async (track: number, frame: number) =>
  (
    await t.database.sql.query<{ keypoint_visibility: number[] | null; version: number; x1: number }>(
      'select keypoint_visibility, version, x1 from detections where video_id = $1 and track_id = $2 and frame = $3',
      [v.videoId, track, frame],
    )
  ).rows[0];
const windowOf = async (from: number, to: number) => {
  const b = (await t.app.inject({ url: `/api/v1/annotations/${v.videoId}/detections?from=${from}&to=${to}` }))
    .rawPayload;
  return decodeDetectionWindow(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer);
};
const vis = (occluded: number[], absent: number[] = []) =>
  Array.from({ length: 17 }, (_, i) => (absent.includes(i) ? 0 : occluded.includes(i) ? 1 : 2));

describe('PATCH keypoint_visibility', () => {
  it('stores the visibility alone, keeping the box and keypoints, and answers it', async () => {
    const before = await stored(1, 2);
    const res = await patch(1, 2, { keypoint_visibility: vis([9], [10]), version: before.version });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      keypoint_visibility: vis([9], [10]),
      source: 'human',
      version: before.version + 1,
    });
    const after = await stored(1, 2);
    expect(after.keypoint_visibility).toEqual(vis([9], [10]));
    expect(after.x1).toBe(before.x1);
  });

  it('stores it with a box, and on a new row of an interpolated frame', async () => {
    const res = await patch(1, 30, { x1: 0.1, y1: 0.1, x2: 0.2, y2: 0.3, keypoint_visibility: vis([0]) });
    expect(res.statusCode).toBe(200);
    expect((await stored(1, 30)).keypoint_visibility).toEqual(vis([0]));
  });

  it('keeps a stored visibility when a later change sends none, and clears it with null', async () => {
    await patch(1, 3, { keypoint_visibility: vis([1]), version: (await stored(1, 3)).version });
    await patch(1, 3, { x1: 0.12, y1: 0.1, x2: 0.3, y2: 0.5, version: (await stored(1, 3)).version });
    expect((await stored(1, 3)).keypoint_visibility).toEqual(vis([1]));
    const cleared = await patch(1, 3, { keypoint_visibility: null, version: (await stored(1, 3)).version });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().keypoint_visibility).toBeNull();
    expect((await stored(1, 3)).keypoint_visibility).toBeNull();
  });

  it('follows the version rules: 428 without one for a stored row, 409 when stale', async () => {
    expect((await patch(1, 4, { keypoint_visibility: vis([]) })).statusCode).toBe(428);
    const res = await patch(1, 4, { keypoint_visibility: vis([]), version: 99 });
    expect(res.statusCode).toBe(409);
    expect((await stored(1, 4)).keypoint_visibility).toBeNull();
  });

  it.each([
    [{ keypoint_visibility: vis([]).slice(1) }, /keypoint_visibility/],
    [{ keypoint_visibility: [...vis([]).slice(1), 3] }, /keypoint_visibility/],
    [{ keypoint_visibility: [...vis([]).slice(1), 1.5] }, /keypoint_visibility/],
  ])('refuses %j with 400', async (body, detail) => {
    const res = await patch(1, 5, { ...body, version: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(detail);
  });
});

describe('reading visibility', () => {
  it('is in the JSON set per detection (null where none is stored)', async () => {
    await patch(2, 6, { keypoint_visibility: vis([3], [4]), version: (await stored(2, 6)).version });
    const set = (await t.app.inject({ url: `/api/v1/annotations/${v.videoId}` })).json();
    const track2 = set.person_tracks.find((p: { track_id: number }) => p.track_id === 2);
    const byFrame = new Map(
      track2.detections.map((d: { frame: number; keypoint_visibility: number[] | null }) => [
        d.frame,
        d.keypoint_visibility,
      ]),
    );
    expect(byFrame.get(6)).toEqual(vis([3], [4]));
    expect(byFrame.get(7)).toBeNull();
  });

  it("is the window's visibility section: 17 bytes per row, 255 where none is stored", async () => {
    await patch(2, 8, { keypoint_visibility: vis([16], [0]), version: (await stored(2, 8)).version });
    const win = await windowOf(8, 10);
    const rows = Array.from({ length: win.count }, (_, i) => ({
      track: win.tracks[i],
      frame: win.frames[i],
      vis: Array.from(win.visibility.subarray(i * 17, i * 17 + 17)),
    }));
    expect(rows.find((r) => r.track === 2 && r.frame === 8)!.vis).toEqual(vis([16], [0]));
    expect(rows.find((r) => r.track === 2 && r.frame === 9)!.vis).toEqual(Array(17).fill(255));
  });
});

describe('undo keeps visibility', () => {
  it('a DELETE of a new row answers its visibility (the undo of an upsert)', async () => {
    await patch(2, 40, { x1: 0.5, y1: 0.2, x2: 0.7, y2: 0.6, keypoint_visibility: vis([2]) });
    const del = await t.app.inject({ method: 'DELETE', url: `${url(2, 40)}?version=1`, headers: as('ann.one') });
    expect(del.statusCode).toBe(200);
    expect(del.json().detection.keypoint_visibility).toEqual(vis([2]));
  });

  it('a deleted track comes back with the visibility its rows had', async () => {
    await patch(2, 12, { keypoint_visibility: vis([5], [6]), version: (await stored(2, 12)).version });
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/annotations/${v.videoId}/tracks/2`,
      headers: as('ann.one'),
    });
    expect(del.statusCode).toBe(200);
    const restore = await t.app.inject({
      method: 'POST',
      url: `/api/v1/annotations/${v.videoId}/tracks/restore`,
      headers: as('ann.one'),
      payload: { undo_token: del.json().undo_token },
    });
    expect(restore.statusCode).toBe(200);
    expect((await stored(2, 12)).keypoint_visibility).toEqual(vis([5], [6]));
    expect((await stored(2, 13)).keypoint_visibility).toBeNull();
  });
});

describe('interchange files carry visibility', () => {
  it('the PoseTrack export writes v from it, and a COCO import stores it', async () => {
    await patch(1, 7, { keypoint_visibility: vis([9], [10]), version: (await stored(1, 7)).version });
    const exported = await t.app.inject({ url: `/api/v1/annotations/${v.videoId}/export?format=posetrack18` });
    expect(exported.statusCode).toBe(200);
    const doc = exported.json();
    const names: string[] = doc.categories[0].keypoints;
    const ann = doc.annotations.find(
      (a: { track_id: number; image_id: number }) => a.track_id === 1 && a.image_id % 1e4 === 7,
    );
    const v9 = names.indexOf('left_wrist'),
      v10 = names.indexOf('right_wrist');
    expect(ann.keypoints[v9 * 3 + 2]).toBe(1);
    expect(ann.keypoints.slice(v10 * 3, v10 * 3 + 3)).toEqual([0, 0, 0]);

    const coco = (await t.app.inject({ url: `/api/v1/annotations/${v.videoId}/export?format=coco-keypoints` })).json();
    coco.annotations = coco.annotations.filter(
      (a: { track_id: number; image_id: number }) => a.track_id === 1 && a.image_id === 8,
    );
    const form = multipart([
      { name: 'format', value: 'coco-keypoints' },
      { name: 'file', filename: 'c.json', content: JSON.stringify(coco) },
    ]);
    const imported = await t.app.inject({
      method: 'POST',
      url: `/api/v1/annotations/${v.videoId}/import`,
      payload: form.payload,
      headers: { ...form.headers, ...as('ann.one') },
    });
    expect(imported.statusCode).toBe(200);
    const newTrack = imported.json().track_ids[0].track_id;
    expect((await stored(newTrack, 7)).keypoint_visibility).toEqual(vis([9], [10]));
  });
});

describe('a new processing result', () => {
  it("stores the AI rows without visibility and keeps a person's rows with theirs", async () => {
    const w = await seedAnnotatedVideo(t.database);
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/annotations/${w.videoId}/tracks/2/detections/6`,
      headers: as('ann.one'),
      payload: { keypoint_visibility: vis([1]), version: 1 },
    });
    expect(edited.statusCode).toBe(200);
    await t.database.db.update(videos).set({ processingStatus: 'processing' }).where(eq(videos.id, w.videoId));
    const detections = Array.from({ length: 10 }, (_, f) => ({
      trackId: 1,
      frame: f,
      x1: 0.5,
      y1: 0.2,
      x2: 0.7,
      y2: 0.6,
      confidence: 0.7,
      keypoints: Array(51).fill(0.5),
    }));
    const stats = {
      framesAnalysed: 10,
      stride: 1,
      inputW: 256,
      inputH: 144,
      longSide: 256,
      tracker: 'bytetrack' as const,
      poseModel: 'multipose' as const,
      fragments: 1,
      relinks: 0,
      weakTracks: 0,
      peopleFound: 10,
      maxPeopleInFrame: 1,
      tracks: 1,
      decodeInferMs: 1,
      trackMs: 1,
      actionsMs: 1,
    };
    await storeAnalysis(
      t.database.db,
      { videoId: w.videoId, fromStatus: 'completed', requestedBy: 'ann.one' } as never,
      { fps: 30, frameStride: 1 },
      { detections, segments: [], stats },
      5,
    );
    const rows = (
      await t.database.sql.query<{ keypoint_visibility: number[] | null; source: string }>(
        'select keypoint_visibility, source from detections where video_id = $1',
        [w.videoId],
      )
    ).rows;
    expect(rows.filter((r) => r.source === 'ai').every((r) => r.keypoint_visibility === null)).toBe(true);
    expect(rows.filter((r) => r.source === 'human').map((r) => r.keypoint_visibility)).toEqual([vis([1])]);
  });
});
