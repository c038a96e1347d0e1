// Calls that list, export, process or assign many videos at once apply the library's visibility rule
// (services/source-visibility.ts): a source limited to super users is invisible to everyone below.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { as, makeTestApp, seedUser, type TestApp } from '../helpers/test-app';
import { insertVideos } from '../helpers/fixtures';
import { readZip } from '../helpers/zip';
import { multipartFile } from '../helpers/multipart';
import { startQueue } from '../../server/queue';
import { sources, videos } from '../../server/db/schema';

let t: TestApp;
let openLabelled: number, secretLabelled: number, openPending: number, secretPending: number[];
const SECRET = '/media/secret';

beforeAll(async () => {
  t = await makeTestApp({ queue: (db) => startQueue(db) }); // a real queue, no worker: jobs stay queued
  await seedUser(t.database, 'ann1', 'annotator');
  await seedUser(t.database, 'admin1', 'admin');
  await seedUser(t.database, 'super1', 'super');
  await t.database.db.insert(sources).values([
    { root: '/media/open', label: 'Open' },
    { root: SECRET, label: 'Secret', role: 'super' },
  ]);
  let rest: number[];
  [openLabelled, secretLabelled, openPending, ...rest] = await insertVideos(t.database, [
    { filename: 'open-l.mp4', sourceRoot: '/media/open', status: 'labelled' },
    { filename: 'secret-l.mp4', sourceRoot: SECRET, status: 'labelled' },
    { filename: 'open-p.mp4', sourceRoot: '/media/open', status: 'pending' },
    { filename: 'secret-p1.mp4', sourceRoot: SECRET, status: 'pending' },
    { filename: 'secret-p2.mp4', sourceRoot: SECRET, status: 'pending' },
  ]);
  secretPending = rest;
});
afterAll(() => t.close());

const call = (method: 'POST' | 'PATCH', url: string, who: string | null, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: who ? as(who, 'super') : {}, payload });
const exportedIds = async (r: { rawPayload: Buffer }) =>
  JSON.parse((await readZip(r.rawPayload)).files.get('manifest.json')!.toString()).videos.map(
    (v: { id: number }) => v.id,
  );

describe('batch export', () => {
  test("a guest's zip holds only the visible labelled videos; a super user's holds both", async () => {
    const guest = await call('POST', '/videos/batch_export', null, { mode: '1.0' });
    expect(guest.statusCode).toBe(200);
    expect(await exportedIds(guest)).toEqual([openLabelled]);
    expect((await readZip(guest.rawPayload)).names.join(' ')).not.toContain('secret');
    expect(await exportedIds(await call('POST', '/videos/batch_export', 'super1', { mode: '1.0' }))).toEqual([
      openLabelled,
      secretLabelled,
    ]);
  });

  test('naming the hidden source is 404 below super, as for the library', async () => {
    for (const who of [null, 'ann1', 'admin1']) {
      const r = await call('POST', '/videos/batch_export', who, { mode: '1.0', source_root: SECRET });
      expect(r.statusCode).toBe(404);
      expect(r.json().detail).toBe(`Unknown source: ${SECRET}`);
    }
  });
});

describe('batch processing', () => {
  test("an annotator's batch queues only visible pending videos", async () => {
    const r = await call('POST', '/videos/batch_process?fraction=all', 'ann1');
    expect(r.statusCode).toBe(202);
    expect(r.json()).toEqual({ queued: 1, video_ids: [openPending] });
  });

  test('naming the hidden source is 404 and queues nothing', async () => {
    const r = await call(
      'POST',
      `/videos/batch_process?fraction=all&source_root=${encodeURIComponent(SECRET)}`,
      'admin1',
    );
    expect(r.statusCode).toBe(404);
    expect(r.json().detail).toBe(`Unknown source: ${SECRET}`);
    const again = await call('POST', '/videos/batch_process?fraction=all', 'admin1');
    expect(again.json()).toEqual({ queued: 0, video_ids: [] });
  });

  test('a super user still queues them', async () => {
    expect(
      (
        await call('POST', `/videos/batch_process?fraction=all&source_root=${encodeURIComponent(SECRET)}`, 'super1')
      ).json(),
    ).toEqual({ queued: 2, video_ids: secretPending });
  });
});

describe('assigning and package export', () => {
  test("an admin's assignment leaves the hidden source's videos out", async () => {
    const r = await call('PATCH', '/videos/assignment', 'admin1', {
      video_ids: [openLabelled, secretLabelled],
      assignee_id: 'ann1',
    });
    expect(r.statusCode).toBe(200);
    expect(r.json().updated).toEqual([openLabelled]);
    const [row] = await t.database.db.select().from(videos).where(eq(videos.id, secretLabelled));
    expect(row.assignedToId).toBeNull();
  });

  test("an admin's assignment CSV finds no video of the hidden source", async () => {
    const { payload, headers } = multipartFile(
      'assignments.csv',
      Buffer.from('filename,fullpath,worker_name\nsecret-p1.mp4,,ann1\nopen-p.mp4,,ann1\n'),
      { type: 'text/csv' },
    );
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/v1/assignments/import',
      payload,
      headers: { ...headers, ...as('admin1') },
    });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ matched: 1, assigned: 1, missing: 1 });
    const [row] = await t.database.db.select().from(videos).where(eq(videos.id, secretPending[0]));
    expect(row.assignedToId).toBeNull();
  });

  test("an admin cannot export the hidden source's package", async () => {
    const r = await call('POST', '/admin/repo/export_source', 'admin1', { source_root: SECRET });
    expect(r.statusCode).toBe(404);
    expect(r.json().detail).toBe(`Unknown source: ${SECRET}`);
  });
});

describe('review queue and job activity', () => {
  const get = (url: string, who: string | null) =>
    t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: who ? as(who) : {} });

  test("the review queue leaves the hidden source's videos out below super", async () => {
    const videosIn = async (url: string, who: string | null) =>
      (await get(url, who)).json().items.map((i: { video: string }) => i.video);
    expect(await videosIn('/review/queue', null)).not.toContain('secret-l.mp4');
    expect(await videosIn('/review/queue?scope=all', 'admin1')).not.toContain('secret-l.mp4');
    expect(await videosIn('/review/queue?scope=all', 'super1')).toContain('secret-l.mp4');
  });

  test("the jobs activity does not show the hidden source's queued jobs below super", async () => {
    const jobVideos = async (who: string) =>
      (await get('/jobs/activity', who)).json().jobs.map((j: { video_id: number | null }) => j.video_id);
    for (const who of ['ann1', 'admin1']) {
      const seen = await jobVideos(who);
      expect(seen).toContain(openPending);
      for (const id of secretPending) expect(seen).not.toContain(id);
    }
    expect(await jobVideos('super1')).toEqual(expect.arrayContaining(secretPending));
  });

  test("an admin cannot cancel the hidden source's job by its id (404); a super user can", async () => {
    const jobs = (await get('/jobs/activity', 'super1')).json().jobs as Array<{ id: number; video_id: number | null }>;
    const job = jobs.find((j) => j.video_id === secretPending[0])!;
    const r = await call('POST', `/jobs/${job.id}/cancel`, 'admin1');
    expect(r.statusCode).toBe(404);
    expect(r.json().detail).toBe(`Job ${job.id} not found`);
    expect((await call('POST', `/jobs/${job.id}/cancel`, 'super1')).statusCode).toBe(200);
  });
});
