// GET /assignments/assignees: assignees with their video counts for the library filter.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../helpers/test-app';
import { videos } from '../../server/db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
  const v = (n: number, who: string | null, name: string | null, status = 'pending') => ({
    filename: `v${n}.mp4`,
    path: `/lib/v${n}.mp4`,
    relPath: `v${n}.mp4`,
    sourceRoot: '/lib',
    assignedToId: who,
    assignedToName: name,
    processingStatus: status,
  });
  await t.database.db
    .insert(videos)
    .values([
      v(1, 'ann', 'Ann Lee'),
      v(2, 'ann', 'Ann Lee'),
      v(3, 'bob', null),
      v(4, null, null),
      v(5, 'bob', null, 'deleted'),
    ]);
});
afterAll(async () => {
  await t?.close();
});

it('lists each assignee once with a count, ignoring deleted videos and unassigned ones', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/assignments/assignees' });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual([
    { id: 'ann', name: 'Ann Lee', count: 2 },
    { id: 'bob', name: 'bob', count: 1 },
  ]);
});
