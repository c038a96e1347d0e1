// Track versions: every change of a track's boxes, through the calls that existed before the range calls
// too (PATCH, single DELETE, merge, track delete, restore) and a new processing result, raises the version
// the summary and GET /annotations show, so a range call based on an older version is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { makeTestApp, type TestApp } from '../helpers/test-app';
import { seedAnnotatedVideo } from '../annotate-edit/seed';
import { trackCalls } from '../helpers/track-calls';
import { storeAnalysis } from '../../server/jobs/kinds/processing/store-result';
import { videos } from '../../server/db/schema';

let t: TestApp;
let c: ReturnType<typeof trackCalls>;
beforeAll(async () => {
  t = await makeTestApp();
  c = trackCalls(t);
});
afterAll(async () => {
  await t.close();
});

const box = { x1: 0.2, y1: 0.2, x2: 0.4, y2: 0.4 };

describe('track versions of the existing edit calls', () => {
  it('PATCH and the single DELETE bump the track version and answer it; GET /annotations shows it', async () => {
    const v = await seedAnnotatedVideo(t.database);
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/annotations/${v.videoId}/tracks/1/detections/3`,
      headers: { 'x-user-id': 'ann.one' },
      payload: { ...box, version: 1 },
    });
    expect(patch.json()).toMatchObject({ track_version: 2, version: 2 });
    const del = await c.call('DELETE', `${v.videoId}/tracks/1/detections/4?version=1`);
    expect(del.json()).toMatchObject({ deleted: true, detection: { track_version: 3 } });
    const read = (await t.app.inject({ url: `/api/v1/annotations/${v.videoId}` })).json();
    expect(read.person_tracks.map((p: { track_id: number; version: number }) => [p.track_id, p.version])).toEqual([
      [1, 3],
      [2, 1],
    ]);
    // a range call based on the version before the PATCH is refused
    expect((await c.call('POST', `${v.videoId}/tracks/1/split`, { frame: 5, version: 2 })).statusCode).toBe(409);
  });

  it('merge bumps both tracks, track delete bumps its track, restore raises them above again', async () => {
    const v = await seedAnnotatedVideo(t.database);
    const merge = await c.call('POST', `${v.videoId}/tracks/merge`, { base_track_id: 1, merge_track_id: 2 });
    expect(merge.json().track_versions).toEqual({ 1: 2, 2: 2 });
    const back = await c.restore(v.videoId, merge.json().undo_token);
    expect(back.json().track_versions).toEqual({ 1: 3, 2: 3 });
    const del = await c.call('DELETE', `${v.videoId}/tracks/2`);
    expect(del.json().track_version).toBe(4);
    expect(await c.versions(v.videoId)).toEqual({ 1: 3 });
  });

  it('a drawn track whose keyframe is deleted is refilled from the keyframes left', async () => {
    const v = await seedAnnotatedVideo(t.database);
    const id = (
      await c.call('POST', `${v.videoId}/tracks`, { frame: 0, box: { x1: 0.1, y1: 0.1, x2: 0.2, y2: 0.2 } })
    ).json().track_id;
    await c.call('PUT', `${v.videoId}/tracks/${id}/detections/4`, { x1: 0.5, y1: 0.1, x2: 0.6, y2: 0.2 });
    const last = (
      await c.call('PUT', `${v.videoId}/tracks/${id}/detections/8`, { x1: 0.9, y1: 0.1, x2: 1, y2: 0.2 })
    ).json();
    const mid = (await c.rows(v.videoId, id)).find((r) => r.frame === 4)!;
    await c.call('DELETE', `${v.videoId}/tracks/${id}/detections/4?version=${mid.version}`);
    const rows = await c.rows(v.videoId, id);
    expect(rows.find((r) => r.frame === 4)).toMatchObject({ source: 'interpolated' });
    expect(rows.find((r) => r.frame === 4)!.x1).toBeCloseTo(0.5);
    expect(rows.find((r) => r.frame === 2)!.x1).toBeCloseTo(0.3);
    expect((await c.versions(v.videoId))[id]).toBe(last.track_version + 1);
  });
});

describe('track versions through a new processing result', () => {
  it('every track rises above every version a client may hold, and drawn boxes are kept', async () => {
    const v = await seedAnnotatedVideo(t.database);
    const drawn = (await c.call('POST', `${v.videoId}/tracks`, { frame: 20, box })).json();
    await c.call('PUT', `${v.videoId}/tracks/${drawn.track_id}/detections/24`, { ...box, x2: 0.5 });
    await c.call('DELETE', `${v.videoId}/tracks/1/detections?from=0&to=1&version=1`);
    await t.database.db.update(videos).set({ processingStatus: 'processing' }).where(eq(videos.id, v.videoId));
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
      { videoId: v.videoId, fromStatus: 'completed', requestedBy: 'ann.one' } as never,
      { fps: 30, frameStride: 1 },
      { detections, segments: [], stats },
      5,
    );
    const versions = await c.versions(v.videoId);
    expect(Object.values(versions).every((x) => x === 3)).toBe(true);
    // the new AI track is numbered after the kept drawn track; no version 1 or 2 a client held matches it
    expect(Object.keys(versions).map(Number)).toEqual([drawn.track_id, drawn.track_id + 1]);
    expect(
      (await c.call('POST', `${v.videoId}/tracks/${drawn.track_id + 1}/split`, { frame: 5, version: 1 })).statusCode,
    ).toBe(409);
    const all = (
      await t.database.sql.query<{ source: string }>(
        "select source from detections where video_id = $1 and source <> 'ai'",
        [v.videoId],
      )
    ).rows;
    expect(all.filter((r) => r.source === 'interpolated')).toHaveLength(3);
  });
});
