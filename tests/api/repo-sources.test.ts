import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { makeTestApp, seedUser, type TestApp } from '../helpers/test-app';
import { insertVideos, makeClip } from '../helpers/fixtures';
import { caller, scansSettled } from '../helpers/repo-admin';
import { actionSegments, ingestJobs, videos } from '../../server/db/schema';

let t: TestApp;
let media: string;
const admin = () => caller(t, 'admin1');

beforeAll(async () => {
  t = await makeTestApp();
  media = path.join(t.dataDir, 'media');
  makeClip(t.deps.media.ffmpegPath, path.join(media, 'clips', 'a.mp4'));
  fs.mkdirSync(path.join(media, 'other'), { recursive: true });
  fs.symlinkSync(path.join(media, 'clips'), path.join(media, 'link-to-clips'));
  await seedUser(t.database, 'admin1', 'admin');
  await seedUser(t.database, 'super1', 'super');
  await seedUser(t.database, 'ann1', 'annotator');
});
afterAll(async () => {
  await scansSettled(t);
  await t.close();
});

describe('roles', () => {
  test.each([
    ['GET', '/admin/repo/sources', undefined],
    ['POST', '/admin/repo/sources', { root: '/x', label: 'x' }],
    ['PUT', '/admin/repo/sources', { original_root: '/x', root: '/x', label: 'x' }],
    ['DELETE', '/admin/repo/sources', { root: '/x' }],
    ['POST', '/admin/repo/sources/validate', { root: '/x' }],
  ] as const)('%s %s: 401 for a guest, 403 with detail for an annotator', async (method, url, body) => {
    expect((await caller(t, null)(method, url, body)).statusCode).toBe(401);
    const r = await caller(t, 'ann1')(method, url, body);
    expect(r.statusCode).toBe(403);
    expect(r.json().detail).toMatch(/admin/i);
  });

  test('a super user may list sources too', async () => {
    expect((await caller(t, 'super1')('GET', '/admin/repo/sources')).statusCode).toBe(200);
  });
});

describe('form rules and path checks', () => {
  test.each([
    [{ label: 'x' }, 'Root path is required'],
    [{ root: '  ', label: 'x' }, 'Root path is required'],
    [{ root: path.join('/tmp', 'y') }, 'Label is required'],
    [{ root: '/tmp/y', label: ' ' }, 'Label is required'],
    [{ root: '/tmp/y', label: 'L'.repeat(121) }, 'Label must be 120 characters or fewer'],
    [{ root: '/tmp/y', label: 'x', role: 'owner' }, 'Select a valid role'],
  ])('add %j is refused: %s', async (body, text) => {
    const r = await admin()('POST', '/admin/repo/sources', body);
    expect(r.statusCode).toBe(400);
    expect(r.json().detail).toContain(text);
  });

  test.each([
    ['relative', 'media/clips', 'must be an absolute path'],
    ['dot-dot', '/tmp/../etc', "must not contain '..'"],
    ['NUL byte', '/tmp/a\0b', 'NUL byte'],
  ])('a %s root is refused by validate, add, edit and remove', async (_kind, root, text) => {
    for (const [method, url, body] of [
      ['POST', '/admin/repo/sources/validate', { root }],
      ['POST', '/admin/repo/sources', { root, label: 'x' }],
      ['PUT', '/admin/repo/sources', { original_root: '/nowhere', root, label: 'x' }],
      ['PUT', '/admin/repo/sources', { original_root: root, root: '/nowhere', label: 'x' }],
      ['DELETE', '/admin/repo/sources', { root }],
    ] as const) {
      const r = await admin()(method, url, body);
      expect(r.statusCode, `${method} ${url} ${r.body}`).toBe(400);
      expect(r.json().detail).toContain(text);
    }
  });

  test('validate reports the normalised root and what the folder is', async () => {
    const r = await admin()('POST', '/admin/repo/sources/validate', { root: `${path.join(media, 'clips')}//` });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({
      normalized_root: fs.realpathSync(path.join(media, 'clips')),
      exists: true,
      is_dir: true,
      readable: true,
      writable: true,
      conflict: false,
    });
    const missing = await admin()('POST', '/admin/repo/sources/validate', { root: path.join(media, 'nope') });
    expect(missing.json()).toMatchObject({ exists: false, is_dir: false, readable: false, writable: false });
  });
});

describe('add, edit, remove', () => {
  let clips: string;
  test('adding an enabled source scans it at once as a scan job, and its videos are listed with probed metadata', async () => {
    clips = fs.realpathSync(path.join(media, 'clips'));
    const r = await admin()('POST', '/admin/repo/sources', { root: clips, label: 'Clips', role: '', enabled: true });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json()).toMatchObject({ root: clips, label: 'Clips', role: '', enabled: true });
    await scansSettled(t);
    const [job] = await t.database.db.select().from(ingestJobs).where(eq(ingestJobs.jobType, 'scan'));
    expect(job).toMatchObject({ status: 'success', initiatedBy: 'admin1' });
    const vids = (await admin()('GET', `/videos/?source_root=${encodeURIComponent(clips)}`)).json();
    expect(vids).toEqual([
      expect.objectContaining({ filename: 'a.mp4', width: 160, height: 90, processing_status: 'pending' }),
    ]);
    const list = (await admin()('GET', '/admin/repo/sources')).json();
    expect(list).toEqual([
      expect.objectContaining({
        root: clips,
        stats: { total: 1, pending: 1, processing: 0, completed: 0, reviewed: 0, labelled: 0, processed: 0 },
      }),
    ]);
  });

  test('the same path in other letter case, a nested path and a symlink to it all conflict', async () => {
    const upper = await admin()('POST', '/admin/repo/sources', { root: clips.toUpperCase(), label: 'Again' });
    expect(upper.statusCode).toBe(409);
    expect(upper.json().detail).toBe('Another source already uses this path');
    fs.mkdirSync(path.join(clips, 'sub'), { recursive: true });
    const nested = await admin()('POST', '/admin/repo/sources', { root: path.join(clips, 'sub'), label: 'Sub' });
    expect(nested.json().detail).toBe('Conflicts with an existing source path');
    const link = await admin()('POST', '/admin/repo/sources/validate', { root: path.join(media, 'link-to-clips') });
    expect(link.json()).toMatchObject({
      normalized_root: clips,
      conflict: true,
      conflict_message: 'Another source already uses this path',
    });
    const self = await admin()('POST', '/admin/repo/sources/validate', { root: clips, original_root: clips });
    expect(self.json().conflict).toBe(false);
  });

  test('edit changes label, role and enabled; an unknown original_root is 404', async () => {
    const r = await admin()('PUT', '/admin/repo/sources', {
      original_root: clips,
      root: clips,
      label: 'Renamed',
      role: 'admin',
      enabled: false,
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({
      root: clips,
      label: 'Renamed',
      role: 'admin',
      enabled: false,
      stats: { total: 1 },
    });
    const gone = await admin()('PUT', '/admin/repo/sources', { original_root: '/no/such', root: clips, label: 'x' });
    expect(gone.statusCode).toBe(404);
  });

  test('remove is refused while enabled; once disabled it deletes its rows and annotations, nothing else, and keeps files', async () => {
    const other = fs.realpathSync(path.join(media, 'other'));
    await admin()('POST', '/admin/repo/sources', { root: other, label: 'Other', enabled: true });
    await scansSettled(t);
    const [keep] = await insertVideos(t.database, [{ filename: 'k.mp4', sourceRoot: other }]);
    const [mine] = await t.database.db.select().from(videos).where(eq(videos.sourceRoot, clips));
    await t.database.db
      .insert(actionSegments)
      .values([{ videoId: mine.id, trackId: 1, actionClass: 'walk', startTime: 0, endTime: 1 }]);
    await admin()('PUT', '/admin/repo/sources', { original_root: clips, root: clips, label: 'Renamed', enabled: true });
    await scansSettled(t);
    const refused = await admin()('DELETE', '/admin/repo/sources', { root: clips });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe('Disable the source before removing it.');

    await admin()('PUT', '/admin/repo/sources', {
      original_root: clips,
      root: clips,
      label: 'Renamed',
      enabled: false,
    });
    const [scan] = await t.database.db
      .insert(ingestJobs)
      .values({ jobType: 'scan', initiatedBy: 'admin1', summary: { root: clips } })
      .returning();
    const busy = await admin()('DELETE', '/admin/repo/sources', { root: clips });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().detail).toBe('A scan of this source is still running: remove it once the scan has finished.');
    await t.database.db.update(ingestJobs).set({ status: 'success' }).where(eq(ingestJobs.id, scan.id));
    const r = await admin()('DELETE', '/admin/repo/sources', { root: clips });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({ root: clips, summary: { db_deleted: 1, files_removed: 0 } });
    expect(await t.database.db.select().from(videos).where(eq(videos.sourceRoot, clips))).toEqual([]);
    expect(await t.database.db.select().from(actionSegments)).toEqual([]);
    expect((await t.database.db.select().from(videos)).map((v) => v.id)).toEqual([keep]);
    expect(fs.existsSync(path.join(clips, 'a.mp4'))).toBe(true);
    expect((await admin()('GET', '/admin/repo/sources')).json().map((s: { root: string }) => s.root)).toEqual([other]);
    expect((await admin()('DELETE', '/admin/repo/sources', { root: clips })).statusCode).toBe(404);
  });
});
