// A source limited to super users, seen from an administrator's Repository Manager (issue 38 item 2):
// nobody changes or removes a source whose role is above their own, and /admin/repo/* answers say
// nothing of it to an admin: not the source, its counts, its scan errors (file paths) nor its jobs.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { as, makeTestApp, seedUser, type TestApp } from '../helpers/test-app';
import { insertVideos, makeClip } from '../helpers/fixtures';
import { caller, scansSettled } from '../helpers/repo-admin';
import { multipart } from '../helpers/multipart';
import { seedPackageSource, seedTargetSource } from '../helpers/package-seed';
import { detections, sources, videos } from '../../server/db/schema';

let t: TestApp;
let OPEN: string, SECRET: string;
const admin = () => caller(t, 'admin1');
const superUser = () => caller(t, 'super1');
const annotator = () => caller(t, 'ann1');
const roots = (list: Array<{ root: string }>) => list.map((s) => s.root);

beforeAll(async () => {
  t = await makeTestApp();
  await seedUser(t.database, 'admin1', 'admin');
  await seedUser(t.database, 'super1', 'super');
  await seedUser(t.database, 'ann1', 'annotator');
  OPEN = path.join(t.dataDir, 'open');
  SECRET = path.join(t.dataDir, 'secret-footage');
  makeClip(t.deps.media.ffmpegPath, path.join(OPEN, 'a.mp4'));
  makeClip(t.deps.media.ffmpegPath, path.join(SECRET, 'b.mp4'));
  fs.writeFileSync(path.join(SECRET, 'not-a-video.mp4'), 'junk'); // a scan error naming its path
  expect(
    (await superUser()('POST', '/admin/repo/sources', { root: SECRET, label: 'Secret', role: 'super' })).statusCode,
  ).toBe(201);
  expect((await admin()('POST', '/admin/repo/sources', { root: OPEN, label: 'Open' })).statusCode).toBe(201);
  await scansSettled(t);
});
afterAll(async () => {
  await scansSettled(t);
  await t.close();
});

describe('an admin changing a super-only source', () => {
  test('unhiding it (role "") is 404 as for an unknown source, and the source stays limited', async () => {
    const r = await admin()('PUT', '/admin/repo/sources', {
      original_root: SECRET,
      root: SECRET,
      label: 'Secret',
      role: '',
      enabled: true,
    });
    expect(r.statusCode).toBe(404);
    expect(r.json().detail).toBe(`Unknown source: ${SECRET}`);
    const [row] = await t.database.db.select().from(sources).where(eq(sources.root, SECRET));
    expect(row.role).toBe('super');
    // an annotator still cannot see its videos
    const list = (await annotator()('GET', '/videos?per_page=100')).json();
    expect(JSON.stringify(list)).not.toContain('secret-footage');
  });

  test('removing it (even disabled) is 404 and its videos keep their rows', async () => {
    expect(
      (
        await superUser()('PUT', '/admin/repo/sources', {
          original_root: SECRET,
          root: SECRET,
          label: 'Secret',
          role: 'super',
          enabled: false,
        })
      ).statusCode,
    ).toBe(200);
    const before = await t.database.db.select().from(videos).where(eq(videos.sourceRoot, SECRET));
    expect(before.length).toBe(1);
    const r = await admin()('DELETE', '/admin/repo/sources', { root: SECRET });
    expect(r.statusCode).toBe(404);
    expect(r.json().detail).toBe(`Unknown source: ${SECRET}`);
    expect(await t.database.db.select().from(videos).where(eq(videos.sourceRoot, SECRET))).toEqual(before);
  });

  test('a super user may still change it', async () => {
    const r = await superUser()('PUT', '/admin/repo/sources', {
      original_root: SECRET,
      root: SECRET,
      label: 'Secret footage',
      role: 'super',
      enabled: true,
    });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ root: SECRET, label: 'Secret footage', role: 'super' });
    await scansSettled(t);
  });
});

describe("what an admin's Repository Manager shows", () => {
  test('the source list leaves the super-only source and its counts out; a super user sees both', async () => {
    expect(roots((await admin()('GET', '/admin/repo/sources')).json())).toEqual([OPEN]);
    const all = (await superUser()('GET', '/admin/repo/sources')).json();
    expect(roots(all).sort()).toEqual([OPEN, SECRET].sort());
    expect(all.find((s: { root: string }) => s.root === SECRET).stats.total).toBe(1);
  });

  test("Job History leaves out the super-only source's scans and their errors (file paths)", async () => {
    const mine = await admin()('GET', '/admin/repo/jobs');
    expect(mine.statusCode).toBe(200);
    expect(mine.json().length).toBeGreaterThan(0);
    expect(mine.body).not.toContain('secret-footage');
    const theirs = await superUser()('GET', '/admin/repo/jobs');
    expect(theirs.body).toContain(path.join(SECRET, 'not-a-video.mp4'));
  });

  test("the path check does not name the super-only source's root", async () => {
    const r = await admin()('POST', '/admin/repo/sources/validate', { root: path.join(SECRET, 'sub') });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ conflict: true, conflict_message: 'Conflicts with an existing source path' });
    expect(r.body).not.toContain('secret-footage"');
    expect(r.json().conflict_with).toBeNull();
    const sup = await superUser()('POST', '/admin/repo/sources/validate', { root: path.join(SECRET, 'sub') });
    expect(sup.json().conflict_with).toBe(SECRET);
  });

  test('re-ingesting every source leaves the super-only source alone', async () => {
    const r = await admin()('POST', '/sources/reingest?include_disabled=true');
    expect(r.statusCode).toBe(200);
    expect(roots(r.json().sources)).toEqual([OPEN]);
    expect(r.body).not.toContain('secret-footage');
  });
});

describe("an admin's purge", () => {
  let secretDeleted: number;
  beforeAll(async () => {
    [secretDeleted] = await insertVideos(t.database, [
      { filename: 'gone.mp4', sourceRoot: SECRET, path: path.join(SECRET, 'gone.mp4'), status: 'deleted' },
    ]);
  });

  test('naming the super-only source is 404; purging everything leaves its deleted videos and says nothing of them', async () => {
    const named = await admin()('POST', '/admin/repo/purge', { confirm: true, dry_run: false, source_root: SECRET });
    expect(named.statusCode).toBe(404);
    expect(named.json().detail).toBe(`Unknown source: ${SECRET}`);
    const all = await admin()('POST', '/admin/repo/purge', { confirm: true, dry_run: false });
    expect(all.statusCode).toBe(200);
    expect(all.body).not.toContain('secret-footage');
    expect(await t.database.db.select().from(videos).where(eq(videos.id, secretDeleted))).toHaveLength(1);
  });

  test("a super user's purge of everything is not shown in an admin's Job History", async () => {
    const r = await superUser()('POST', '/admin/repo/purge', { confirm: true, dry_run: false });
    expect(r.statusCode).toBe(200);
    expect(r.body).toContain('gone.mp4');
    const superJob = (await superUser()('GET', '/admin/repo/jobs?job_type=purge')).json()[0];
    const adminJobs = (await admin()('GET', '/admin/repo/jobs?job_type=purge')).json();
    expect(adminJobs.map((j: { id: number }) => j.id)).not.toContain(superJob.id);
  });
});

describe('the activity list', () => {
  test("shows the super-only source's scans to super users only", async () => {
    for (const who of [annotator, admin]) {
      const r = await who()('GET', '/jobs/activity');
      expect(r.statusCode).toBe(200);
      expect(r.body).not.toContain('secret-footage');
    }
    expect((await superUser()('GET', '/jobs/activity')).body).toContain('secret-footage');
  });
});

describe('package import into a super-only source', () => {
  const FROM = '/media/field-a';
  let TO: string;
  let pkg: Buffer;
  beforeAll(async () => {
    await seedPackageSource(t.database, FROM, 'Field A');
    TO = path.join(t.dataDir, 'secret-target');
    await seedTargetSource(t.database, TO);
    await t.database.db.update(sources).set({ role: 'super' }).where(eq(sources.root, TO));
    const res = await admin()('POST', '/admin/repo/export_source', { source_root: FROM });
    expect(res.statusCode).toBe(200);
    pkg = res.rawPayload;
  });
  const importAs = (who: string, targetRoot: string, dryRun: boolean) => {
    const cfg = {
      source_root: FROM,
      target_root: targetRoot,
      mode: 'overwrite',
      validate_files: false,
      dry_run: dryRun,
    };
    const form = multipart([
      { name: 'config', value: JSON.stringify(cfg) },
      { name: 'file', filename: 'package.zip', content: pkg, type: 'application/zip' },
    ]);
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/repo/import_source',
      payload: form.payload,
      headers: { ...form.headers, ...as(who) },
    });
  };
  const targetBoxes = async () =>
    (
      await t.database.db
        .select({ frame: detections.frame })
        .from(detections)
        .innerJoin(videos, eq(videos.id, detections.videoId))
        .where(eq(videos.sourceRoot, TO))
    ).length;

  test("an admin's import into it, or into a folder holding it, is 404 and writes nothing", async () => {
    for (const target of [TO, t.dataDir]) {
      const r = await importAs('admin1', target, true);
      expect(r.statusCode).toBe(404);
      expect(r.json().detail).toBe(`Unknown source: ${target}`);
    }
    expect(await targetBoxes()).toBe(0);
  });

  test("a super user's import job into it is 404 for an admin by its id", async () => {
    const r = await importAs('super1', TO, true);
    expect(r.statusCode, r.body).toBe(200);
    const id = r.json().job_id;
    expect((await superUser()('GET', `/admin/repo/import_jobs/${id}`)).statusCode).toBe(200);
    const seen = await admin()('GET', `/admin/repo/import_jobs/${id}`);
    expect(seen.statusCode).toBe(404);
    expect(seen.json().detail).toBe(`Unknown import job: ${id}`);
  });
});
