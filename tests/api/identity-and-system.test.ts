import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { as, makeTestApp, seedUser, type TestApp } from '../helpers/test-app';
import { bootstrapUsers } from '../../server/services/users';
import { insertVideos } from '../helpers/fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
  await bootstrapUsers(t.database.db, ['root@example.com']);
  await insertVideos(t.database, [
    { filename: 'a.mp4', status: 'pending', duration: 10 },
    { filename: 'b.mp4', status: 'completed', duration: 20 },
    { filename: 'c.mp4', status: 'labelled', duration: 30 },
    { filename: 'd.mp4', status: 'deleted', duration: 99 },
  ]);
});
afterAll(() => t.close());

const me = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/v1/me', headers });

describe('identity: the role comes from the users table, never from the header', () => {
  test('guest', async () => {
    expect((await me({})).json()).toMatchObject({ signed_in: false, id: null, role: 'annotator' });
  });
  test('an unknown id is an annotator even when it claims super', async () => {
    expect((await me(as('mallory', 'super'))).json()).toMatchObject({
      signed_in: true,
      id: 'mallory',
      role: 'annotator',
      header_role: 'super',
    });
  });
  test('VAT_BOOTSTRAP_SUPER ids are super on an empty users table', async () => {
    expect((await me(as('root@example.com', 'annotator'))).json()).toMatchObject({ role: 'super' });
    await bootstrapUsers(t.database.db, ['late@example.com']);
    expect((await me(as('late@example.com'))).json().role).toBe('annotator');
  });
  test.each(['ab', 'x'.repeat(65), 'bad id', 'semi;colon', '../etc'])('a malformed X-User-Id %j is 400', async (id) => {
    const r = await me({ 'x-user-id': id });
    expect(r.statusCode).toBe(400);
    expect(r.json().detail).toContain('X-User-Id');
  });
  test('admin-only endpoints answer 401 without identity and 403 for a lower stored role', async () => {
    await seedUser(t.database, 'admin2', 'admin');
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/users' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/admin/users', headers: as('mallory', 'admin') })).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/admin/users', headers: as('admin2', 'annotator') }))
        .statusCode,
    ).toBe(200);
  });
  test('user writes need a stored super; a super can grant roles', async () => {
    const body = { id: 'newbie', name: 'New', role: 'admin' };
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/admin/users',
          headers: as('admin2', 'super'),
          payload: body,
        })
      ).statusCode,
    ).toBe(403);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/users',
      headers: as('root@example.com'),
      payload: body,
    });
    expect(ok.statusCode).toBe(200);
    expect((await me(as('newbie'))).json().role).toBe('admin');
    const self = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/admin/users/root@example.com',
      headers: as('root@example.com'),
    });
    expect(self.statusCode).toBe(400);
    expect(self.json().detail).toBe('Cannot delete yourself');
  });
});

describe('user ids follow the sign-in rule everywhere', () => {
  const post = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/v1/admin/users', headers: as('root@example.com'), payload });
  test.each(['ab', 'x'.repeat(65), 'has space', 'semi;colon', '../etc', 'é-accent'])(
    'POST /admin/users refuses the id %j with 400',
    async (id) => {
      const r = await post({ id, role: 'annotator' });
      expect(r.statusCode).toBe(400);
      expect(r.json().detail).toContain('3–64 chars: letters, numbers, . _ - @');
    },
  );
  test('a blank id is "User ID is required"', async () => {
    const r = await post({ id: '   ' });
    expect(r.statusCode).toBe(400);
    expect(r.json().detail).toContain('User ID is required');
  });
  test('an id is stored trimmed, and that user can act', async () => {
    const r = await post({ id: '  trimmed.user@x  ', role: 'admin' });
    expect(r.statusCode).toBe(200);
    expect(r.json().id).toBe('trimmed.user@x');
    expect((await me(as('trimmed.user@x'))).json()).toMatchObject({ signed_in: true, role: 'admin' });
  });
  test('PUT and DELETE with a malformed id answer 400', async () => {
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/v1/admin/users/a%20b',
          headers: as('root@example.com'),
          payload: { role: 'admin' },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/v1/admin/users/ab', headers: as('root@example.com') }))
        .statusCode,
    ).toBe(400);
  });
});

describe('request hygiene', () => {
  test('invalid JSON is 400 with a detail', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/users',
      headers: { ...as('root@example.com'), 'content-type': 'application/json' },
      payload: '{"id": ',
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().detail).toBeTruthy();
  });
  test('an oversize body is 413 with a detail', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/users',
      headers: { ...as('root@example.com'), 'content-type': 'application/json' },
      payload: JSON.stringify({ id: 'x'.repeat(6 * 1024 * 1024) }),
    });
    expect(r.statusCode).toBe(413);
    expect(r.json().detail).toBeTruthy();
  });
  test('unknown API paths answer JSON 404', async () => {
    for (const url of ['/api/v1/nope', '/api/v2/videos', '/api/v1/videos/1/nothing-here']) {
      const r = await t.app.inject({ method: 'GET', url });
      expect(r.statusCode, url).toBe(404);
      expect(r.json().detail).toMatch(/No such endpoint|not found/i);
    }
  });
});

describe('status and metrics', () => {
  test('GET /status reports the database, the AI device and the pose model the settings choose', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/v1/status' });
    expect(r.json()).toMatchObject({
      database_status: 'connected',
      ai_models: {
        device: expect.stringContaining('cpu'),
        pose_model: expect.stringMatching(
          /^CenterNet person detector, two frames per pass → MoveNet SinglePose Lightning/,
        ),
      },
    });
  });
  test('GET /metrics/summary counts and averages real rows, ignoring deleted ones', async () => {
    const r = (await t.app.inject({ method: 'GET', url: '/api/v1/metrics/summary' })).json();
    expect(r.totals.videos).toBe(3);
    expect(r.status).toMatchObject({ pending: 1, completed: 1, labelled: 1, processing: 0, reviewed: 0 });
    expect(r.video_stats).toMatchObject({ avg_duration: 20, avg_resolution: '1280x720' });
  });
});
