import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makeTestApp, seedUser, type TestApp } from '../helpers/test-app';
import { makeClip } from '../helpers/fixtures';
import { caller, scansSettled } from '../helpers/repo-admin';
import { ingestJobs } from '../../server/db/schema';

let t: TestApp;
const admin = () => caller(t, 'admin1');
let root: string;

beforeAll(async () => {
  t = await makeTestApp();
  await seedUser(t.database, 'admin1', 'admin');
  await seedUser(t.database, 'ann1', 'annotator');
  root = path.join(t.dataDir, 'media');
  makeClip(t.deps.media.ffmpegPath, path.join(root, 'a.mp4'));
  await t.database.db
    .insert(ingestJobs)
    .values({ jobType: 'purge', status: 'failed', initiatedBy: 'admin1', summary: { attempted: 1 }, errors: ['boom'] });
});
afterAll(async () => {
  await scansSettled(t);
  await t.close();
});

describe('job history', () => {
  test('401 for a guest, 403 with detail for an annotator', async () => {
    expect((await caller(t, null)('GET', '/admin/repo/jobs')).statusCode).toBe(401);
    const r = await caller(t, 'ann1')('GET', '/admin/repo/jobs');
    expect(r.statusCode).toBe(403);
    expect(r.json().detail).toMatch(/admin/i);
  });

  test.each(['limit=0', 'limit=101', 'limit=abc', 'job_type=export', 'status=done'])(
    'a bad filter %s is 400 with detail',
    async (qs) => {
      const r = await admin()('GET', `/admin/repo/jobs?${qs}`);
      expect(r.statusCode).toBe(400);
      expect(r.json().detail).toBeTruthy();
    },
  );

  test('the scan of a new source and a re-ingest of all sources are listed newest first, with who started them', async () => {
    await admin()('POST', '/admin/repo/sources', { root, label: 'Media' });
    await scansSettled(t);
    const re = await admin()('POST', '/sources/reingest?delete_missing=true&include_disabled=false');
    expect(re.statusCode, re.body).toBe(200);
    const jobs = (await admin()('GET', '/admin/repo/jobs')).json();
    expect(jobs.map((j: { job_type: string }) => j.job_type)).toEqual(['reingest', 'scan', 'purge']);
    expect(jobs[1]).toMatchObject({
      status: 'success',
      initiated_by: 'admin1',
      summary: { root, added: 1 },
      errors: [],
    });
    expect(jobs[0].finished_at).toEqual(expect.any(String));
  });

  test('filters by type and status, and limits the count', async () => {
    const only = async (qs: string) =>
      (await admin()('GET', `/admin/repo/jobs?${qs}`)).json().map((j: { job_type: string }) => j.job_type);
    expect(await only('job_type=scan')).toEqual(['scan']);
    expect(await only('status=failed')).toEqual(['purge']);
    expect(await only('job_type=purge&status=success')).toEqual([]);
    expect(await only('limit=2&job_type=all&status=all')).toEqual(['reingest', 'scan']);
    const failed = (await admin()('GET', '/admin/repo/jobs?status=failed')).json()[0];
    expect(failed).toMatchObject({ errors: ['boom'], summary: { attempted: 1 } });
  });
});
