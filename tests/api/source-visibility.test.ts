import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { as, makeTestApp, seedUser, type TestApp } from '../helpers/test-app';
import { insertVideos } from '../helpers/fixtures';
import { sources } from '../../server/db/schema';

let t: TestApp;
let open: number, hidden: number, open2: number;

beforeAll(async () => {
  t = await makeTestApp();
  await seedUser(t.database, 'admin1', 'admin');
  await seedUser(t.database, 'super1', 'super');
  await seedUser(t.database, 'ann1', 'annotator');
  await t.database.db.insert(sources).values([
    { root: '/media/open', label: 'Open' },
    { root: '/media/staff', label: 'Staff', role: 'admin' },
  ]);
  [open, hidden, open2] = await insertVideos(t.database, [
    { filename: 'a.mp4', sourceRoot: '/media/open', assignedToId: 'ann1' },
    { filename: 'b.mp4', sourceRoot: '/media/staff', assignedToId: 'ann2', status: 'completed' },
    { filename: 'c.mp4', sourceRoot: '/media/open' },
  ]);
});
afterAll(() => t.close());

const get = (url: string, who: string | null) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: who ? as(who, 'super') : {} });
const ids = async (who: string | null) => (await get('/videos/', who)).json().map((v: { id: number }) => v.id);

describe('a source limited to administrators', () => {
  test('its videos are listed only for admins and super users, whatever role header is sent', async () => {
    expect(await ids('ann1')).toEqual([open, open2]);
    expect(await ids(null)).toEqual([open, open2]);
    expect(await ids('admin1')).toEqual([open, hidden, open2]);
    expect(await ids('super1')).toEqual([open, hidden, open2]);
  });

  test("the library's source list leaves it out below admin", async () => {
    const roots = async (who: string | null) =>
      (await get('/sources/', who)).json().map((s: { root: string }) => s.root);
    expect(await roots('ann1')).toEqual(['/media/open']);
    expect(await roots(null)).toEqual(['/media/open']);
    expect(await roots('admin1')).toEqual(['/media/open', '/media/staff']);
  });

  test('re-ingesting it by name is 404 below admin', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: `/api/v1/sources/reingest?root=${encodeURIComponent('/media/staff')}`,
      headers: as('ann1'),
    });
    expect(r.statusCode).toBe(404);
    expect(r.json().detail).toBe('Unknown source: /media/staff');
  });

  test('looking one of its videos up is 404 below admin', async () => {
    expect((await get(`/videos/${hidden}`, 'ann1')).statusCode).toBe(404);
    expect((await get(`/videos/${hidden}/neighbors`, 'ann1')).statusCode).toBe(404);
    expect((await get(`/videos/${hidden}`, 'admin1')).json()).toMatchObject({ id: hidden });
  });

  test('neighbours skip it below admin', async () => {
    expect((await get(`/videos/${open}/neighbors`, 'ann1')).json()).toEqual({ prev_id: null, next_id: open2 });
    expect((await get(`/videos/${open}/neighbors`, 'admin1')).json()).toEqual({ prev_id: null, next_id: hidden });
  });

  test('assignees and the metrics summary leave it out below admin', async () => {
    expect((await get('/assignments/assignees', 'ann1')).json().map((a: { id: string }) => a.id)).toEqual(['ann1']);
    expect((await get('/assignments/assignees', 'admin1')).json().map((a: { id: string }) => a.id)).toEqual([
      'ann1',
      'ann2',
    ]);
    expect((await get('/metrics/summary', 'ann1')).json()).toMatchObject({
      totals: { videos: 2 },
      status: { completed: 0 },
    });
    expect((await get('/metrics/summary', 'super1')).json()).toMatchObject({
      totals: { videos: 3 },
      status: { completed: 1 },
    });
  });
});

describe('by-id calls on a hidden video', () => {
  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, who: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: as(who, 'super'), payload });

  test('annotation reads and writes, status, history, log, download and processing answer 404 below admin', async () => {
    const attempts = [
      call('GET', `/annotations/${hidden}`, 'ann1'),
      call('GET', `/annotations/${hidden}/summary`, 'ann1'),
      call('GET', `/annotations/${hidden}/detections?from=0&to=10`, 'ann1'),
      call('POST', `/annotations/${hidden}/actions`, 'ann1', {
        track_id: 1,
        action_class: 'run',
        start_time: 0,
        end_time: 1,
        confidence: 0.7,
      }),
      call('PATCH', `/videos/${hidden}/status`, 'ann1', { status: 'kiv', remark: '' }),
      call('GET', `/videos/${hidden}/status`, 'ann1'),
      call('GET', `/videos/${hidden}/history`, 'ann1'),
      call('GET', `/videos/${hidden}/log`, 'ann1'),
      call('GET', `/videos/${hidden}/download`, 'ann1'),
      call('POST', `/videos/${hidden}/reprocess`, 'ann1'),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().detail).toBe(`Video ${hidden} not found`);
    }
  });

  test('an admin still reaches them', async () => {
    expect((await call('GET', `/annotations/${hidden}/summary`, 'admin1')).statusCode).toBe(200);
    expect((await call('GET', `/videos/${hidden}/history`, 'admin1')).statusCode).toBe(200);
  });
});
