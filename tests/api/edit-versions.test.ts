// Optimistic concurrency of box/keypoint and action edits: every detection and segment has a version in
// every read; a change or delete of an existing one must name the version it was based on (428 without,
// 409 naming who changed it and when when stale), and exactly one of many concurrent edits of one version wins.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, makeTestApp, type TestApp } from '../helpers/test-app';
import { seedAnnotatedVideo, type SeededVideo } from '../annotate-edit/seed';
import { decodeDetectionWindow } from '../../domain/detection-window';
import { storeAnalysis } from '../../server/jobs/kinds/processing/store-result';
import { videos } from '../../server/db/schema';
import { eq } from 'drizzle-orm';

let t: TestApp;
let v: SeededVideo;
beforeAll(async () => {
  t = await makeTestApp();
  v = await seedAnnotatedVideo(t.database);
});
afterAll(async () => {
  await t.close();
});

const detUrl = (track: number, frame: number) => `/api/v1/annotations/${v.videoId}/tracks/${track}/detections/${frame}`;
const actUrl = (id: number) => `/api/v1/annotations/${v.videoId}/actions/${id}`;
const box = (x1: number) => ({ x1, y1: 0.1, x2: x1 + 0.2, y2: 0.5 });
const patchDet = (track: number, frame: number, body: object, who = 'ann.one') =>
  t.app.inject({ method: 'PATCH', url: detUrl(track, frame), headers: as(who), payload: body });
const storedX1 = async (track: number, frame: number) =>
  (
    await t.database.sql.query<{ x1: number; version: number }>(
      'select x1, version from detections where video_id = $1 and track_id = $2 and frame = $3',
      [v.videoId, track, frame],
    )
  ).rows[0];

describe('versions in every read', () => {
  it("GET /annotations/{id} and the detection window carry each detection's version", async () => {
    const set = (await t.app.inject({ method: 'GET', url: `/api/v1/annotations/${v.videoId}` })).json();
    expect(set.person_tracks[0].detections[0]).toMatchObject({ frame: 0, version: 1 });
    expect(set.action_segments[0]).toMatchObject({ version: 1 });
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/annotations/${v.videoId}/detections?from=0&to=20` });
    const bytes = res.rawPayload;
    const win = decodeDetectionWindow(
      bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
    );
    expect(win.count).toBe(20);
    expect(Array.from(win.versions)).toEqual(Array(20).fill(1));
  });
});

describe('box and keypoint edits', () => {
  it('answers 428 with a detail when a change or delete of a stored detection names no version', async () => {
    const res = await patchDet(1, 0, box(0.2));
    expect(res.statusCode).toBe(428);
    expect(res.json().detail).toMatch(/version/);
    const del = await t.app.inject({ method: 'DELETE', url: detUrl(1, 0), headers: as('ann.one') });
    expect(del.statusCode).toBe(428);
    expect((await storedX1(1, 0)).x1).toBeCloseTo(0.1);
  });

  it('saves at the version read, answers the new version, and 409s a stale one naming who changed it and when', async () => {
    const first = await patchDet(1, 1, { ...box(0.2), version: 1 }, 'ann.one');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ version: 2, updated_by_id: 'ann.one' });
    const stale = await patchDet(1, 1, { ...box(0.4), version: 1 }, 'ann.two');
    expect(stale.statusCode).toBe(409);
    expect(stale.json().detail).toMatch(
      new RegExp(`^This box was changed by ann\\.one at ${first.json().updated_at.slice(0, 16)}.*\\(version 2\\)`),
    );
    expect((await storedX1(1, 1)).x1).toBeCloseTo(0.2);
    const staleDelete = await t.app.inject({
      method: 'DELETE',
      url: `${detUrl(1, 1)}?version=1`,
      headers: as('ann.two'),
    });
    expect(staleDelete.statusCode).toBe(409);
  });

  it('of 20 concurrent edits of one box based on one version, exactly one is saved and the others get 409', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        patchDet(1, 2, { ...box(0.01 * (i + 1)), version: 1 }, i % 2 ? 'ann.one' : 'ann.two'),
      ),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    const winner = answers.find((r) => r.statusCode === 200)!.json();
    const row = await storedX1(1, 2);
    expect(row.version).toBe(2);
    expect(row.x1).toBeCloseTo(winner.bbox.x1);
  });

  it('creates a detection on an empty frame without a version; a second create of that frame is told to send one', async () => {
    const created = await patchDet(1, 40, box(0.3));
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ version: 1 });
    expect((await patchDet(1, 40, box(0.5), 'ann.two')).statusCode).toBe(428);
    const gone = await t.app.inject({ method: 'DELETE', url: `${detUrl(1, 40)}?version=1`, headers: as('ann.one') });
    expect(gone.statusCode).toBe(200);
    const afterDelete = await patchDet(1, 40, { ...box(0.5), version: 1 }, 'ann.two');
    expect(afterDelete.statusCode).toBe(409);
    expect(afterDelete.json().detail).toMatch(/no longer exists/);
  });
});

describe('action segment edits', () => {
  it('answers 428 when a PATCH or DELETE names no version', async () => {
    const patch = await t.app.inject({
      method: 'PATCH',
      url: actUrl(v.segmentIds[0]),
      headers: as('ann.one'),
      payload: { confidence: 0.5 },
    });
    expect(patch.statusCode).toBe(428);
    expect(patch.json().detail).toMatch(/version/);
    const del = await t.app.inject({ method: 'DELETE', url: actUrl(v.segmentIds[0]), headers: as('ann.one') });
    expect(del.statusCode).toBe(428);
  });

  it('of 20 concurrent edits of one action based on one version, exactly one is saved and the others get 409', async () => {
    const id = v.segmentIds[1];
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.app.inject({
          method: 'PATCH',
          url: actUrl(id),
          headers: as(i % 2 ? 'ann.one' : 'ann.two'),
          payload: { confidence: 0.01 * (i + 1), version: 1 },
        }),
      ),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    const loser = answers.find((r) => r.statusCode === 409)!.json();
    expect(loser.detail).toMatch(/^This action was changed by ann\.(one|two) at .* \(version 2\)/);
  });
});

describe('versions through track merge and undo', () => {
  const patchIn = (videoId: number, track: number, frame: number, version: number) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/v1/annotations/${videoId}/tracks/${track}/detections/${frame}`,
      headers: as('ann.two'),
      payload: { ...box(0.3), version },
    });
  const versionAt = async (videoId: number, track: number, frame: number) =>
    (
      await t.database.sql.query<{ version: number }>(
        'select version from detections where video_id = $1 and track_id = $2 and frame = $3',
        [videoId, track, frame],
      )
    ).rows[0]?.version;

  it('a merged row rises above the base row it replaces, so a save based on the replaced box is refused', async () => {
    const w = await seedAnnotatedVideo(t.database);
    const merge = await t.app.inject({
      method: 'POST',
      url: `/api/v1/annotations/${w.videoId}/tracks/merge`,
      headers: as('ann.one'),
      payload: { base_track_id: 1, merge_track_id: 2 },
    });
    expect(merge.statusCode).toBe(200);
    expect(await versionAt(w.videoId, 1, 5)).toBe(2); // replaced a version-1 base row
    expect(await versionAt(w.videoId, 1, 12)).toBe(1); // took an empty place: its own version
    expect((await patchIn(w.videoId, 1, 5, 1)).statusCode).toBe(409);
    expect((await patchIn(w.videoId, 1, 12, 1)).statusCode).toBe(200);
  });

  it('undo of a track delete puts the rows back at their versions', async () => {
    const w = await seedAnnotatedVideo(t.database);
    expect((await patchIn(w.videoId, 2, 6, 1)).statusCode).toBe(200);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/annotations/${w.videoId}/tracks/2`,
      headers: as('ann.one'),
    });
    const restore = await t.app.inject({
      method: 'POST',
      url: `/api/v1/annotations/${w.videoId}/tracks/restore`,
      headers: as('ann.one'),
      payload: { undo_token: del.json().undo_token },
    });
    expect(restore.statusCode).toBe(200);
    expect(await versionAt(w.videoId, 2, 6)).toBe(2);
    expect((await patchIn(w.videoId, 2, 6, 2)).statusCode).toBe(200);
  });
});

describe('versions through a new processing result', () => {
  it('a new AI box standing where an old one stood has a higher version, so a save based on the old box is refused', async () => {
    const w = await seedAnnotatedVideo(t.database);
    await t.database.db.update(videos).set({ processingStatus: 'processing' }).where(eq(videos.id, w.videoId));
    const detections = Array.from({ length: 10 }, (_, f) => ({
      trackId: 1,
      frame: f,
      x1: 0.6,
      y1: 0.1,
      x2: 0.8,
      y2: 0.5,
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
    const stale = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/annotations/${w.videoId}/tracks/1/detections/3`,
      headers: as('ann.two'),
      payload: { ...box(0.3), version: 1 },
    });
    expect(stale.statusCode).toBe(409);
  });
});
