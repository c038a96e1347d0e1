import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makeTestApp, type TestApp } from '../helpers/test-app';
import { insertVideos } from '../helpers/fixtures';
import type { Video } from '../../domain/types';

let t: TestApp;
let ids: number[];
beforeAll(async () => {
  t = await makeTestApp();
  ids = await insertVideos(t.database, [
    { filename: 'alpha.mp4', sourceRoot: '/media/a', status: 'pending' },
    {
      filename: 'beta_run.mp4',
      sourceRoot: '/media/a',
      status: 'completed',
      assignedToId: 'ann1',
      assignedToName: 'Ann',
    },
    { filename: 'gamma.webm', sourceRoot: '/media/b', status: 'kiv', assignedToId: 'ann1', assignedToName: 'Ann' },
    { filename: 'delta.mp4', sourceRoot: '/media/b', status: 'deleted' },
    { filename: '100%_done.mp4', sourceRoot: '/media/b', path: '/media/b/sub dir/100%_done.mp4', status: 'labelled' },
  ]);
});
afterAll(() => t.close());

const list = async (qs: string) => {
  const r = await t.app.inject({ method: 'GET', url: `/api/v1/videos/?${qs}` });
  expect(r.statusCode, r.body).toBe(200);
  return (r.json() as Video[]).map((v) => v.filename);
};

describe('GET /api/v1/videos/', () => {
  test('lists every video except deleted ones, in stable id order, with the spec fields', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/v1/videos/?limit=1000&skip=0' });
    const body = r.json() as Video[];
    expect(body.map((v) => v.filename)).toEqual(['alpha.mp4', 'beta_run.mp4', 'gamma.webm', '100%_done.mp4']);
    expect(body[1]).toMatchObject({
      id: ids[1],
      source_root: '/media/a',
      processing_status: 'completed',
      assigned_to_id: 'ann1',
      assigned_to_name: 'Ann',
      width: 1280,
      height: 720,
      fps: 30,
    });
  });

  test('pages with limit and skip', async () => {
    expect(await list('limit=2&skip=0')).toEqual(['alpha.mp4', 'beta_run.mp4']);
    expect(await list('limit=2&skip=2')).toEqual(['gamma.webm', '100%_done.mp4']);
    expect(await list('limit=2&skip=4')).toEqual([]);
  });

  test('after_id (keyset extension) continues after the last id seen, whatever skip says', async () => {
    expect(await list(`limit=2&skip=2&after_id=${ids[1]}`)).toEqual(['gamma.webm', '100%_done.mp4']);
    expect(await list(`limit=10&skip=0&after_id=${ids[2]}&status=labelled`)).toEqual(['100%_done.mp4']);
  });

  test('filters by repeated status, source root, assignee and unassigned', async () => {
    expect(await list('status=kiv&status=completed')).toEqual(['beta_run.mp4', 'gamma.webm']);
    expect(await list('status=kiv&status=completed&status=labelled&limit=2&skip=1')).toEqual([
      'gamma.webm',
      '100%_done.mp4',
    ]);
    expect(await list(`status=labelled&status=kiv&status=kiv&limit=1&after_id=${ids[2]}`)).toEqual(['100%_done.mp4']);
    expect(await list('status=pending&status=kiv&source_root=/media/b')).toEqual(['gamma.webm']);
    expect(await list('status=deleted')).toEqual([]);
    expect(await list('source_root=/media/b')).toEqual(['gamma.webm', '100%_done.mp4']);
    expect(await list('assignee=ann1')).toEqual(['beta_run.mp4', 'gamma.webm']);
    expect(await list('unassigned_only=true')).toEqual(['alpha.mp4', '100%_done.mp4']);
  });

  test('q searches filename and path case-insensitively, with LIKE wildcards taken literally', async () => {
    expect(await list('q=RUN')).toEqual(['beta_run.mp4']);
    expect(await list('q=sub%20dir')).toEqual(['100%_done.mp4']);
    expect(await list('q=100%25')).toEqual(['100%_done.mp4']);
    expect(await list('q=_')).toEqual(['beta_run.mp4', '100%_done.mp4']);
  });

  test.each([
    ['limit=1001', 'limit'],
    ['limit=0', 'limit'],
    ['limit=abc', 'limit'],
    ['skip=-1', 'skip'],
    ['status=bogus', 'status'],
    ['unassigned_only=maybe', 'unassigned_only'],
  ])('bad query %s answers 400 with a detail naming %s', async (qs, field) => {
    const r = await t.app.inject({ method: 'GET', url: `/api/v1/videos/?${qs}` });
    expect(r.statusCode).toBe(400);
    expect(r.json().detail).toContain(field);
  });
});

describe('GET /api/v1/videos/{id}', () => {
  test('returns one video', async () => {
    const r = await t.app.inject({ method: 'GET', url: `/api/v1/videos/${ids[0]}` });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ id: ids[0], filename: 'alpha.mp4' });
  });
  test('a list row and the single video are the same object (the list is built in SQL, the single row in Node)', async () => {
    const [row] = (
      await t.app.inject({ method: 'GET', url: `/api/v1/videos/?limit=1&after_id=${ids[1] - 1}` })
    ).json() as Video[];
    const single = (await t.app.inject({ method: 'GET', url: `/api/v1/videos/${ids[1]}` })).json();
    expect(row).toEqual(single);
  });
  test('unknown and deleted ids are 404, malformed ids 400', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/videos/999999' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/videos/${ids[3]}` })).statusCode).toBe(404);
    for (const bad of ['abc', '-1', '1.5', '99999999999']) {
      const r = await t.app.inject({ method: 'GET', url: `/api/v1/videos/${bad}` });
      expect(r.statusCode, bad).toBe(400);
      expect(r.json().detail).toBeTruthy();
    }
  });
});
