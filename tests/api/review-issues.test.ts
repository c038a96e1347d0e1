// The review issue calls (/annotations/{id}/issues): raise, list with comments, comment, resolve / reopen
// under a version; every bad input is a 4xx with a detail; role and source visibility as for annotations;
// every write is in the video's log.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { as, makeTestApp, seedUser, type TestApp } from '../helpers/test-app';
import { seedAnnotatedVideo } from '../annotate-edit/seed';
import { reviewIssueComments, reviewIssues, sources, videos } from '../../server/db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
  await seedUser(t.database, 'super1', 'super');
});
afterAll(() => t.close());

const REV = as('rev.one', 'annotator', 'Rev One');
const ANN = as('ann.two', 'annotator', 'Ann Two');
const url = (v: number, rest = '') => `/api/v1/annotations/${v}/issues${rest}`;
const raise = (v: number, payload: object, headers: Record<string, string> = REV) =>
  t.app.inject({ method: 'POST', url: url(v), headers, payload });
const list = async (v: number, q = '') => {
  const r = await t.app.inject({ method: 'GET', url: url(v, q) });
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
};
const patch = (v: number, id: number, payload: object, headers: Record<string, string> = ANN) =>
  t.app.inject({ method: 'PATCH', url: url(v, `/${id}`), headers, payload });
const comment = (v: number, id: number, payload: object, headers: Record<string, string> = ANN) =>
  t.app.inject({ method: 'POST', url: url(v, `/${id}/comments`), headers, payload });
const wrongBox = { frame: 4, to_frame: 8, track_id: 1, box: { x1: 0.1, y1: 0.1, x2: 0.3, y2: 0.5 }, kind: 'wrong_box' };

describe('POST /annotations/{id}/issues', () => {
  test('raises an issue pinned to frames, a track and a region: 201 with its id and version 1', async () => {
    const { videoId } = await seedAnnotatedVideo(t.database);
    const r = await raise(videoId, { ...wrongBox, text: '  box too loose  ' });
    expect(r.statusCode, r.body).toBe(201);
    const issue = r.json();
    expect(issue).toMatchObject({
      video_id: videoId,
      frame: 4,
      to_frame: 8,
      track_id: 1,
      track_label: 'T1',
      track_exists: true,
      box: { x1: 0.1, y1: 0.1, x2: 0.3, y2: 0.5 },
      kind: 'wrong_box',
      text: 'box too loose',
      state: 'open',
      raised_by_id: 'rev.one',
      raised_by_name: 'Rev One',
      resolved_by_id: null,
      resolved_at: null,
      version: 1,
      comments: [],
    });
    expect(issue.id).toBeGreaterThan(0);
    const video = await t.app.inject({ method: 'GET', url: `/api/v1/videos/${videoId}` });
    expect(video.json().open_issues).toBe(1);
  });

  test('takes an issue with neither track nor region (a missed person), and one frame as to_frame null', async () => {
    const { videoId } = await seedAnnotatedVideo(t.database);
    const r = await raise(videoId, { frame: 100, to_frame: 100, kind: 'missed_person', text: 'someone at the edge' });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json()).toMatchObject({ frame: 100, to_frame: null, track_id: null, track_label: null, box: null });
  });

  test.each([
    ['no kind', { frame: 1, text: 'x' }, 'body.kind'],
    ['an unknown kind', { frame: 1, kind: 'bad_kind', text: 'x' }, 'body.kind'],
    ['an empty text', { frame: 1, kind: 'other', text: '   ' }, 'text must not be empty'],
    ['an invisible text', { frame: 1, kind: 'other', text: '\u200b\u2060\t' }, 'text must not be empty'],
    ['a text over 2000 characters', { frame: 1, kind: 'other', text: 'x'.repeat(2001) }, 'at most 2000'],
    ['a negative frame', { frame: -1, kind: 'other', text: 'x' }, 'body.frame'],
    ['a fractional frame', { frame: 1.5, kind: 'other', text: 'x' }, 'body.frame'],
    ['to_frame before frame', { frame: 9, to_frame: 3, kind: 'other', text: 'x' }, 'to_frame must not be before frame'],
    ['an empty box', { frame: 1, box: { x1: 0.5, y1: 0.1, x2: 0.5, y2: 0.3 }, kind: 'other', text: 'x' }, 'x2 > x1'],
    [
      'a box outside the frame',
      { frame: 1, box: { x1: 0.5, y1: 0.1, x2: 1.5, y2: 0.3 }, kind: 'other', text: 'x' },
      'body.box',
    ],
    ['a field it does not know', { frame: 1, kind: 'other', text: 'x', priority: 'high' }, 'priority'],
  ])('refuses %s with 400 and a detail', async (_what, payload, detail) => {
    const { videoId } = await seedAnnotatedVideo(t.database);
    const r = await raise(videoId, payload);
    expect(r.statusCode, r.body).toBe(400);
    expect(r.json().detail).toContain(detail);
  });

  test('refuses frames outside the video and tracks it does not have with 422', async () => {
    const { videoId } = await seedAnnotatedVideo(t.database);
    const late = await raise(videoId, { frame: 290, to_frame: 300, kind: 'other', text: 'x' });
    expect(late.statusCode).toBe(422);
    expect(late.json().detail).toBe('frame 300 is outside the video: it has 300 frames (0–299)');
    const track = await raise(videoId, { frame: 1, track_id: 9, kind: 'wrong_box', text: 'x' });
    expect(track.statusCode).toBe(422);
    expect(track.json().detail).toBe(`Track 9 does not exist in video ${videoId}`);
    expect((await list(videoId)).issues).toEqual([]);
  });

  test('needs a signed-in user (401), a live video (404)', async () => {
    const { videoId } = await seedAnnotatedVideo(t.database);
    expect((await raise(videoId, { frame: 1, kind: 'other', text: 'x' }, {})).statusCode).toBe(401);
    expect((await raise(999_999, { frame: 1, kind: 'other', text: 'x' })).statusCode).toBe(404);
    await t.database.db.update(videos).set({ processingStatus: 'deleted' }).where(eq(videos.id, videoId));
    expect((await raise(videoId, { frame: 1, kind: 'other', text: 'x' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: url(videoId) })).statusCode).toBe(404);
  });
});

describe('GET /annotations/{id}/issues', () => {
  test('lists the issues by frame with their comments, filtered by state, with both counts', async () => {
    const { videoId } = await seedAnnotatedVideo(t.database);
    const late = (await raise(videoId, { frame: 200, kind: 'other', text: 'late' })).json();
    const early = (await raise(videoId, { ...wrongBox, text: 'early' })).json();
    await comment(videoId, early.id, { text: 'looking at it' });
    await patch(videoId, late.id, { state: 'resolved', version: 1 });
    const all = await list(videoId);
    expect(all).toMatchObject({ video_id: videoId, open: 1, resolved: 1 });
    expect(all.issues.map((i: { text: string }) => i.text)).toEqual(['early', 'late']);
    expect(all.issues[0].comments).toMatchObject([{ author_id: 'ann.two', text: 'looking at it', event: null }]);
    expect((await list(videoId, '?state=open')).issues.map((i: { id: number }) => i.id)).toEqual([early.id]);
    expect((await list(videoId, '?state=resolved')).issues.map((i: { id: number }) => i.id)).toEqual([late.id]);
    const bad = await t.app.inject({ method: 'GET', url: url(videoId, '?state=closed') });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toContain('querystring.state');
  });

  test("says when an issue's track no longer exists, keeping its name", async () => {
    const { videoId } = await seedAnnotatedVideo(t.database);
    await raise(videoId, { ...wrongBox, track_id: 2, frame: 6, to_frame: null, text: 'swap' });
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/annotations/${videoId}/tracks/2`,
      headers: ANN,
    });
    expect(del.statusCode, del.body).toBe(200);
    const [issue] = (await list(videoId)).issues;
    expect(issue).toMatchObject({ track_id: 2, track_label: 'T2', track_exists: false });
  });
});

describe('POST /annotations/{id}/issues/{issueId}/comments', () => {
  test('appends a comment: 201, in the thread, and no version change of the issue', async () => {
    const { videoId } = await seedAnnotatedVideo(t.database);
    const issue = (await raise(videoId, { ...wrongBox, text: 'x' })).json();
    const r = await comment(videoId, issue.id, { text: 'fixed at 6, not sure about 7' });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json()).toMatchObject({ issue_id: issue.id, author_id: 'ann.two', author_name: 'Ann Two', event: null });
    const [listed] = (await list(videoId)).issues;
    expect(listed.version).toBe(1);
    expect(listed.comments.map((c: { text: string }) => c.text)).toEqual(['fixed at 6, not sure about 7']);
  });

  test('refuses an empty comment (400), a guest (401), an unknown issue or one of another video (404)', async () => {
    const a = await seedAnnotatedVideo(t.database);
    const b = await seedAnnotatedVideo(t.database);
    const issue = (await raise(a.videoId, { frame: 1, kind: 'other', text: 'x' })).json();
    const empty = await comment(a.videoId, issue.id, { text: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().detail).toContain('text must not be empty');
    expect((await comment(a.videoId, issue.id, { text: 'hi' }, {})).statusCode).toBe(401);
    const other = await comment(b.videoId, issue.id, { text: 'hi' });
    expect(other.statusCode).toBe(404);
    expect(other.json().detail).toBe(`Issue ${issue.id} not found in video ${b.videoId}`);
    expect((await comment(a.videoId, 999_999, { text: 'hi' })).statusCode).toBe(404);
  });
});

describe('PATCH /annotations/{id}/issues/{issueId}', () => {
  test('resolves under the version it names: who and when, a note in the thread, the open count falls', async () => {
    const { videoId } = await seedAnnotatedVideo(t.database);
    const issue = (await raise(videoId, { ...wrongBox, text: 'x' })).json();
    const r = await patch(videoId, issue.id, { state: 'resolved', version: 1, comment: 'box tightened' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({
      state: 'resolved',
      version: 2,
      resolved_by_id: 'ann.two',
      resolved_by_name: 'Ann Two',
      updated_by_id: 'ann.two',
      comments: [{ event: 'resolved', text: 'box tightened', author_id: 'ann.two' }],
    });
    expect(Date.parse(r.json().resolved_at)).toBeGreaterThan(Date.now() - 60_000);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/videos/${videoId}` })).json().open_issues).toBe(0);
    const reopened = await patch(videoId, issue.id, { state: 'open', version: 2 }, REV);
    expect(reopened.json()).toMatchObject({ state: 'open', version: 3, resolved_by_id: null, resolved_at: null });
    expect(reopened.json().comments.map((c: { event: string }) => c.event)).toEqual(['resolved', 'reopened']);
  });

  test('answers 428 without a version and 409 naming who changed it with a stale one', async () => {
    const { videoId } = await seedAnnotatedVideo(t.database);
    const issue = (await raise(videoId, { ...wrongBox, text: 'x' })).json();
    const none = await patch(videoId, issue.id, { state: 'resolved' });
    expect(none.statusCode).toBe(428);
    expect(none.json().detail).toBe(
      `Issue ${issue.id} is at version 1: send the version your change is based on ("version")`,
    );
    await patch(videoId, issue.id, { state: 'resolved', version: 1 }, REV);
    const stale = await patch(videoId, issue.id, { state: 'resolved', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().detail).toMatch(
      new RegExp(`^Issue ${issue.id} was changed by rev\\.one at \\S+ \\(version 2, now resolved\\)`),
    );
  });

  test('the same state at the current version changes nothing (a note still goes into the thread)', async () => {
    const { videoId } = await seedAnnotatedVideo(t.database);
    const issue = (await raise(videoId, { ...wrongBox, text: 'x' })).json();
    const r = await patch(videoId, issue.id, { state: 'open', version: 1, comment: 'still wrong at 7' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({
      state: 'open',
      version: 1,
      comments: [{ text: 'still wrong at 7', event: null }],
    });
  });

  test.each([
    ['an unknown state', { state: 'closed', version: 1 }],
    ['a version of 0', { state: 'resolved', version: 0 }],
    ['a text version', { state: 'resolved', version: '1' }],
    ['no state', { version: 1 }],
  ])('refuses %s with 400', async (_what, payload) => {
    const { videoId } = await seedAnnotatedVideo(t.database);
    const issue = (await raise(videoId, { frame: 1, kind: 'other', text: 'x' })).json();
    const r = await patch(videoId, issue.id, payload);
    expect(r.statusCode).toBe(400);
    expect(r.json().detail).toMatch(/^body\./);
  });

  test('needs a signed-in user (401); an unknown issue is 404', async () => {
    const { videoId } = await seedAnnotatedVideo(t.database);
    const issue = (await raise(videoId, { frame: 1, kind: 'other', text: 'x' })).json();
    expect((await patch(videoId, issue.id, { state: 'resolved', version: 1 }, {})).statusCode).toBe(401);
    expect((await patch(videoId, 999_999, { state: 'resolved', version: 1 })).statusCode).toBe(404);
  });
});

describe('visibility and audit', () => {
  test('a video of a source limited to super users is 404 on every issue call below super', async () => {
    const { videoId } = await seedAnnotatedVideo(t.database);
    await t.database.db.insert(sources).values({ root: '/tmp/vat-secret', label: 'Secret', role: 'super' });
    const issue = (await raise(videoId, { frame: 1, kind: 'other', text: 'x' })).json();
    await t.database.db.update(videos).set({ sourceRoot: '/tmp/vat-secret' }).where(eq(videos.id, videoId));
    const calls = [
      () => t.app.inject({ method: 'GET', url: url(videoId), headers: ANN }),
      () => raise(videoId, { frame: 1, kind: 'other', text: 'x' }, ANN),
      () => comment(videoId, issue.id, { text: 'x' }),
      () => patch(videoId, issue.id, { state: 'resolved', version: 1 }),
    ];
    for (const call of calls) expect((await call()).statusCode).toBe(404);
    const boss = await t.app.inject({ method: 'GET', url: url(videoId), headers: as('super1', 'super') });
    expect(boss.statusCode).toBe(200);
    expect(boss.json().issues).toHaveLength(1);
  });

  test("every issue write is a line of the video's log: who raised, commented, resolved what", async () => {
    const { videoId } = await seedAnnotatedVideo(t.database);
    const issue = (await raise(videoId, { ...wrongBox, text: 'box too loose' })).json();
    await comment(videoId, issue.id, { text: 'on it' });
    await patch(videoId, issue.id, { state: 'resolved', version: 1 });
    const log = (await t.app.inject({ method: 'GET', url: `/api/v1/videos/${videoId}/log` })).body;
    expect(log).toContain(
      `issue raised by rev.one (Rev One): #${issue.id} Wrong box at frames 4–8 (T1): "box too loose"`,
    );
    expect(log).toContain(`comment on issue #${issue.id} by ann.two (Ann Two): "on it"`);
    expect(log).toContain(`issue #${issue.id} resolved by ann.two (Ann Two)`);
  });
});

describe('the log cannot be forged', () => {
  test('an issue or comment text with line breaks stays on its own log line', async () => {
    const { videoId } = await seedAnnotatedVideo(t.database);
    const forged = '2020-01-01T00:00:00.000Z video marked reviewed by admin1';
    const issue = (await raise(videoId, { frame: 1, kind: 'other', text: `looks fine\n${forged}` })).json();
    expect(issue.text).toBe(`looks fine\n${forged}`); // the issue keeps what was typed
    await comment(videoId, issue.id, { text: `ok\r\n${forged}\u2028${forged}` });
    const log = (await t.app.inject({ method: 'GET', url: `/api/v1/videos/${videoId}/log` })).body;
    const lines = log.split('\n');
    expect(lines.filter((l) => l.startsWith('2020-01-01'))).toEqual([]);
    expect(lines.filter((l) => l.includes(`#${issue.id}`))).toHaveLength(2);
    expect(log).toContain(`"looks fine ${forged}"`);
    expect(log).toContain(`"ok ${forged} 2020-01-01`); // a comment is quoted up to 80 characters
  });
});

describe('the published contract', () => {
  test('the OpenAPI document describes the issue calls and the review settings with their schemas', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const base = '/api/v1/annotations/{id}/issues';
    expect(Object.keys(doc.paths[base]).sort()).toEqual(['get', 'post']);
    expect(Object.keys(doc.paths[`${base}/{issueId}`])).toEqual(['patch']);
    expect(Object.keys(doc.paths[`${base}/{issueId}/comments`])).toEqual(['post']);
    expect(Object.keys(doc.paths['/api/v1/settings/review']).sort()).toEqual(['get', 'put']);
    expect(JSON.stringify(doc.paths[base].post.responses['201'])).toContain('ReviewIssue');
    expect(doc.components.schemas).toHaveProperty('ReviewIssueList');
    expect(doc.components.schemas).toHaveProperty('IssueComment');
  });
});

describe('bounded', () => {
  /** A new issue whose thread already holds `n` comments. */
  async function issueWithComments(n: number) {
    const { videoId } = await seedAnnotatedVideo(t.database);
    const issue = (await raise(videoId, { frame: 1, kind: 'other', text: 'x' })).json();
    await t.database.db
      .insert(reviewIssueComments)
      .values(Array.from({ length: n }, (_, i) => ({ issueId: issue.id, authorId: 'ann.two', text: `c${i}` })));
    return { videoId, issue };
  }

  test('comments sent at the same moment into an almost full thread: exactly one gets the last place', async () => {
    const { videoId, issue } = await issueWithComments(199);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => comment(videoId, issue.id, { text: `last ${i}` })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 429, 429, 429, 429, 429]);
    const [listed] = (await list(videoId)).issues;
    expect(listed.comments).toHaveLength(200);
  });

  test('one video holds at most 2000 issues (429), an issue 200 comments; a full thread still resolves', async () => {
    const { videoId, issue } = await issueWithComments(200);
    const more = await comment(videoId, issue.id, { text: 'one more' });
    expect(more.statusCode).toBe(429);
    expect(more.json().detail).toBe(`Issue ${issue.id} already holds 200 comments, the most one issue may hold`);
    const resolved = await patch(videoId, issue.id, { state: 'resolved', version: 1 });
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json()).toMatchObject({ state: 'resolved', resolved_by_id: 'ann.two' });
    expect(resolved.json().comments).toHaveLength(200);
    await t.database.db.insert(reviewIssues).values(
      Array.from({ length: 1999 }, () => ({
        videoId,
        frame: 2,
        kind: 'other',
        text: 'filler',
        raisedById: 'rev.one',
        updatedById: 'rev.one',
      })),
    );
    const over = await raise(videoId, { frame: 1, kind: 'other', text: 'x' });
    expect(over.statusCode).toBe(429);
    expect(over.json().detail).toBe(`Video ${videoId} already holds 2000 issues, the most one video may hold`);
  });
});
