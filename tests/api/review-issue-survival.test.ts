// Nothing a reviewer said is lost: review issues survive a reprocess (moved to the new track of the same
// person, or kept with their track's name as text) and travel in annotation packages with their threads.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { as, makeTestApp, seedUser, type TestApp } from '../helpers/test-app';
import { seedAnnotatedVideo } from '../annotate-edit/seed';
import { seedPackageSource, seedTargetSource } from '../helpers/package-seed';
import { multipart } from '../helpers/multipart';
import { readZip } from '../helpers/zip';
import { storeAnalysis } from '../../server/jobs/kinds/processing/store-result';
import { QUEUES, startQueue } from '../../server/queue';
import { runImportJob } from '../../server/services/packages/import';
import { packageIssueSchema } from '../../server/services/review-issues/package-issues';
import { videos } from '../../server/db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ queue: (db) => startQueue(db) });
  await seedUser(t.database, 'admin1', 'admin');
  await t.deps.queue!.work<{ jobId: number }>(QUEUES.import, 1, async (d) => {
    await runImportJob(t.database, d.jobId);
  });
});
afterAll(() => t.close());

const REV = as('rev.one', 'annotator', 'Rev One');
const raise = async (v: number, payload: object) => {
  const r = await t.app.inject({ method: 'POST', url: `/api/v1/annotations/${v}/issues`, headers: REV, payload });
  expect(r.statusCode, r.body).toBe(201);
  return r.json();
};
const issuesOf = async (v: number) =>
  (await t.app.inject({ method: 'GET', url: `/api/v1/annotations/${v}/issues` })).json().issues;

const stats = {
  framesAnalysed: 15,
  stride: 1,
  inputW: 256,
  inputH: 144,
  longSide: 256,
  tracker: 'bytetrack' as const,
  poseModel: 'topdown' as const,
  fragments: 1,
  relinks: 0,
  weakTracks: 0,
  peopleFound: 15,
  maxPeopleInFrame: 1,
  tracks: 1,
  decodeInferMs: 1,
  trackMs: 1,
  actionsMs: 1,
};

describe('reprocessing', () => {
  test("moves an issue to the new track of the same person and keeps a vanished track's name as text", async () => {
    // before: T1 on the left (frames 0–9), T2 on the right (frames 5–14)
    const { videoId } = await seedAnnotatedVideo(t.database);
    const onLeft = await raise(videoId, { frame: 4, track_id: 1, kind: 'wrong_box', text: 'left box loose' });
    const onRight = await raise(videoId, { frame: 10, track_id: 2, kind: 'identity_switch', text: 'right swaps' });
    const free = await raise(videoId, { frame: 50, to_frame: 80, kind: 'missed_person', text: 'someone at the edge' });
    await t.database.db.update(videos).set({ processingStatus: 'processing' }).where(eq(videos.id, videoId));
    // after: only the right person is found, and the new run calls them track 1
    const right = Array.from({ length: 15 }, (_, f) => ({
      trackId: 1,
      frame: f,
      x1: 0.5,
      y1: 0.2,
      x2: 0.7,
      y2: 0.6,
      confidence: 0.9,
      keypoints: Array(51).fill(0.5),
    }));
    await storeAnalysis(
      t.database.db,
      { videoId, fromStatus: 'completed', requestedBy: 'ann.one' } as never,
      { fps: 30, frameStride: 1 },
      { detections: right, segments: [], stats, stillDropped: [] },
      5,
    );
    const after = new Map((await issuesOf(videoId)).map((i: { id: number }) => [i.id, i]));
    expect(after.size).toBe(3);
    expect(after.get(onRight.id)).toMatchObject({ track_id: 1, track_label: 'T2', track_exists: true });
    expect(after.get(onLeft.id)).toMatchObject({ track_id: null, track_label: 'T1', track_exists: false });
    expect(after.get(free.id)).toMatchObject({ track_id: null, frame: 50, to_frame: 80, state: 'open' });
    const v = (await t.app.inject({ method: 'GET', url: `/api/v1/videos/${videoId}` })).json();
    expect(v.open_issues).toBe(3);
    const log = (await t.app.inject({ method: 'GET', url: `/api/v1/videos/${videoId}/log` })).body;
    expect(log).toContain(`issue #${onRight.id} (T2) re-linked from track 2 to track 1, IoU 1.00`);
    expect(log).toContain(`issue #${onLeft.id} (T1): track 1 is gone after reprocessing`);
  });
});

describe('annotation packages', () => {
  test('carry the issues with their threads; an import adds them once', async () => {
    const FROM = '/media/issues-from';
    const [first] = await seedPackageSource(t.database, FROM, 'Issues');
    const kept = await raise(first, {
      frame: 2,
      track_id: 1,
      box: { x1: 0.1, y1: 0.2, x2: 0.3, y2: 0.8 },
      kind: 'wrong_box',
      text: 'loose',
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/annotations/${first}/issues/${kept.id}/comments`,
      headers: as('ann.two'),
      payload: { text: 'which side?' },
    });
    const done = await raise(first, { frame: 100, to_frame: 140, kind: 'missed_person', text: 'right edge' });
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/annotations/${first}/issues/${done.id}`,
      headers: as('ann.two'),
      payload: { state: 'resolved', version: 1, comment: 'added' },
    });
    const exported = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/repo/export_source',
      headers: as('admin1', 'admin'),
      payload: { source_root: FROM, status: ['completed'], include_history: false },
    });
    expect(exported.statusCode).toBe(200);
    const zip = await readZip(exported.rawPayload);
    const entry = JSON.parse(zip.files.get('videos/000001.json')!.toString());
    expect(entry.review_issues).toHaveLength(2);
    expect(entry.review_issues[0]).toMatchObject({
      frame: 2,
      track_id: 1,
      track_label: 'T1',
      box: [0.1, 0.2, 0.3, 0.8],
      state: 'open',
      raised_by_id: 'rev.one',
      comments: [{ author_id: 'ann.two', text: 'which side?', event: null }],
    });

    const TO = path.join(t.dataDir, 'issues-target');
    await seedTargetSource(t.database, TO);
    const importOnce = async (mode: string) => {
      const form = multipart([
        {
          name: 'config',
          value: JSON.stringify({ source_root: FROM, target_root: TO, mode, validate_files: true, dry_run: false }),
        },
        { name: 'file', filename: 'package.zip', content: exported.rawPayload, type: 'application/zip' },
      ]);
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/v1/admin/repo/import_source',
        payload: form.payload,
        headers: { ...form.headers, ...as('admin1', 'admin') },
      });
      expect(r.statusCode, r.body).toBe(200);
      for (;;) {
        const job = (
          await t.app.inject({
            method: 'GET',
            url: `/api/v1/admin/repo/import_jobs/${r.json().job_id}`,
            headers: as('admin1', 'admin'),
          })
        ).json();
        if (!['queued', 'running'].includes(job.status)) return job;
        await new Promise((res) => setTimeout(res, 100));
      }
    };
    expect((await importOnce('skip_existing')).progress.videos_imported).toBe(1);
    const [target] = await t.database.db
      .select()
      .from(videos)
      .where(eq(videos.path, path.join(TO, 'day 0/clip_0.mp4')));
    const imported = await issuesOf(target.id);
    expect(imported.map((i: { text: string; state: string }) => [i.text, i.state])).toEqual([
      ['loose', 'open'],
      ['right edge', 'resolved'],
    ]);
    expect(imported[0]).toMatchObject({
      track_id: 1,
      track_exists: true,
      raised_by_id: 'rev.one',
      raised_by_name: 'Rev One',
    });
    expect(imported[0].raised_at).toBe(kept.raised_at);
    expect(imported[1]).toMatchObject({ resolved_by_id: 'ann.two', comments: [{ event: 'resolved', text: 'added' }] });
    expect(target.openIssues).toBe(1);
    const log = async () => (await t.app.inject({ method: 'GET', url: `/api/v1/videos/${target.id}/log` })).body;
    expect(await log()).toContain(
      '2 review issues with their threads added from the package (the video now has 1 open)',
    );
    // again, replacing the annotations: the issues are not doubled
    expect((await importOnce('overwrite')).progress.videos_imported).toBe(1);
    expect(await issuesOf(target.id)).toHaveLength(2);
    expect((await log()).match(/review issues? with their threads added/g)).toHaveLength(1);
  });

  test('refuse an issue no call could have raised: a range ending before it starts, an empty box, a half resolve', () => {
    const ok = {
      frame: 10,
      to_frame: 20,
      track_id: null,
      track_label: null,
      box: [0.1, 0.1, 0.2, 0.2],
      kind: 'other',
      text: 'x',
      state: 'open',
      raised_by_id: 'rev.one',
      raised_by_name: null,
      raised_at: '2026-01-01T00:00:00.000Z',
      resolved_by_id: null,
      resolved_by_name: null,
      resolved_at: null,
      comments: [],
    };
    const problem = (over: object) => packageIssueSchema.safeParse({ ...ok, ...over }).error?.issues[0]?.message;
    expect(problem({})).toBeUndefined();
    expect(problem({ to_frame: 9 })).toBe('to_frame must not be before frame');
    expect(problem({ box: [0.3, 0.1, 0.2, 0.2] })).toBe('box needs x2 > x1 and y2 > y1');
    expect(problem({ state: 'resolved' })).toBe('a resolved issue names who resolved it and when, an open one neither');
    expect(problem({ resolved_by_id: 'ann.two', resolved_at: '2026-01-02T00:00:00.000Z' })).toBeDefined();
    expect(
      problem({ state: 'resolved', resolved_by_id: 'ann.two', resolved_at: '2026-01-02T00:00:00.000Z' }),
    ).toBeUndefined();
  });
});
