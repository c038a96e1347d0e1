// Purge deletes a file only when a person deleted its video and the file is still the one ingested. A
// video marked deleted because a scan missed its file loses only its row, and one whose file is back
// is restored by the next scan instead. Real folders, real files, the real app.
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makeTestApp, seedUser, type TestApp } from '../helpers/test-app';
import { makeClip } from '../helpers/fixtures';
import { caller, scansSettled } from '../helpers/repo-admin';
import { videos } from '../../server/db/schema';

let t: TestApp;
const admin = () => caller(t, 'admin1');
const ff = () => t.deps.media.ffmpegPath;
const rowsOf = async (root: string) =>
  (await t.database.db.select().from(videos).where(eq(videos.sourceRoot, root))).sort((a, b) =>
    a.filename.localeCompare(b.filename),
  );
const source = (root: string, enabled: boolean, original?: string) =>
  admin()(original ? 'PUT' : 'POST', '/admin/repo/sources', {
    root,
    label: 'Clips',
    enabled,
    ...(original ? { original_root: original } : {}),
  });

beforeAll(async () => {
  t = await makeTestApp();
  await seedUser(t.database, 'admin1', 'admin');
  await seedUser(t.database, 'ann1', 'annotator');
});
afterAll(() => t.close());

describe('purge never deletes files that were only missing', () => {
  test("moving a root away and back, re-ingesting with delete_missing in between, then purging keeps the user's files", async () => {
    const home = path.join(t.dataDir, 'clips');
    const empty = path.join(t.dataDir, 'empty');
    fs.mkdirSync(empty, { recursive: true });
    const files = [makeClip(ff(), path.join(home, 'one.mp4')), makeClip(ff(), path.join(home, 'two.mp4'))];
    expect((await source(home, true)).statusCode).toBe(201);
    await scansSettled(t);
    expect((await rowsOf(home)).map((v) => v.processingStatus)).toEqual(['pending', 'pending']);

    expect((await source(home, false, home)).statusCode).toBe(200);
    expect((await source(empty, false, home)).statusCode).toBe(200);
    expect((await source(empty, true, empty)).statusCode).toBe(200);
    await scansSettled(t);
    const re = await admin()('POST', `/sources/reingest?root=${encodeURIComponent(empty)}&delete_missing=true`);
    expect(re.statusCode, re.body).toBe(200);
    expect(re.json()).toMatchObject({ removed: 2 });
    expect((await source(empty, false, empty)).statusCode).toBe(200);
    expect((await source(home, false, empty)).statusCode).toBe(200);
    await scansSettled(t);

    const purged = await admin()('POST', '/admin/repo/purge', { confirm: true, dry_run: false });
    expect(purged.statusCode, purged.body).toBe(200);
    expect(purged.json()).toMatchObject({ files_deleted: 0 });
    for (const f of files) expect(fs.existsSync(f), f).toBe(true);
    // moving the root back re-scanned it: both videos are live again, under their first ids
    expect((await rowsOf(home)).map((v) => v.processingStatus)).toEqual(['pending', 'pending']);
  });

  test('a missing video whose file is back is not purged; one still missing loses only its row', async () => {
    const root = path.join(t.dataDir, 'lib');
    const back = makeClip(ff(), path.join(root, 'back.mp4'));
    const gone = makeClip(ff(), path.join(root, 'gone.mp4'));
    expect((await source(root, true)).statusCode).toBe(201);
    await scansSettled(t);
    fs.renameSync(back, `${back}.away`);
    fs.rmSync(gone);
    expect(
      (await admin()('POST', `/sources/reingest?root=${encodeURIComponent(root)}&delete_missing=true`)).json(),
    ).toMatchObject({ removed: 2 });
    fs.renameSync(`${back}.away`, back);

    const dry = await admin()('POST', '/admin/repo/purge', { confirm: true, dry_run: true, source_root: root });
    expect(dry.json()).toMatchObject({
      attempted: 2,
      db_deleted: 1,
      files_deleted: 0,
      files_to_delete: [],
      rows_only: [gone],
    });
    expect(dry.json().warnings.join(' ')).toContain(back);
    const real = await admin()('POST', '/admin/repo/purge', { confirm: true, dry_run: false, source_root: root });
    expect(real.json()).toMatchObject({ db_deleted: 1, files_deleted: 0 });
    expect(fs.existsSync(back)).toBe(true);
    expect((await rowsOf(root)).map((v) => [v.filename, v.processingStatus])).toEqual([['back.mp4', 'deleted']]);
    await admin()('POST', `/sources/reingest?root=${encodeURIComponent(root)}`);
    expect((await rowsOf(root)).map((v) => [v.filename, v.processingStatus])).toEqual([['back.mp4', 'pending']]);
  });

  test('a video a person deleted loses its file only while the file is the one ingested', async () => {
    const root = path.join(t.dataDir, 'own');
    const same = makeClip(ff(), path.join(root, 'same.mp4'));
    const swapped = makeClip(ff(), path.join(root, 'swapped.mp4'));
    const old = makeClip(ff(), path.join(root, 'old.mp4'));
    expect((await source(root, true)).statusCode).toBe(201);
    await scansSettled(t);
    const byName = Object.fromEntries((await rowsOf(root)).map((v) => [v.filename, v.id]));
    // another file now sits at swapped.mp4's path; old.mp4's row predates recorded identities
    fs.rmSync(swapped);
    makeClip(ff(), swapped, { seconds: 2 });
    await t.database.db.update(videos).set({ fileDev: null, fileIno: null }).where(eq(videos.id, byName['old.mp4']));
    await t.database.db
      .update(videos)
      .set({ processingStatus: 'deleted', deletedReason: 'person' })
      .where(eq(videos.sourceRoot, root));

    const dry = await admin()('POST', '/admin/repo/purge', { confirm: true, dry_run: true, source_root: root });
    expect(dry.json()).toMatchObject({ attempted: 3, db_deleted: 3, files_deleted: 1, files_to_delete: [same] });
    expect(dry.json().rows_only.sort()).toEqual([old, swapped].sort());
    const warnings = dry.json().warnings.join(' ');
    expect(warnings).toContain(`${swapped} is not the file that was ingested`);
    expect(warnings).toContain(`${old} has no recorded file identity`);
    const real = await admin()('POST', '/admin/repo/purge', { confirm: true, dry_run: false, source_root: root });
    expect(real.json()).toMatchObject({ db_deleted: 3, files_deleted: 1, errors: [] });
    expect([same, swapped, old].map((f) => fs.existsSync(f))).toEqual([false, true, true]);
  });

  test('delete_missing needs an administrator; a plain re-ingest of one source does not', async () => {
    const root = path.join(t.dataDir, 'lib');
    const refused = await caller(t, 'ann1')(
      'POST',
      `/sources/reingest?root=${encodeURIComponent(root)}&delete_missing=true`,
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toMatch(/administrator/i);
    expect((await caller(t, 'ann1')('POST', `/sources/reingest?root=${encodeURIComponent(root)}`)).statusCode).toBe(
      200,
    );
  });
});
