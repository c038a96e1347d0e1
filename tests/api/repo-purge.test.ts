import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makeTestApp, seedUser, type TestApp } from '../helpers/test-app';
import { insertVideos } from '../helpers/fixtures';
import { caller, snapshot } from '../helpers/repo-admin';
import { actionSegments, sources, videos } from '../../server/db/schema';
import { readFileIdentity } from '../../server/services/video-file';
import { eq } from 'drizzle-orm';

let t: TestApp;
const admin = () => caller(t, 'admin1');
let root: string, otherRoot: string, outside: string;
const ids: Record<string, number> = {};
const file = (name: string, dir = root) => {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, name), name);
  return path.join(dir, name);
};

beforeAll(async () => {
  t = await makeTestApp();
  await seedUser(t.database, 'admin1', 'admin');
  await seedUser(t.database, 'ann1', 'annotator');
  root = path.join(t.dataDir, 'src');
  otherRoot = path.join(t.dataDir, 'other');
  outside = path.join(t.dataDir, 'outside');
  file('gone.mp4');
  file('live.mp4');
  file('secret.mp4', outside);
  file('far.mp4', outside);
  file('o.mp4', otherRoot);
  fs.symlinkSync(path.join(outside, 'secret.mp4'), path.join(root, 'link.mp4'));
  fs.symlinkSync(outside, path.join(root, 'linkdir'));
  await t.database.db.insert(sources).values([
    { root, label: 'Src', enabled: false },
    { root: otherRoot, label: 'Other' },
  ]);
  const seeds = [
    ['gone', 'gone.mp4', 'deleted'],
    ['missing', 'missing.mp4', 'deleted'],
    ['link', 'link.mp4', 'deleted'],
    ['far', path.join('linkdir', 'far.mp4'), 'deleted'],
    ['live', 'live.mp4', 'pending'],
  ];
  const got = await insertVideos(
    t.database,
    seeds.map(([, rel, status]) => ({
      filename: path.basename(rel),
      path: path.join(root, rel),
      sourceRoot: root,
      status,
    })),
  );
  seeds.forEach(([key], i) => {
    ids[key] = got[i];
  });
  // as a person's delete leaves them: reason 'person', and the identity each file had when it was ingested
  for (const [key, rel, status] of seeds) {
    if (status !== 'deleted') continue;
    const identity = await readFileIdentity(path.join(root, rel));
    await t.database.db
      .update(videos)
      .set({ deletedReason: 'person', ...identity })
      .where(eq(videos.id, ids[key]));
  }
  [ids.other] = await insertVideos(t.database, [
    { filename: 'o.mp4', path: path.join(otherRoot, 'o.mp4'), sourceRoot: otherRoot, status: 'deleted' },
  ]);
  await t.database.db
    .insert(actionSegments)
    .values(
      [ids.gone, ids.live].map((videoId) => ({ videoId, trackId: 1, actionClass: 'walk', startTime: 0, endTime: 1 })),
    );
});
afterAll(() => t.close());

const purge = (body: object) => admin()('POST', '/admin/repo/purge', body);

describe('purge deleted videos', () => {
  test('401 for a guest, 403 with detail for an annotator', async () => {
    expect((await caller(t, null)('POST', '/admin/repo/purge', { confirm: true })).statusCode).toBe(401);
    const r = await caller(t, 'ann1')('POST', '/admin/repo/purge', { confirm: true, dry_run: false });
    expect(r.statusCode).toBe(403);
    expect(r.json().detail).toMatch(/admin/i);
  });

  test.each([
    [{ dry_run: true }, 'confirm: true is required'],
    [{ confirm: false, dry_run: true }, 'confirm: true is required'],
    [{ confirm: true, limit: 0 }, 'limit must be a positive integer'],
    [{ confirm: true, limit: -3 }, 'limit must be a positive integer'],
    [{ confirm: true, source_root: 'src' }, 'must be an absolute path'],
    [{ confirm: true, source_root: '/tmp/../etc' }, "must not contain '..'"],
    [{ confirm: true, source_root: '/tmp/a\0b' }, 'NUL byte'],
  ])('%j is refused with 400: %s', async (body, text) => {
    const before = await snapshot(t);
    const r = await purge({ dry_run: false, ...body });
    expect(r.statusCode).toBe(400);
    expect(r.json().detail).toContain(text);
    expect(await snapshot(t)).toEqual(before);
  });

  test('an unknown source_root is 404', async () => {
    expect((await purge({ confirm: true, source_root: path.join(t.dataDir, 'nope') })).statusCode).toBe(404);
  });

  test('a dry run reports what would happen and changes nothing, on disk or in the database', async () => {
    const before = await snapshot(t);
    const r = await purge({ confirm: true, dry_run: true, source_root: root });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({
      dry_run: true,
      attempted: 4,
      db_deleted: 4,
      files_deleted: 1,
      files_missing: 1,
      errors: [],
      job_id: null,
      files_to_delete: [path.join(root, 'gone.mp4')],
      rows_only: [path.join(root, 'missing.mp4'), path.join(root, 'link.mp4'), path.join(root, 'linkdir', 'far.mp4')],
    });
    expect(r.json().warnings).toEqual([
      expect.stringContaining(path.join(root, 'link.mp4')),
      expect.stringContaining(path.join('linkdir', 'far.mp4')),
    ]);
    expect(await snapshot(t)).toEqual(before);
    for (const f of ['gone.mp4', 'link.mp4']) expect(fs.existsSync(path.join(root, f))).toBe(true);
  });

  test('limit caps how many are attempted', async () => {
    expect((await purge({ confirm: true, dry_run: true, limit: 1 })).json()).toMatchObject({ attempted: 1 });
  });

  test('a real run deletes the rows, annotations and files inside the root, leaves a link out of it and its target, and nothing else', async () => {
    const r = await purge({ confirm: true, dry_run: false, source_root: root });
    expect(r.json()).toMatchObject({
      dry_run: false,
      attempted: 4,
      db_deleted: 4,
      files_deleted: 1,
      files_missing: 1,
      errors: [],
    });
    expect(fs.existsSync(path.join(root, 'gone.mp4'))).toBe(false);
    expect(fs.lstatSync(path.join(root, 'link.mp4')).isSymbolicLink()).toBe(true);
    expect(fs.readFileSync(path.join(outside, 'secret.mp4'), 'utf8')).toBe('secret.mp4');
    expect(fs.existsSync(path.join(outside, 'far.mp4'))).toBe(true);
    expect(fs.existsSync(path.join(root, 'live.mp4'))).toBe(true);
    expect(fs.existsSync(path.join(otherRoot, 'o.mp4'))).toBe(true);
    const left = (await t.database.db.select().from(videos)).map((v) => v.id).sort((a, b) => a - b);
    expect(left).toEqual([ids.live, ids.other].sort((a, b) => a - b));
    expect((await t.database.db.select().from(actionSegments)).map((a) => a.videoId)).toEqual([ids.live]);
    const [job] = (await admin()('GET', '/admin/repo/jobs?job_type=purge')).json();
    expect(job).toMatchObject({
      id: r.json().job_id,
      status: 'success',
      initiated_by: 'admin1',
      summary: { attempted: 4, db_deleted: 4, files_deleted: 1, files_missing: 1 },
    });
  });
});
