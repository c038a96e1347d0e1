// GET /videos/{id}/neighbors: previous/next video in the library's order (id ascending, deleted hidden),
// optionally within the library's filters.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../helpers/test-app';
import { videos } from '../../server/db/schema';

let t: TestApp;
let ids: number[];

beforeAll(async () => {
  t = await makeTestApp();
  const mk = (name: string, status: string, root = '/a', assignee: string | null = null) => ({
    filename: name,
    path: `${root}/${name}`,
    relPath: name,
    sourceRoot: root,
    processingStatus: status,
    assignedToId: assignee,
  });
  const rows = await t.database.db
    .insert(videos)
    .values([
      mk('one.mp4', 'completed'),
      mk('two.mp4', 'deleted'),
      mk('three.mp4', 'pending'),
      mk('four.mp4', 'completed', '/b'),
      mk('five.mp4', 'completed', '/a', 'ann1'),
    ])
    .returning({ id: videos.id });
  ids = rows.map((r) => r.id);
}, 60_000);
afterAll(async () => {
  await t.close();
});

const get = (id: number, qs = '') => t.app.inject({ url: `/api/v1/videos/${id}/neighbors${qs}` });

describe('GET /videos/{id}/neighbors', () => {
  it('skips deleted videos and answers null at both ends', async () => {
    const [one, , three, four, five] = ids;
    expect((await get(one)).json()).toEqual({ prev_id: null, next_id: three });
    expect((await get(three)).json()).toEqual({ prev_id: one, next_id: four });
    expect((await get(five)).json()).toEqual({ prev_id: four, next_id: null });
  });

  it('follows the status filter (repeated) of the library', async () => {
    const [one, , , four, five] = ids;
    expect((await get(one, '?status=completed')).json()).toEqual({ prev_id: null, next_id: four });
    expect((await get(four, '?status=completed&status=kiv')).json()).toEqual({ prev_id: one, next_id: five });
  });

  it('follows source_root, q, assignee and unassigned_only', async () => {
    const [one, , three, four, five] = ids;
    expect((await get(one, '?source_root=/a')).json()).toEqual({ prev_id: null, next_id: three });
    expect((await get(three, '?source_root=/a')).json()).toEqual({ prev_id: one, next_id: five });
    expect((await get(one, '?q=F')).json()).toEqual({ prev_id: null, next_id: four });
    expect((await get(one, '?assignee=ann1')).json()).toEqual({ prev_id: null, next_id: five });
    expect((await get(four, '?unassigned_only=true')).json()).toEqual({ prev_id: three, next_id: null });
  });

  it('answers 404 for a deleted or unknown video and 400 for a bad status', async () => {
    const deleted = await get(ids[1]);
    expect(deleted.statusCode).toBe(404);
    expect(deleted.json().detail).toBe(`Video ${ids[1]} not found`);
    expect((await get(999999)).statusCode).toBe(404);
    const bad = await get(ids[0], '?status=bogus');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toMatch(/status/);
  });
});
