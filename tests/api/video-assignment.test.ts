// PATCH /videos/assignment: admins assign chosen videos to a known user or unassign them.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { as, makeTestApp, seedUser, type TestApp } from '../helpers/test-app';
import { insertVideos } from '../helpers/fixtures';

let t: TestApp;
let ids: number[];
const patch = (payload: object, who: string | null = 'admin1') =>
  t.app.inject({ method: 'PATCH', url: '/api/v1/videos/assignment', payload, headers: who ? as(who) : {} });
const assignees = async () =>
  (
    await t.database.sql.query<{ id: number; assigned_to_id: string | null; assigned_to_name: string | null }>(
      'select id, assigned_to_id, assigned_to_name from videos order by id',
    )
  ).rows;

beforeAll(async () => {
  t = await makeTestApp();
  await seedUser(t.database, 'admin1', 'admin');
  await seedUser(t.database, 'ann1', 'annotator', 'Ann Lee');
  ids = await insertVideos(t.database, [
    { filename: 'a.mp4' },
    { filename: 'b.mp4' },
    { filename: 'c.mp4', status: 'deleted' },
  ]);
});
afterAll(() => t.close());

test('a guest gets 401 and an annotator 403', async () => {
  expect((await patch({ video_ids: [ids[0]], assignee_id: 'ann1' }, null)).statusCode).toBe(401);
  expect((await patch({ video_ids: [ids[0]], assignee_id: 'ann1' }, 'ann1')).statusCode).toBe(403);
  expect((await assignees())[0].assigned_to_id).toBeNull();
});

test('assigns live videos to a known user with the name from the users table, then unassigns them', async () => {
  const r = await patch({ video_ids: [ids[0], ids[1], ids[2], 999999], assignee_id: 'ann1' });
  expect(r.statusCode).toBe(200);
  expect(r.json()).toEqual({ updated: [ids[0], ids[1]], assigned_to_id: 'ann1', assigned_to_name: 'Ann Lee' });
  expect((await assignees()).map((v) => v.assigned_to_id)).toEqual(['ann1', 'ann1', null]);
  const filter = await t.app.inject({ url: '/api/v1/videos/?limit=10&skip=0&assignee=ann1' });
  expect(
    filter
      .json()
      .map((v: { id: number }) => v.id)
      .sort(),
  ).toEqual([ids[0], ids[1]].sort());
  const un = await patch({ video_ids: [ids[0]], assignee_id: null });
  expect(un.json()).toEqual({ updated: [ids[0]], assigned_to_id: null, assigned_to_name: null });
  expect((await assignees())[0]).toMatchObject({ assigned_to_id: null, assigned_to_name: null });
});

test('an unknown user is 422 and bad bodies are 400, changing nothing', async () => {
  const before = await assignees();
  const unknown = await patch({ video_ids: [ids[1]], assignee_id: 'nobody' });
  expect(unknown.statusCode).toBe(422);
  expect(unknown.json().detail).toBe('Unknown user: nobody');
  expect((await patch({ video_ids: [], assignee_id: 'ann1' })).statusCode).toBe(400);
  expect((await patch({ video_ids: ['x'], assignee_id: 'ann1' })).statusCode).toBe(400);
  expect((await patch({ video_ids: [ids[1]] })).statusCode).toBe(400);
  expect(await assignees()).toEqual(before);
});
