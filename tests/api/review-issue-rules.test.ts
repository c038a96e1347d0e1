// What review issues change around them: reviewed means resolved (PATCH /videos/{id}/status), the open
// count on library and review queue rows (filter and order), and the optional lock of reviewed videos.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { as, makeTestApp, seedUser, type TestApp } from '../helpers/test-app';
import { insertVideos } from '../helpers/fixtures';
import { seedAnnotatedVideo } from '../annotate-edit/seed';
import { videos } from '../../server/db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
  await seedUser(t.database, 'admin1', 'admin');
  await seedUser(t.database, 'super1', 'super');
});
afterAll(() => t.close());

const REV = as('rev.one', 'annotator', 'Rev One');
const ANN = as('ann.two', 'annotator');
const ADMIN = as('admin1', 'admin');
const raise = (v: number, payload: object = { frame: 40, track_id: 1, kind: 'wrong_box', text: 'box too loose' }) =>
  t.app.inject({ method: 'POST', url: `/api/v1/annotations/${v}/issues`, headers: REV, payload }).then((r) => {
    expect(r.statusCode, r.body).toBe(201);
    return r.json();
  });
const resolve = (v: number, issue: { id: number; version: number }) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/v1/annotations/${v}/issues/${issue.id}`,
    headers: ANN,
    payload: { state: 'resolved', version: issue.version },
  });
const setStatus = (v: number, status: string, headers: Record<string, string> = REV) =>
  t.app.inject({ method: 'PATCH', url: `/api/v1/videos/${v}/status`, headers, payload: { status } });
const setLock = (on: boolean, headers: Record<string, string> = ADMIN) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/v1/settings/review',
    headers,
    payload: { lock_reviewed_for_annotators: on },
  });
const moveBox = (v: number, headers: Record<string, string>) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/v1/annotations/${v}/tracks/1/detections/3`,
    headers,
    payload: { x1: 0.12, y1: 0.1, x2: 0.3, y2: 0.5, version: 1 },
  });

describe('reviewed means resolved', () => {
  test('Mark Reviewed and Mark Labelled with open issues answer 409 with the count and the first issue', async () => {
    const { videoId } = await seedAnnotatedVideo(t.database);
    const later = await raise(videoId, { frame: 200, kind: 'missed_person', text: 'a person at the right edge' });
    const first = await raise(videoId);
    for (const to of ['reviewed', 'labelled']) {
      const r = await setStatus(videoId, to);
      expect(r.statusCode).toBe(409);
      expect(r.json().detail).toBe(
        `Cannot mark ${to}: 2 open issues to resolve first. First: #${first.id} Wrong box at frame 40 (T1): "box too loose"`,
      );
    }
    const v = await t.app.inject({ method: 'GET', url: `/api/v1/videos/${videoId}` });
    expect(v.json().processing_status).toBe('completed');
    expect((await resolve(videoId, first)).statusCode).toBe(200);
    expect((await setStatus(videoId, 'reviewed')).json().detail).toContain('1 open issue to resolve first');
    expect((await resolve(videoId, later)).statusCode).toBe(200);
    const ok = await setStatus(videoId, 'reviewed');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ status: 'reviewed', previous_status: 'completed' });
  });

  test('other status changes and videos without issues keep the spec rules', async () => {
    const { videoId } = await seedAnnotatedVideo(t.database);
    await raise(videoId);
    expect((await setStatus(videoId, 'kiv')).statusCode).toBe(200);
    const plain = await seedAnnotatedVideo(t.database);
    expect((await setStatus(plain.videoId, 'labelled')).statusCode).toBe(200);
    expect((await setStatus(plain.videoId, 'labelled')).statusCode).toBe(409); // the spec's rule, not issues
  });
});

describe('open_issues on the rows where the work is', () => {
  test('the library rows carry the count of open issues', async () => {
    const { videoId } = await seedAnnotatedVideo(t.database, 'library-issues.mp4');
    const issue = await raise(videoId);
    await raise(videoId, { frame: 1, kind: 'other', text: 'x' });
    const row = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/v1/videos?q=library-issues' }))
        .json()
        .find((v: { id: number }) => v.id === videoId);
    expect((await row()).open_issues).toBe(2);
    await resolve(videoId, issue);
    expect((await row()).open_issues).toBe(1);
  });

  test("the queue carries the count, filters on open issues, and puts an assignee's videos with issues first", async () => {
    const [quiet, busy, others] = await insertVideos(t.database, [
      { filename: 'q-quiet.mp4', status: 'completed', assignedToId: 'ann.q' },
      { filename: 'q-busy.mp4', status: 'completed', assignedToId: 'ann.q' },
      { filename: 'q-others.mp4', status: 'completed', assignedToId: null },
    ]);
    await t.database.db.update(videos).set({ totalFrames: 300 }).where(eq(videos.id, busy));
    await t.database.db.update(videos).set({ totalFrames: 300 }).where(eq(videos.id, others));
    await raise(busy, { frame: 5, kind: 'missed_person', text: 'x' });
    await raise(others, { frame: 5, kind: 'other', text: 'y' });
    const queue = async (q = '') => {
      const r = await t.app.inject({ method: 'GET', url: `/api/v1/review/queue${q}`, headers: as('ann.q') });
      expect(r.statusCode, r.body).toBe(200);
      return r.json();
    };
    const all = await queue();
    const mine = all.items.filter((i: { id: number }) => [quiet, busy, others].includes(i.id));
    expect(mine.map((i: { id: number; open_issues: number }) => [i.id, i.open_issues])).toEqual([
      [busy, 1],
      [quiet, 0],
      [others, 1],
    ]);
    expect(all.items[0].id).toBe(busy);
    const filtered = await queue('?has_open_issues=true');
    expect(filtered.items.map((i: { id: number }) => i.id)).toEqual(expect.arrayContaining([busy, others]));
    expect(filtered.items.every((i: { open_issues: number }) => i.open_issues > 0)).toBe(true);
    expect(filtered.counts.with_open_issues).toBe(filtered.counts.all);
    expect(all.counts.with_open_issues).toBeGreaterThanOrEqual(2);
    const bad = await t.app.inject({ method: 'GET', url: '/api/v1/review/queue?has_open_issues=maybe' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('Lock reviewed and labelled videos for annotators', () => {
  test('is off by default: an annotator edits a reviewed video as the spec allows', async () => {
    await setLock(false);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/settings/review' })).json()).toEqual({
      lock_reviewed_for_annotators: false,
    });
    const { videoId } = await seedAnnotatedVideo(t.database);
    await setStatus(videoId, 'reviewed');
    expect((await moveBox(videoId, ANN)).statusCode).toBe(200);
  });

  test('only an administrator saves it (403 for an annotator, 401 for a guest, 400 for bad input)', async () => {
    expect((await setLock(true, ANN)).statusCode).toBe(403);
    expect((await setLock(true, {})).statusCode).toBe(401);
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/settings/review',
      headers: ADMIN,
      payload: { lock_reviewed_for_annotators: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toContain('lock_reviewed_for_annotators');
  });

  test("on: an annotator's writes answer 403 saying why; admins still edit; issues stay open; KIV opens it", async () => {
    const { videoId } = await seedAnnotatedVideo(t.database);
    expect((await setStatus(videoId, 'reviewed')).statusCode).toBe(200);
    expect((await setLock(true)).json()).toEqual({ lock_reviewed_for_annotators: true });
    try {
      const refused = await moveBox(videoId, ANN);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().detail).toBe(
        `Video ${videoId} is reviewed and locked for annotators ("Lock reviewed and labelled videos for annotators" is on), so its annotations cannot be changed. An administrator can still edit it, or set its status back to open it again.`,
      );
      const action = await t.app.inject({
        method: 'POST',
        url: `/api/v1/annotations/${videoId}/actions`,
        headers: ANN,
        payload: { track_id: 1, action_class: 'run', start_time: 1, end_time: 2 },
      });
      expect(action.statusCode).toBe(403);
      const reprocess = await t.app.inject({
        method: 'POST',
        url: `/api/v1/videos/${videoId}/reprocess`,
        headers: ANN,
      });
      expect(reprocess.statusCode).toBe(403);
      const kiv = await setStatus(videoId, 'kiv', ANN);
      expect(kiv.statusCode).toBe(403);
      expect(kiv.json().detail).toContain('only an administrator may change its status to kiv');
      expect((await setStatus(videoId, 'labelled', ANN)).statusCode).toBe(200); // stays locked: allowed
      // a reviewer can still raise an issue about it
      await raise(videoId, { frame: 2, kind: 'other', text: 'one more thing' });
      expect((await moveBox(videoId, ADMIN)).statusCode).toBe(200);
      expect((await setStatus(videoId, 'kiv', ADMIN)).statusCode).toBe(200);
      const reopened = await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/annotations/${videoId}/tracks/1/detections/3`,
        headers: ANN,
        payload: { x1: 0.13, y1: 0.1, x2: 0.3, y2: 0.5, version: 2 },
      });
      expect(reopened.statusCode, reopened.body).toBe(200);
    } finally {
      await setLock(false);
    }
  });
});

describe('quality figures on Metrics', () => {
  test('per annotator: issues per minute of reviewed video, share resolved, median time to resolve; per reviewer: raised', async () => {
    const a = await seedAnnotatedVideo(t.database);
    const b = await seedAnnotatedVideo(t.database);
    const quiet = await seedAnnotatedVideo(t.database); // assigned, never reviewed: not counted
    for (const v of [a, b, quiet])
      await t.database.db
        .update(videos)
        .set({ assignedToId: 'ann.m', assignedToName: 'Ann M' })
        .where(eq(videos.id, v.videoId));
    const byM = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/annotations/${a.videoId}/issues`,
        headers: as('rev.m', 'annotator', 'Rev M'),
        payload,
      });
    const one = (await byM({ frame: 1, kind: 'other', text: 'x' })).json();
    await byM({ frame: 2, kind: 'other', text: 'y' });
    expect((await resolve(a.videoId, one)).statusCode).toBe(200);
    expect((await setStatus(b.videoId, 'reviewed')).statusCode).toBe(200);
    const r = await t.app.inject({ method: 'GET', url: '/api/v1/metrics/details' });
    expect(r.statusCode, r.body).toBe(200);
    const q = r.json().review_quality;
    const m = q.annotators.find((x: { user_id: string }) => x.user_id === 'ann.m');
    // two reviewed videos of 10 s: 2 issues over 1/3 minute
    expect(m).toMatchObject({
      name: 'Ann M',
      videos: 2,
      video_minutes: 0.3,
      issues: 2,
      issues_per_minute: 6,
      resolved_share: 0.5,
    });
    expect(m.median_resolve_seconds).toBeGreaterThanOrEqual(0);
    expect(m.median_resolve_seconds).toBeLessThan(60);
    expect(q.reviewers.find((x: { user_id: string }) => x.user_id === 'rev.m')).toEqual({
      user_id: 'rev.m',
      name: 'Rev M',
      raised: 2,
      open: 1,
      videos: 1,
    });
  });
});
