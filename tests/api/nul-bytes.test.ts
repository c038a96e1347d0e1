// A NUL byte cannot be stored in a PostgreSQL text column, and no filter, name or remark needs one:
// any NUL in a request's query, path or JSON body is refused with 400 before a handler runs.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { as, makeTestApp, seedUser, type TestApp } from '../helpers/test-app';
import { insertVideos } from '../helpers/fixtures';

let t: TestApp;
let video: number;
let sourceRoot: string;

beforeAll(async () => {
  t = await makeTestApp();
  await seedUser(t.database, 'super1', 'super');
  await seedUser(t.database, 'ann1', 'annotator');
  sourceRoot = path.join(t.dataDir, 'media-nul');
  fs.mkdirSync(sourceRoot, { recursive: true });
  [video] = await insertVideos(t.database, [{ filename: 'a.mp4', sourceRoot: '/media/a', status: 'completed' }]);
});
afterAll(() => t.close());

const NUL = '\u0000';
const q = (s: string) => encodeURIComponent(`a${NUL}${s}`);

describe('a NUL byte anywhere in a request', () => {
  const cases: Array<[string, () => Promise<{ statusCode: number; json(): { detail?: string } }>]> = [
    ['library q', () => t.app.inject({ method: 'GET', url: `/api/v1/videos/?q=${q('b')}` })],
    ['library assignee', () => t.app.inject({ method: 'GET', url: `/api/v1/videos/?assignee=${q('b')}` })],
    ['library source_root', () => t.app.inject({ method: 'GET', url: `/api/v1/videos/?source_root=${q('b')}` })],
    ['neighbours q', () => t.app.inject({ method: 'GET', url: `/api/v1/videos/${video}/neighbors?q=${q('b')}` })],
    [
      'status remark',
      () =>
        t.app.inject({
          method: 'PATCH',
          url: `/api/v1/videos/${video}/status`,
          headers: as('ann1'),
          payload: { status: 'kiv', remark: `why${NUL}` },
        }),
    ],
    [
      'user name',
      () =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/admin/users',
          headers: as('super1', 'super'),
          payload: { id: 'newuser', name: `N${NUL}ame`, role: 'annotator' },
        }),
    ],
    [
      'source label',
      () =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/admin/repo/sources',
          headers: as('super1', 'super'),
          payload: { root: sourceRoot, label: `L${NUL}abel`, enabled: false },
        }),
    ],
  ];
  for (const [what, send] of cases) {
    test(`in the ${what} is a 400 with a detail`, async () => {
      const r = await send();
      expect(r.statusCode, JSON.stringify(r.json())).toBe(400);
      expect(r.json().detail).toMatch(/NUL/);
    });
  }

  test('nothing was stored by the refused writes', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/videos/${video}/status` })).json().status).toBe(
      'completed',
    );
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/admin/users', headers: as('super1', 'super') }))
        .json()
        .map((u: { id: string }) => u.id),
    ).not.toContain('newuser');
  });

  test('a NUL inside a nested body value or a key is refused too', async () => {
    const r = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/videos/assignment',
      headers: as('super1', 'super'),
      payload: { video_ids: [video], assignee_id: null, [`x${NUL}`]: 1 },
    });
    expect(r.statusCode).toBe(400);
  });
});
