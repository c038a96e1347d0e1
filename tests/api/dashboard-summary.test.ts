// GET /metrics/summary as the Dashboard reads it: every figure equals what the library lists for the same
// viewer (deleted videos and sources limited to a higher role left out), plus active sources and the
// processing jobs that wait or run in the real queue.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { as, makeTestApp, seedUser, type TestApp } from '../helpers/test-app';
import { insertVideos } from '../helpers/fixtures';
import { startQueue } from '../../server/queue';
import { sources } from '../../server/db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ queue: (db) => startQueue(db) }); // a real queue and no worker: jobs stay queued
  await seedUser(t.database, 'dash.admin', 'admin');
  await t.database.db.insert(sources).values([
    { root: '/m/open', label: 'Open' },
    { root: '/m/staff', label: 'Staff', role: 'admin' },
    { root: '/m/off', label: 'Off', enabled: false },
  ]);
  const mix = [
    'pending',
    'pending',
    'completed',
    'completed',
    'completed',
    'reviewed',
    'labelled',
    'failed',
    'kiv',
    'deleted',
    'processing',
  ];
  await insertVideos(
    t.database,
    mix.map((status, i) => ({ filename: `o${i}.mp4`, sourceRoot: '/m/open', status, duration: 10 + i })),
  );
  await insertVideos(
    t.database,
    ['completed', 'reviewed', 'deleted'].map((status, i) => ({
      filename: `s${i}.mp4`,
      sourceRoot: '/m/staff',
      status,
    })),
  );
}, 60_000);
afterAll(() => t.close());

const get = async (url: string, who?: string) => {
  const r = await t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: who ? as(who) : {} });
  if (r.statusCode !== 200) throw new Error(`${url}: ${r.statusCode} ${r.body}`);
  return r.json();
};

async function libraryCounts(who?: string) {
  const list: Array<{ processing_status: string; duration: number }> = await get('/videos/?limit=1000&skip=0', who);
  const by: Record<string, number> = {};
  for (const v of list) by[v.processing_status] = (by[v.processing_status] ?? 0) + 1;
  return { total: list.length, by, avgDuration: list.reduce((a, v) => a + v.duration, 0) / list.length };
}

describe('dashboard figures equal the library', () => {
  test.each([undefined, 'someone', 'dash.admin'])('for viewer %s', async (who) => {
    const summary = await get('/metrics/summary', who);
    const lib = await libraryCounts(who);
    expect(summary.totals.videos).toBe(lib.total);
    for (const s of ['pending', 'processing', 'completed', 'reviewed', 'labelled'])
      expect(summary.status[s], s).toBe(lib.by[s] ?? 0);
    expect(summary.video_stats.avg_duration).toBeCloseTo(lib.avgDuration, 1);
    const done = (lib.by.completed ?? 0) + (lib.by.reviewed ?? 0) + (lib.by.labelled ?? 0);
    expect(summary.video_stats.completion_rate).toBeCloseTo((done / lib.total) * 100, 1);
  });
  test('an admin sees the staff-only source in the figures, an annotator does not', async () => {
    expect(
      (await get('/metrics/summary', 'dash.admin')).totals.videos -
        (await get('/metrics/summary', 'someone')).totals.videos,
    ).toBe(2);
  });
});

describe('system figures', () => {
  test('active sources are the enabled ones the viewer may see', async () => {
    expect((await get('/metrics/summary', 'someone')).system.active_sources).toBe(1);
    expect((await get('/metrics/summary', 'dash.admin')).system.active_sources).toBe(2);
  });
  test('the processing queue counts the jobs that wait or run', async () => {
    expect((await get('/metrics/summary')).system.processing_queue).toBe(0);
    const pending = (await get('/videos/?limit=1000&skip=0&status=pending', 'someone')) as Array<{ id: number }>;
    for (const v of pending) {
      const r = await t.app.inject({ method: 'POST', url: `/api/v1/videos/${v.id}/process`, headers: as('someone') });
      expect(r.statusCode).toBe(202);
    }
    expect((await get('/metrics/summary')).system.processing_queue).toBe(pending.length);
  });
});
