// PUT /annotations/{videoId}/tracks/{trackId}/verified: a per-track "verified" mark with who and when, a
// write like every annotation edit (signed-in users, the annotation version bumps), kept with an "edited
// since" stamp when the track is edited afterwards; and GET /annotations/{id}/review-summary, which shows it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, makeTestApp, type TestApp } from '../helpers/test-app';
import { seedAnnotatedVideo } from '../annotate-edit/seed';
import { RUNS_CHUNK_FRAMES } from '../../server/services/review-summary';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

const version = async (videoId: number) =>
  Number(
    (await t.database.sql.query<{ v: number }>('select annotation_version as v from videos where id = $1', [videoId]))
      .rows[0].v,
  );
const put = (
  videoId: number,
  track: number | string,
  payload: unknown,
  headers: Record<string, string> = as('rev.one', 'annotator', 'Rev One'),
) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/v1/annotations/${videoId}/tracks/${track}/verified`,
    headers,
    payload: payload as object,
  });
const summary = async (videoId: number) => {
  const r = await t.app.inject({ method: 'GET', url: `/api/v1/annotations/${videoId}/review-summary` });
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
};

describe('PUT /annotations/{videoId}/tracks/{trackId}/verified', () => {
  it('stores who verified the track and when, bumps the annotation version, and the summary shows it', async () => {
    const v = await seedAnnotatedVideo(t.database);
    const v0 = await version(v.videoId);
    const res = await put(v.videoId, 2, { verified: true });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      track_id: 2,
      verified: { by_id: 'rev.one', by_name: 'Rev One', edited_at: null, edited_by_id: null },
    });
    expect(Date.parse(body.verified.at)).toBeGreaterThan(Date.now() - 60_000);
    expect(await version(v.videoId)).toBe(v0 + 1);
    const s = await summary(v.videoId);
    expect(s.tracks.map((x: { track_id: number; verified: unknown }) => [x.track_id, x.verified === null])).toEqual([
      [1, true],
      [2, false],
    ]);
    expect(s.tracks[1].verified).toEqual(body.verified);
  });

  it('clears the mark with verified: false (also a versioned write)', async () => {
    const v = await seedAnnotatedVideo(t.database);
    await put(v.videoId, 1, { verified: true });
    const v1 = await version(v.videoId);
    const res = await put(v.videoId, 1, { verified: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ track_id: 1, verified: null });
    expect(await version(v.videoId)).toBe(v1 + 1);
    expect((await summary(v.videoId)).tracks[0].verified).toBeNull();
  });

  it('keeps the mark when the track is edited afterwards and says who edited it; verifying again clears that', async () => {
    const v = await seedAnnotatedVideo(t.database);
    await put(v.videoId, 1, { verified: true });
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/annotations/${v.videoId}/tracks/1/detections/3`,
      headers: as('ann.two'),
      payload: { x1: 0.2, y1: 0.1, x2: 0.4, y2: 0.5, version: 1 },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const mark = (await summary(v.videoId)).tracks[0].verified;
    expect(mark).toMatchObject({ by_id: 'rev.one', edited_by_id: 'ann.two' });
    expect(mark.edited_at).not.toBeNull();
    // a segment edit of another track leaves track 1's stamp as it is and stamps nothing on unverified tracks
    const again = await put(v.videoId, 1, { verified: true });
    expect(again.json().verified).toMatchObject({ edited_at: null, edited_by_id: null });
  });

  it('answers 400 with a detail for bad input, 404 for an unknown track or video, 401 for guests', async () => {
    const v = await seedAnnotatedVideo(t.database);
    for (const payload of [{}, { verified: 'yes' }, { verified: true, extra: 1 }]) {
      const r = await put(v.videoId, 1, payload);
      expect(r.statusCode, JSON.stringify(payload)).toBe(400);
      expect(typeof r.json().detail).toBe('string');
    }
    const badTrack = await put(v.videoId, 'one', { verified: true });
    expect(badTrack.statusCode).toBe(400);
    expect(badTrack.json().detail).toMatch(/trackId/);
    const unknown = await put(v.videoId, 9, { verified: true });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe(`Track 9 not found in video ${v.videoId}`);
    expect((await put(999_999, 1, { verified: true })).statusCode).toBe(404);
    const v0 = await version(v.videoId);
    const guest = await put(v.videoId, 1, { verified: true }, {});
    expect(guest.statusCode).toBe(401);
    expect(guest.json().detail).toBeTruthy();
    expect(await version(v.videoId)).toBe(v0); // refused writes change nothing
  });

  it('a reprocess-style clear of the AI rows drops the marks (the tracks are numbered anew)', async () => {
    const v = await seedAnnotatedVideo(t.database);
    await put(v.videoId, 1, { verified: true });
    const { clearAiRows } = await import('../../server/repositories/processing-results');
    await t.database.db.transaction((tx) => clearAiRows(tx, v.videoId));
    const rows = await t.database.sql.query('select * from track_verifications where video_id = $1', [v.videoId]);
    expect(rows.rows).toEqual([]);
  });
});

describe('GET /annotations/{id}/review-summary', () => {
  it('gives each track its presence runs (gaps visible), low-confidence runs and heavy overlaps, with an ETag', async () => {
    const v = await seedAnnotatedVideo(t.database);
    // a gap in track 1 (frames 4-5), low confidence on frames 7-9 of track 1, and track 2 on top of track 1 at frames 8-9
    await t.database.sql.query('delete from detections where video_id = $1 and track_id = 1 and frame in (4, 5)', [
      v.videoId,
    ]);
    await t.database.sql.query(
      'update detections set confidence = 0.5 where video_id = $1 and track_id = 1 and frame >= 7',
      [v.videoId],
    );
    await t.database.sql.query(
      'update detections set x1 = 0.11, y1 = 0.1, x2 = 0.31, y2 = 0.5 where video_id = $1 and track_id = 2 and frame in (8, 9)',
      [v.videoId],
    );
    await t.database.sql.query('update videos set annotation_version = annotation_version + 1 where id = $1', [
      v.videoId,
    ]);
    const r = await t.app.inject({ method: 'GET', url: `/api/v1/annotations/${v.videoId}/review-summary` });
    expect(r.statusCode).toBe(200);
    const s = r.json();
    expect(s).toMatchObject({ video_id: v.videoId, frame_stride: 1, low_confidence_threshold: 0.7, overlap_iou: 0.5 });
    expect(s.tracks).toEqual([
      { track_id: 1, runs: [0, 3, 6, 9], low: [7, 9], verified: null },
      { track_id: 2, runs: [5, 14], low: [], verified: null },
    ]);
    expect(s.overlaps).toEqual([[1, 2, 8, 9]]);
    const etag = r.headers.etag as string;
    expect(etag).toBe(`"r${v.videoId}-v${s.annotation_version}"`);
    const same = await t.app.inject({
      method: 'GET',
      url: `/api/v1/annotations/${v.videoId}/review-summary`,
      headers: { 'if-none-match': etag },
    });
    expect(same.statusCode).toBe(304);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/annotations/abc/review-summary' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/annotations/999999/review-summary' })).statusCode).toBe(
      404,
    );
  });

  it('joins runs across the chunks the overlaps are read in', async () => {
    const v = await seedAnnotatedVideo(t.database);
    await t.database.sql.query(
      `insert into detections (video_id, track_id, frame, x1, y1, x2, y2, confidence)
      select $1, t, f, 0.5, 0.5, 0.6, 0.7, 0.9 from generate_series(5, 6) t, generate_series($2::int - 10, $2::int + 10) f`,
      [v.videoId, RUNS_CHUNK_FRAMES],
    );
    await t.database.sql.query('update videos set annotation_version = annotation_version + 1 where id = $1', [
      v.videoId,
    ]);
    const s = await summary(v.videoId);
    expect(s.tracks.find((x: { track_id: number }) => x.track_id === 5).runs).toEqual([
      RUNS_CHUNK_FRAMES - 10,
      RUNS_CHUNK_FRAMES + 10,
    ]);
    expect(s.overlaps).toEqual([[5, 6, RUNS_CHUNK_FRAMES - 10, RUNS_CHUNK_FRAMES + 10]]);
  });
});
