// Numbers past their column, and ids written in anything but decimal digits, are the caller's mistake:
// 400 with a detail naming the field, never a 500 from the database and never read as another number.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { as, makeTestApp, seedUser, type TestApp } from '../helpers/test-app';
import { insertVideos } from '../helpers/fixtures';

let t: TestApp;
let video: number;
const TOO_BIG = 2 ** 31; // one past a 4-byte integer column

beforeAll(async () => {
  t = await makeTestApp();
  await seedUser(t.database, 'ann1', 'annotator');
  await seedUser(t.database, 'admin1', 'admin');
  [video] = await insertVideos(t.database, [{ filename: 'a.mp4', sourceRoot: '/media/a', status: 'completed' }]);
});
afterAll(() => t.close());

const send = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, who = 'ann1') =>
  t.app.inject({ method, url, headers: as(who, who === 'admin1' ? 'admin' : 'annotator'), payload });

describe('a body number past its 4-byte column', () => {
  const cases: Array<[string, () => ReturnType<typeof send>, string]> = [
    [
      'merge base_track_id',
      () => send('POST', `/api/v1/annotations/${video}/tracks/merge`, { base_track_id: TOO_BIG, merge_track_id: 1 }),
      'base_track_id',
    ],
    [
      'merge merge_track_id',
      () => send('POST', `/api/v1/annotations/${video}/tracks/merge`, { base_track_id: 1, merge_track_id: TOO_BIG }),
      'merge_track_id',
    ],
    [
      'restore undo_token',
      () => send('POST', `/api/v1/annotations/${video}/tracks/restore`, { undo_token: TOO_BIG }),
      'undo_token',
    ],
    [
      'action segment restore_id',
      () =>
        send('POST', `/api/v1/annotations/${video}/actions`, {
          track_id: 1,
          action_class: 'run',
          start_time: 0,
          end_time: 1,
          restore_id: TOO_BIG,
        }),
      'restore_id',
    ],
    [
      'assignment video_ids',
      () => send('PATCH', '/api/v1/videos/assignment', { video_ids: [TOO_BIG], assignee_id: 'ann1' }, 'admin1'),
      'video_ids',
    ],
  ];
  test.each(cases)('%s answers 400 with a detail naming it', async (_name, call, field) => {
    const res = await call();
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toContain(field);
  });
});

describe('an id in a path or query that is not plain decimal digits', () => {
  // (URLs made when the test runs: the video exists only then)
  const cases: Array<[string, () => string, string, ('GET' | 'DELETE')?]> = [
    ['hexadecimal video id', () => `/api/v1/videos/0x${video.toString(16)}`, 'params.id'],
    ['video id with a leading space', () => `/api/v1/videos/%20${video}`, 'params.id'],
    ['video id -0', () => '/api/v1/videos/-0', 'params.id'],
    ['video id in exponent form', () => `/api/v1/videos/${video}e0`, 'params.id'],
    ['track id -0', () => `/api/v1/annotations/${video}/tracks/-0/detections?from=0&to=5`, 'params.trackId', 'DELETE'],
    ['track id 0x1', () => `/api/v1/annotations/${video}/tracks/0x1/detections/3`, 'params.trackId', 'DELETE'],
    ['frame 0x3', () => `/api/v1/annotations/${video}/tracks/1/detections/0x3`, 'params.frame', 'DELETE'],
    [
      'version query 1e0',
      () => `/api/v1/annotations/${video}/tracks/1/detections/3?version=1e0`,
      'querystring.version',
      'DELETE',
    ],
    ['window from 0x10', () => `/api/v1/annotations/${video}/detections?from=0x10&to=20`, 'querystring.from'],
    ['window to with a space', () => `/api/v1/annotations/${video}/detections?from=0&to=%2020`, 'querystring.to'],
    ['job id -0', () => '/api/v1/admin/repo/import_jobs/-0', 'params.id'],
    ['library limit 0x10', () => '/api/v1/videos?limit=0x10', 'querystring.limit'],
  ];
  test.each(cases)('%s answers 400 with a detail', async (_name, url, where, method = 'GET') => {
    const res = await send(method, url(), undefined, 'admin1');
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toContain(where);
  });

  test('the same ids in decimal digits are answered', async () => {
    expect((await send('GET', `/api/v1/videos/${video}`)).statusCode).toBe(200);
    expect((await send('GET', `/api/v1/annotations/${video}/detections?from=0&to=20`)).statusCode).toBe(200);
    expect((await send('GET', '/api/v1/videos?limit=16')).statusCode).toBe(200);
  });
});
