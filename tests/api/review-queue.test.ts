// GET /review/queue over real rows: priority from the evidence, the order, filters, scope, opens
// (in progress) and the measured review-time estimate.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { as, makeTestApp, seedUser, type TestApp } from '../helpers/test-app';
import { insertVideos } from '../helpers/fixtures';
import { actionSegments, detections, reviewOpens, statusHistory } from '../../server/db/schema';
import { DEFAULT_REVIEW_FACTOR } from '../../server/services/review-queue';

let t: TestApp;
const id: Record<string, number> = {};

/** `frames` boxes for each track, all with one confidence (or a confidence per frame). */
async function boxes(
  videoId: number,
  tracks: Array<{ track: number; frames: number[]; conf: number | ((f: number) => number) }>,
) {
  const rows = tracks.flatMap((tr) =>
    tr.frames.map((frame) => ({
      videoId,
      trackId: tr.track,
      frame,
      x1: 0.1,
      y1: 0.1,
      x2: 0.3,
      y2: 0.5,
      confidence: typeof tr.conf === 'number' ? tr.conf : tr.conf(frame),
    })),
  );
  await t.database.db.insert(detections).values(rows);
}
async function segments(videoId: number, verified: boolean[]) {
  await t.database.db.insert(actionSegments).values(
    verified.map((v, i) => ({
      videoId,
      trackId: 1,
      actionClass: 'run',
      startTime: i,
      endTime: i + 0.5,
      humanVerified: v,
    })),
  );
}
const range = (a: number, b: number) => Array.from({ length: b - a }, (_, i) => a + i);

beforeAll(async () => {
  t = await makeTestApp();
  await seedUser(t.database, 'rq.admin', 'admin');
  const names = ['good', 'bad', 'mid', 'empty', 'reviewed', 'pending', 'deleted', 'other', 'mine'];
  const statuses: Record<string, string> = { reviewed: 'reviewed', pending: 'pending', deleted: 'deleted' };
  const ids = await insertVideos(
    t.database,
    names.map((n) => ({
      filename: `${n}.mp4`,
      status: statuses[n] ?? 'completed',
      duration: 20,
      assignedToId: n === 'other' ? 'someone.else' : n === 'mine' ? 'rev1' : null,
    })),
  );
  names.forEach((n, i) => {
    id[n] = ids[i];
  });
  // two people seen together on every frame, confident, segments verified
  await boxes(id.good, [
    { track: 1, frames: range(0, 10), conf: 0.95 },
    { track: 2, frames: range(0, 10), conf: 0.9 },
  ]);
  await segments(id.good, [true, true]);
  await boxes(id.mine, [{ track: 1, frames: range(0, 10), conf: 0.95 }]);
  await boxes(id.other, [{ track: 1, frames: range(0, 10), conf: 0.2 }]);
  // one person split into three weak fragments, five unverified proposals
  await boxes(id.bad, [
    { track: 1, frames: range(0, 5), conf: 0.3 },
    { track: 2, frames: range(5, 10), conf: 0.35 },
    { track: 3, frames: range(10, 15), conf: 0.4 },
  ]);
  await segments(id.bad, [false, false, false, false, false]);
  // one track, half its boxes below 0.7 (mean 0.75), two unverified proposals
  await boxes(id.mid, [{ track: 1, frames: range(0, 10), conf: (f) => (f < 5 ? 0.6 : 0.9) }]);
  await segments(id.mid, [false, false]);
}, 60_000);
afterAll(() => t.close());

const queue = async (query = '', who: string | null = 'rev1') => {
  const r = await t.app.inject({ method: 'GET', url: `/api/v1/review/queue${query}`, headers: who ? as(who) : {} });
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
};
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Item = { video: string; [field: string]: any };
const byVideo = (items: Item[]): Record<string, Item> =>
  Object.fromEntries(items.map((i) => [i.video.replace('.mp4', ''), i]));

describe('priority and order', () => {
  test("assigned to me first, then the strongest evidence; completed last; pending, deleted and others' videos left out", async () => {
    const q = await queue();
    expect(q.items.map((i: { video: string }) => i.video)).toEqual([
      'mine.mp4',
      'bad.mp4',
      'mid.mp4',
      'empty.mp4',
      'good.mp4',
      'reviewed.mp4',
    ]);
    expect(q.total).toBe(6);
    const v = byVideo(q.items);
    expect(v.mine.assigned_to_me).toBe(true);
    expect(v.bad).toMatchObject({
      priority: 'high',
      tracks: 3,
      max_people_in_frame: 1,
      low_confidence_tracks: 3,
      unverified_segments: 5,
      status: 'pending',
    });
    expect(v.bad.confidence).toBeCloseTo(0.35, 3);
    expect(v.bad.issues).toEqual([
      '3 low-confidence tracks',
      '2 track fragments (3 tracks for 1 person)',
      '5 unverified segments',
    ]);
    // nothing verified yet: its one unverified track adds 0.2 and lifts it to high (0.525)
    expect(v.mid).toMatchObject({
      priority: 'high',
      low_confidence_detections: 5,
      low_confidence_tracks: 0,
      verified_tracks: 0,
      issues: ['2 unverified segments'],
    });
    expect(v.good).toMatchObject({ priority: 'low', issues: [] });
    expect(v.empty).toMatchObject({ confidence: null, issues: ['no people detected'] });
    expect(v.reviewed.status).toBe('completed');
  });
  test('the scores follow the evidence weights', async () => {
    const v = byVideo((await queue()).items);
    // 0.3·(1−0.75) + 0.2·0.5 + 0 + 0.15·(2 of 2 segments unverified) + 0.2·(1 of 1 track unverified)
    expect(v.mid.score).toBeCloseTo(0.525, 3);
    expect(v.bad.score).toBeGreaterThan(v.mid.score);
    expect(v.mid.score).toBeGreaterThan(v.good.score);
  });
  test("a guest sees only unassigned videos; an admin may show every assignee's", async () => {
    expect((await queue('', null)).items.map((i: { video: string }) => i.video)).not.toContain('mine.mp4');
    expect((await queue('?scope=all', 'rq.admin')).items.map((i: { video: string }) => i.video)).toContain('other.mp4');
    const refused = await t.app.inject({ method: 'GET', url: '/api/v1/review/queue?scope=all', headers: as('rev1') });
    expect(refused.statusCode).toBe(403);
  });
  test('bad parameters are 400', async () => {
    for (const q of ['?status=done', '?limit=0', '?limit=501', '?offset=-1']) {
      const r = await t.app.inject({ method: 'GET', url: `/api/v1/review/queue${q}` });
      expect(r.statusCode, q).toBe(400);
    }
  });
  test('limit and offset page through the same order', async () => {
    const all = (await queue()).items.map((i: { id: number }) => i.id);
    const second = (await queue('?limit=2&offset=2')).items.map((i: { id: number }) => i.id);
    expect(second).toEqual(all.slice(2, 4));
  });
});

describe('stored evidence', () => {
  test('verifying a proposal through the API is reflected at the next read (evidence follows the annotation version)', async () => {
    expect(byVideo((await queue()).items).mid.unverified_segments).toBe(2);
    const set = (await t.app.inject({ method: 'GET', url: `/api/v1/annotations/${id.mid}` })).json();
    const r = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/annotations/${id.mid}/actions/${set.action_segments[0].id}`,
      headers: as('rev1'),
      payload: { human_verified: true, version: set.action_segments[0].version },
    });
    expect(r.statusCode, r.body).toBe(200);
    const mid = byVideo((await queue()).items).mid;
    expect(mid.unverified_segments).toBe(1);
    expect(mid.issues).toEqual(['1 unverified segment']);
  });
});

describe('verified tracks', () => {
  test('marking tracks verified lowers the score by their share and says how many are done; an edit since counts as unverified', async () => {
    const before = byVideo((await queue()).items).bad;
    expect(before.verified_tracks).toBe(0);
    const mark = (track: number, verified: boolean) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/v1/annotations/${id.bad}/tracks/${track}/verified`,
        headers: as('rev1'),
        payload: { verified },
      });
    expect((await mark(1, true)).statusCode).toBe(200);
    expect((await mark(2, true)).statusCode).toBe(200);
    const after = byVideo((await queue()).items).bad;
    expect(after.verified_tracks).toBe(2);
    // 2 of 3 tracks verified: the unverified-track term drops from 0.2 to 0.2 × 1/3
    expect(before.score - after.score).toBeCloseTo(0.2 * (2 / 3), 2);
    expect(after.issues).toContain('2 of 3 tracks verified');
    // a box edit of track 2 keeps its mark but stamps it edited since verified: it counts as unverified again
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/annotations/${id.bad}/tracks/2/detections/6`,
      headers: as('rev2'),
      payload: { x1: 0.1, y1: 0.1, x2: 0.4, y2: 0.5, version: 1 },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(byVideo((await queue()).items).bad).toMatchObject({
      verified_tracks: 1,
      issues: expect.arrayContaining(['1 of 3 tracks verified']),
    });
  });
});

describe('opens and status', () => {
  test('opening a video in the Annotate screen puts it in progress, by whom; the filter follows', async () => {
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/videos/${id.mid}/review_open` })).statusCode).toBe(401);
    const r = await t.app.inject({ method: 'POST', url: `/api/v1/videos/${id.mid}/review_open`, headers: as('rev2') });
    expect(r.statusCode).toBe(201);
    const q = await queue('?status=in_progress');
    expect(q.items).toHaveLength(1);
    expect(q.items[0]).toMatchObject({ video: 'mid.mp4', status: 'in_progress', opened_by: 'rev2' });
    expect(q.counts).toEqual({ all: 6, pending: 4, in_progress: 1, completed: 1, with_open_issues: 0 });
    expect((await queue('?status=completed')).items.map((i: { video: string }) => i.video)).toEqual(['reviewed.mp4']);
  });
  test('an open older than 30 minutes no longer counts', async () => {
    await t.database.db
      .insert(reviewOpens)
      .values({ videoId: id.good, userId: 'rev3', openedAt: new Date(Date.now() - 31 * 60_000) });
    expect(byVideo((await queue()).items).good.status).toBe('pending');
  });
  test('a deleted or unknown video cannot be opened', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/v1/videos/${id.deleted}/review_open`, headers: as('rev2') }))
        .statusCode,
    ).toBe(404);
  });
});

describe('estimated time', () => {
  test('the default factor × duration until three reviews are measured, then the measured median', async () => {
    const before = await queue();
    expect(before.estimate).toMatchObject({ basis: 'default', factor: DEFAULT_REVIEW_FACTOR });
    expect(byVideo(before.items).bad.estimated_seconds).toBe(20 * DEFAULT_REVIEW_FACTOR);
    // three reviews of 20 s videos, each 120 s after its reviewer opened it: 6 s of review per second of video
    const now = Date.now();
    for (const [i, who] of ['m1', 'm2', 'm3'].entries()) {
      const [v] = await insertVideos(t.database, [{ filename: `measured${i}.mp4`, status: 'labelled', duration: 20 }]);
      await t.database.db
        .insert(reviewOpens)
        .values({ videoId: v, userId: who, openedAt: new Date(now - 5 * 3600_000) });
      await t.database.db.insert(statusHistory).values({
        videoId: v,
        oldStatus: 'completed',
        newStatus: 'reviewed',
        changedById: who,
        changedAt: new Date(now - 5 * 3600_000 + 120_000),
      });
    }
    const after = await queue();
    expect(after.estimate).toMatchObject({ basis: 'measured', factor: 6, samples: 3 });
    expect(byVideo(after.items).bad.estimated_seconds).toBe(120);
  });
});
