// Every Repository Manager call that names a folder, tried with paths that point somewhere else than
// they say (a symlink to a configured source, relative paths, `..`, NUL bytes): each is refused and
// nothing changes, in the database or on disk. Then a removal deletes exactly one source's rows.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { inArray } from 'drizzle-orm';
import { makeTestApp, seedUser, type TestApp } from '../helpers/test-app';
import { insertVideos } from '../helpers/fixtures';
import { caller, snapshot } from '../helpers/repo-admin';
import {
  actionSegments,
  detections,
  processingLog,
  relationships,
  sources,
  statusHistory,
  videos,
} from '../../server/db/schema';

let t: TestApp;
const admin = () => caller(t, 'admin1');
let lib: string, keep: string, link: string;
const ids = { lib: [] as number[], keep: [] as number[] };

async function annotate(videoIds: number[]) {
  const db = t.database.db;
  for (const videoId of videoIds) {
    await db.insert(detections).values({ videoId, trackId: 1, frame: 0, x1: 0.1, y1: 0.1, x2: 0.2, y2: 0.2 });
    await db.insert(actionSegments).values({ videoId, trackId: 1, actionClass: 'run', startTime: 0, endTime: 1 });
    await db
      .insert(relationships)
      .values({ videoId, subjectTrackId: 1, objectTrackId: 2, kind: 'near', startTime: 0, endTime: 1 });
    await db.insert(statusHistory).values({ videoId, oldStatus: 'pending', newStatus: 'completed' });
    await db.insert(processingLog).values({ videoId, line: 'done' });
  }
}

beforeAll(async () => {
  t = await makeTestApp();
  await seedUser(t.database, 'admin1', 'admin');
  lib = path.join(t.dataDir, 'lib');
  keep = path.join(t.dataDir, 'keep');
  link = path.join(t.dataDir, 'lib-link');
  for (const [dir, name] of [
    [lib, 'a.mp4'],
    [lib, 'b.mp4'],
    [keep, 'k.mp4'],
  ]) {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, name), name);
  }
  fs.symlinkSync(lib, link);
  await t.database.db.insert(sources).values([
    { root: lib, label: 'Lib', enabled: false },
    { root: keep, label: 'Keep', enabled: false },
  ]);
  ids.lib = await insertVideos(t.database, [
    { filename: 'a.mp4', sourceRoot: lib, status: 'deleted' },
    { filename: 'b.mp4', sourceRoot: lib, status: 'completed' },
  ]);
  ids.keep = await insertVideos(t.database, [{ filename: 'k.mp4', sourceRoot: keep, status: 'deleted' }]);
  await annotate([...ids.lib, ...ids.keep]);
});
afterAll(() => t.close());

const filesOnDisk = () =>
  ['lib/a.mp4', 'lib/b.mp4', 'keep/k.mp4'].filter((f) => fs.existsSync(path.join(t.dataDir, f)));

describe('paths that point elsewhere are refused and change nothing', () => {
  const attempts = (bad: string) =>
    [
      ['DELETE', '/admin/repo/sources', { root: bad }],
      ['PUT', '/admin/repo/sources', { original_root: bad, root: lib, label: 'Moved', enabled: false }],
      ['POST', '/admin/repo/purge', { confirm: true, dry_run: false, source_root: bad }],
      ['POST', `/sources/reingest?root=${encodeURIComponent(bad)}&delete_missing=true`, undefined],
    ] as const;

  test.each([
    ['a symlink to a configured source', () => link, 404],
    ['a relative path', () => path.relative(process.cwd(), lib), 400],
    ['a path with ..', () => `${keep}/../lib`, 400],
    ['a path with a NUL byte', () => `${lib}\0`, 400],
  ] as const)('%s', async (_kind, bad, status) => {
    const before = await snapshot(t);
    for (const [method, url, body] of attempts(bad())) {
      const r = await admin()(method, url, body);
      expect(r.statusCode, `${method} ${url} ${r.body}`).toBe(status);
      expect(r.json().detail).toEqual(expect.any(String));
    }
    expect(await snapshot(t)).toEqual(before);
    expect(filesOnDisk()).toEqual(['lib/a.mp4', 'lib/b.mp4', 'keep/k.mp4']);
  });

  test('the path check only looks: validating paths of every kind stores nothing', async () => {
    const before = await snapshot(t);
    for (const root of [link, lib, keep, path.join(lib, 'sub'), t.dataDir, '/']) {
      expect((await admin()('POST', '/admin/repo/sources/validate', { root })).statusCode).toBe(200);
    }
    expect(
      (
        await admin()('POST', '/admin/repo/root-config/validate', {
          upload_root: link,
          target_root: lib,
          temp_root: '/',
        })
      ).statusCode,
    ).toBe(200);
    // both deleted rows were not deleted by a person and their files are on disk: a scan restores them, purge keeps them
    expect((await admin()('POST', '/admin/repo/purge', { confirm: true, dry_run: true })).json()).toMatchObject({
      attempted: 2,
      db_deleted: 0,
      files_deleted: 0,
    });
    expect(await snapshot(t)).toEqual(before);
    expect(filesOnDisk()).toEqual(['lib/a.mp4', 'lib/b.mp4', 'keep/k.mp4']);
  });

  test('a symlink to a configured source conflicts with it in the path check', async () => {
    const r = (await admin()('POST', '/admin/repo/sources/validate', { root: link })).json();
    expect(r).toMatchObject({
      normalized_root: fs.realpathSync(lib),
      conflict: true,
      conflict_message: 'Another source already uses this path',
    });
  });
});

describe('removing a source deletes its rows and nothing else', () => {
  test('its videos with detections, segments, relationships, history and logs go; the other source and every file stay', async () => {
    const r = await admin()('DELETE', '/admin/repo/sources', { root: lib });
    expect(r.json()).toEqual({ root: lib, summary: { db_deleted: 2, files_removed: 0 } });
    const db = t.database.db;
    for (const table of [detections, actionSegments, relationships, statusHistory, processingLog]) {
      const rows = await db.select({ videoId: table.videoId }).from(table);
      expect(rows.map((x) => x.videoId)).toEqual(ids.keep);
    }
    expect((await db.select().from(videos)).map((v) => v.id)).toEqual(ids.keep);
    expect((await db.select().from(sources)).map((s) => s.root)).toEqual([keep]);
    expect(await db.select().from(videos).where(inArray(videos.id, ids.lib))).toEqual([]);
    expect(filesOnDisk()).toEqual(['lib/a.mp4', 'lib/b.mp4', 'keep/k.mp4']);
  });
});
