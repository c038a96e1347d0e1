import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { as, makeTestApp, seedUser, type TestApp } from '../helpers/test-app';
import { makeClip } from '../helpers/fixtures';
import { ingestJobs, sources, statusHistory } from '../../server/db/schema';
import type { Video } from '../../domain/types';

let t: TestApp;
let root: string;
const ff = () => t.deps.media.ffmpegPath;

beforeAll(async () => {
  t = await makeTestApp();
  root = path.join(t.dataDir, 'media', 'src1');
  makeClip(ff(), path.join(root, 'a.mp4'), { size: '320x180', rate: '25' });
  makeClip(ff(), path.join(root, 'nested', 'deeper', 'b.webm'), { codec: 'vp9', size: '180x320' });
  fs.writeFileSync(path.join(root, 'notes.txt'), 'not a video');
  fs.writeFileSync(path.join(root, 'broken.mp4'), 'definitely not an mp4');
  await t.database.db.insert(sources).values([
    { root, label: 'One' },
    { root: path.join(t.dataDir, 'offline'), label: 'Off', enabled: false },
  ]);
  await seedUser(t.database, 'admin1', 'admin');
});
afterAll(() => t.close());

const reingest = (qs: string, headers: Record<string, string> = as('ann1')) =>
  t.app.inject({ method: 'POST', url: `/api/v1/sources/reingest?${qs}`, headers });
const videosIn = async () =>
  (
    await t.app.inject({ method: 'GET', url: `/api/v1/videos/?source_root=${encodeURIComponent(root)}` })
  ).json() as Video[];

describe('sources and re-ingest', () => {
  test('GET /sources/ lists configured sources', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/v1/sources/' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual(expect.arrayContaining([expect.objectContaining({ root, label: 'One', enabled: true })]));
  });

  test('re-ingest scans recursively, probes new files and reports added, a file ffprobe cannot read only as an error; a second run adds nothing', async () => {
    const r = await reingest(`root=${encodeURIComponent(root)}`);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ added: 2, removed: 0 });
    expect(r.json().errors).toEqual([
      expect.stringContaining(`${path.join(root, 'broken.mp4')}: not a readable video`),
    ]);
    const vids = await videosIn();
    const a = vids.find((v) => v.filename === 'a.mp4')!;
    expect(a).toMatchObject({
      width: 320,
      height: 180,
      fps: 25,
      total_frames: 25,
      processing_status: 'pending',
      rel_path: 'a.mp4',
    });
    expect(vids.find((v) => v.filename === 'b.webm')).toMatchObject({
      width: 180,
      height: 320,
      rel_path: path.join('nested', 'deeper', 'b.webm'),
    });
    expect(vids.map((v) => v.filename).sort()).toEqual(['a.mp4', 'b.webm']);
    const again = await reingest(`root=${encodeURIComponent(root)}`);
    expect(again.json()).toMatchObject({ added: 0, removed: 0 });
    expect(again.json().errors).toEqual([expect.stringContaining('broken.mp4')]);
  });

  test('delete_missing marks vanished files deleted (hidden) with history, and they come back when found', async () => {
    const b = path.join(root, 'nested', 'deeper', 'b.webm');
    fs.renameSync(b, `${b}.bak`);
    const r = await reingest(`root=${encodeURIComponent(root)}&delete_missing=true`, as('admin1'));
    expect(r.json()).toMatchObject({ removed: 1 });
    expect((await videosIn()).map((v) => v.filename)).not.toContain('b.webm');
    const hist = await t.database.db.select().from(statusHistory).where(eq(statusHistory.newStatus, 'deleted'));
    expect(hist).toHaveLength(1);
    fs.renameSync(`${b}.bak`, b);
    await reingest(`root=${encodeURIComponent(root)}`);
    expect((await videosIn()).find((v) => v.filename === 'b.webm')?.processing_status).toBe('pending');
  });

  test('each re-ingest writes an ingest_jobs row with summary counts', async () => {
    const rows = await t.database.db.select().from(ingestJobs);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows.every((j) => j.status === 'success' && j.finishedAt)).toBe(true);
    expect(rows[0].summary).toMatchObject({ root, added: 2 });
  });

  test('a disabled source is refused with 409 and a detail', async () => {
    const r = await reingest(`root=${encodeURIComponent(path.join(t.dataDir, 'offline'))}`);
    expect(r.statusCode).toBe(409);
    expect(r.json().detail).toBe('Source must be online before re-ingesting.');
  });

  test('roots that are not configured sources are never opened: traversal attempts get 400 or 404', async () => {
    for (const bad of ['/etc', `${root}/nested`]) {
      const r = await reingest(`root=${encodeURIComponent(bad)}`);
      expect(r.statusCode, bad).toBe(404);
      expect(r.json().detail).toMatch(/Unknown source/);
    }
    for (const [bad, text] of [
      [`${root}/../..`, "must not contain '..'"],
      ['../../etc', 'must be an absolute path'],
      [`${root}\0`, 'NUL byte'],
    ]) {
      const r = await reingest(`root=${encodeURIComponent(bad)}`);
      expect(r.statusCode, bad).toBe(400);
      expect(r.json().detail).toContain(text);
    }
  });

  test('re-ingest needs an identity; all-sources re-ingest needs an administrator stored in users', async () => {
    expect((await reingest(`root=${encodeURIComponent(root)}`, {})).statusCode).toBe(401);
    const claimed = await reingest('delete_missing=false', as('ann1', 'super'));
    expect(claimed.statusCode).toBe(403);
    const ok = await reingest('delete_missing=false&include_disabled=false', as('admin1', 'annotator'));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().sources.map((s: { root: string }) => s.root)).toEqual([root]);
  });
});
