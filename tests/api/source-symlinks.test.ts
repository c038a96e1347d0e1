// A symlink in a source folder never reaches outside it: ingest lists a link whose real path leaves the
// root as an error, and the file server refuses a stored path that now leads outside. Real folders,
// real symlinks, the real app.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makeTestApp, seedUser, type TestApp } from '../helpers/test-app';
import { makeClip } from '../helpers/fixtures';
import { caller } from '../helpers/repo-admin';
import { sources } from '../../server/db/schema';
import type { Video } from '../../domain/types';

let t: TestApp;
let root: string, outside: string;
const ff = () => t.deps.media.ffmpegPath;
const reingest = () => caller(t, 'admin1')('POST', `/sources/reingest?root=${encodeURIComponent(root)}`);
const listed = async () =>
  (await caller(t, null)('GET', `/videos/?source_root=${encodeURIComponent(root)}`)).json() as Video[];

beforeAll(async () => {
  t = await makeTestApp();
  await seedUser(t.database, 'admin1', 'admin');
  root = path.join(t.dataDir, 'library');
  outside = path.join(t.dataDir, 'elsewhere');
  makeClip(ff(), path.join(root, 'own.mp4'));
  makeClip(ff(), path.join(root, 'swap.mp4'));
  makeClip(ff(), path.join(outside, 'private.mp4'));
  fs.writeFileSync(path.join(outside, 'secret.txt'), 'the secret text');
  fs.symlinkSync(path.join(root, 'own.mp4'), path.join(root, 'alias.mp4'));
  fs.symlinkSync(path.join(outside, 'private.mp4'), path.join(root, 'escape.mp4'));
  await t.database.db.insert(sources).values({ root, label: 'Library' });
});
afterAll(() => t.close());

describe('symlinks in a source folder', () => {
  test('ingest adds a link that stays inside the source and lists one that leaves it as an error', async () => {
    const r = await reingest();
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().errors).toEqual([expect.stringContaining(path.join(root, 'escape.mp4'))]);
    expect(r.json().errors[0]).toContain('outside the source folder');
    expect((await listed()).map((v) => v.filename).sort()).toEqual(['alias.mp4', 'own.mp4', 'swap.mp4']);
  });

  test('a stored video whose file became a link out of the source is never served, to a guest or anyone', async () => {
    const swap = (await listed()).find((v) => v.filename === 'swap.mp4')!;
    const file = path.join(root, 'swap.mp4');
    fs.rmSync(file);
    fs.symlinkSync(path.join(outside, 'secret.txt'), file);
    for (const who of [null, 'admin1']) {
      const r = await caller(t, who)('GET', `/videos/${swap.id}/download`);
      expect(r.statusCode, `${who}: ${r.body}`).toBe(404);
      expect(r.body).not.toContain('the secret text');
      expect(r.json().detail).toContain('outside its source');
    }
  });

  test('a link that stays inside the source is served as the file it leads to', async () => {
    const alias = (await listed()).find((v) => v.filename === 'alias.mp4')!;
    const r = await caller(t, null)('GET', `/videos/${alias.id}/download`);
    expect(r.statusCode).toBe(200);
    expect(r.rawPayload.equals(fs.readFileSync(path.join(root, 'own.mp4')))).toBe(true);
  });
});
