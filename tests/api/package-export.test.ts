// POST /admin/repo/export_source: the zip of a source's annotations (administrators only).
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { as, makeTestApp, seedUser, type TestApp } from '../helpers/test-app';
import { readZip } from '../helpers/zip';
import { seedPackageSource } from '../helpers/package-seed';
import { sources, videos } from '../../server/db/schema';
import { seedAnnotations } from '../../scripts/seed-annotations';
import { decodeTrack } from '../../server/services/packages/package-format';

let t: TestApp;
const ROOT = '/media/field-a';
beforeAll(async () => {
  t = await makeTestApp();
  await seedUser(t.database, 'admin@example.com', 'admin', 'Ada Admin');
  await seedUser(t.database, 'ann@example.com', 'annotator');
  await seedPackageSource(t.database, ROOT, 'Field A');
});
afterAll(async () => {
  await t?.close();
});

const exportAs = (who: string | null, body: object) =>
  t.app.inject({ method: 'POST', url: '/api/v1/admin/repo/export_source', payload: body, headers: who ? as(who) : {} });

it('streams a zip of the default statuses with a manifest written last that hashes every entry', async () => {
  const res = await exportAs('admin@example.com', {
    source_root: ROOT,
    status: ['completed', 'reviewed', 'labelled', 'kiv', 'disqualified'],
    include_history: false,
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/zip');
  expect(res.headers['content-disposition']).toMatch(
    /^attachment; filename="export_Field A_\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z\.zip"/,
  );
  const { names, files } = await readZip(res.rawPayload);
  expect(names).toEqual([
    'videos/000001.json',
    'videos/000002.json',
    'videos/000003.json',
    'videos/000004.json',
    'manifest.json',
  ]);
  const manifest = JSON.parse(files.get('manifest.json')!.toString());
  expect(manifest).toMatchObject({
    format: 'vat-package',
    version: 1,
    source_root: ROOT,
    source_label: 'Field A',
    exported_by: { id: 'admin@example.com', name: 'Ada Admin' },
    counts: { videos: 4, detections: 16, segments: 8, relationships: 4, history: 8 },
  });
  for (const f of manifest.files) {
    expect(createHash('sha256').update(files.get(f.path)!).digest('hex')).toBe(f.sha256);
    expect(files.get(f.path)!.length).toBe(f.bytes);
  }
  const first = JSON.parse(files.get('videos/000001.json')!.toString());
  expect(first).toMatchObject({
    rel_path: 'day 0/clip_0.mp4',
    status: 'completed',
    probe: { width: 640, fps_num: 30000, frame_stride: 2 },
  });
  expect(
    first.tracks.map((tr: { track_id: number; frames: number[]; source: string }) => [
      tr.track_id,
      tr.frames,
      tr.source,
    ]),
  ).toEqual([
    [1, [0, 2, 4], 'aaa'],
    [2, [2], 'h'],
  ]);
  expect(first.status_history).toHaveLength(2);
  expect(first.processing_log).toBeUndefined();
});

it('exports only the chosen statuses', async () => {
  const res = await exportAs('admin@example.com', { source_root: ROOT, status: ['kiv'] });
  const { names } = await readZip(res.rawPayload);
  expect(names).toEqual(['videos/000001.json', 'manifest.json']);
});

it('exports a source whose only processed video is labelled, and its source stats count it as processed', async () => {
  const LAB = '/media/lab';
  await t.database.db.insert(sources).values({ root: LAB, label: 'Lab' });
  await t.database.db.insert(videos).values([
    {
      filename: 'l.mp4',
      path: `${LAB}/l.mp4`,
      relPath: 'l.mp4',
      sourceRoot: LAB,
      processingStatus: 'labelled',
      aiProcessedAt: new Date('2026-01-02T00:00:00Z'),
    },
    // marked by hand without AI results: not processed
    { filename: 'k.mp4', path: `${LAB}/k.mp4`, relPath: 'k.mp4', sourceRoot: LAB, processingStatus: 'kiv' },
    { filename: 'p.mp4', path: `${LAB}/p.mp4`, relPath: 'p.mp4', sourceRoot: LAB, processingStatus: 'pending' },
  ]);
  const listed = await t.app.inject({
    method: 'GET',
    url: '/api/v1/admin/repo/sources',
    headers: as('admin@example.com'),
  });
  expect(listed.json().find((s: { root: string }) => s.root === LAB).stats).toMatchObject({
    total: 3,
    completed: 0,
    labelled: 1,
    processed: 1,
  });
  const res = await exportAs('admin@example.com', { source_root: LAB });
  expect(res.statusCode, res.body).toBe(200);
  const { names } = await readZip(res.rawPayload);
  expect(names).toEqual(['videos/000001.json', 'videos/000002.json', 'manifest.json']);
  await t.database.db.delete(videos).where(eq(videos.sourceRoot, LAB));
  await t.database.db.delete(sources).where(eq(sources.root, LAB));
});

it('refuses a disabled source, a source without processed videos, unknown sources and statuses', async () => {
  await t.database.db.update(sources).set({ enabled: false }).where(eq(sources.root, ROOT));
  const disabled = await exportAs('admin@example.com', { source_root: ROOT });
  expect(disabled.statusCode).toBe(409);
  expect(disabled.json().detail).toBe('The source is disabled: enable it before exporting its annotations');
  await t.database.db.update(sources).set({ enabled: true }).where(eq(sources.root, ROOT));
  const processedAt = new Date('2026-01-02T03:04:05.678Z');
  await t.database.db.update(videos).set({ aiProcessedAt: null }).where(eq(videos.sourceRoot, ROOT));
  const none = await exportAs('admin@example.com', { source_root: ROOT });
  expect(none.statusCode).toBe(400);
  expect(none.json().detail).toBe(
    `No processed videos to export in ${ROOT} (completed, reviewed, labelled, KIV or disqualified with AI results)`,
  );
  await t.database.db.update(videos).set({ aiProcessedAt: processedAt }).where(eq(videos.sourceRoot, ROOT));
  expect((await exportAs('admin@example.com', { source_root: '/media/nowhere' })).statusCode).toBe(404);
  const bad = await exportAs('admin@example.com', { source_root: ROOT, status: ['done'] });
  expect(bad.json()).toEqual({ detail: 'Unknown status: done' });
  expect((await exportAs('admin@example.com', { source_root: ROOT, status: [] })).json()).toEqual({
    detail: 'Choose at least one status to export',
  });
  expect((await exportAs('admin@example.com', { source_root: 'relative/path' })).statusCode).toBe(400);
});

it('is for administrators only', async () => {
  expect((await exportAs(null, { source_root: ROOT })).statusCode).toBe(401);
  expect((await exportAs('ann@example.com', { source_root: ROOT })).statusCode).toBe(403);
});

it('pages through a track longer than one read and carries every row exactly', async () => {
  await t.database.db.insert(sources).values({ root: '/media/long', label: '', enabled: true });
  const [v] = await t.database.db
    .insert(videos)
    .values({
      filename: 'long.mp4',
      path: '/media/long/long.mp4',
      relPath: 'long.mp4',
      sourceRoot: '/media/long',
      processingStatus: 'completed',
      aiProcessedAt: new Date('2026-01-02T00:00:00Z'),
      totalFrames: 12_001,
    })
    .returning({ id: videos.id });
  await seedAnnotations(t.database, { videoId: v.id, frameCount: 12_001, tracks: 1 });
  const res = await exportAs('admin@example.com', { source_root: '/media/long' });
  expect(res.headers['content-disposition']).toContain('filename="export_source_');
  const entry = JSON.parse((await readZip(res.rawPayload)).files.get('videos/000001.json')!.toString());
  const rows = decodeTrack(entry.tracks[0]);
  const stored = (
    await t.database.sql.query<{ frame: number; x1: number; keypoints: number[] }>(
      'select frame, x1, keypoints from detections where video_id = $1 order by frame',
      [v.id],
    )
  ).rows;
  expect(rows.map((r) => r.frame)).toEqual(stored.map((r) => r.frame));
  // the database answers float4 as its shortest decimal; the package carries the float32 itself
  expect(rows.map((r) => r.x1)).toEqual(stored.map((r) => Math.fround(r.x1)));
  expect(rows[12_000].keypoints).toEqual(stored[12_000].keypoints.map(Math.fround));
});
