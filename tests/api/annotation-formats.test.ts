// Per-video interchange files: GET /annotations/{id}/export?format=… and POST /annotations/{id}/import.
// Hand-made files are imported as human tracks, a reprocess would keep them, and export → import → export
// gives the same file.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { as, makeTestApp, seedUser, type TestApp } from '../helpers/test-app';
import { multipart } from '../helpers/multipart';
import { actionSegments, detections, videos } from '../../server/db/schema';

let t: TestApp;
let id: number;
const fixture = (name: string) => fs.readFileSync(path.join(__dirname, '../fixtures/formats', name), 'utf8');
const FILES = {
  'coco-keypoints': 'coco-keypoints.json',
  posetrack18: 'posetrack18.json',
  mot: 'mot.txt',
  'cvat-video': 'cvat-video.xml',
} as const;
const SUFFIXES = {
  'coco-keypoints': '_coco_keypoints.json',
  posetrack18: '_posetrack18.json',
  mot: '_mot.txt',
  'cvat-video': '_cvat.xml',
} as const;
type Format = keyof typeof FILES;

beforeAll(async () => {
  t = await makeTestApp();
  await seedUser(t.database, 'ann@example.com', 'annotator');
  const [v] = await t.database.db
    .insert(videos)
    .values({
      filename: 'clip.mp4',
      path: '/lib/clip.mp4',
      relPath: 'clip.mp4',
      sourceRoot: '/lib',
      processingStatus: 'completed',
      width: 200,
      height: 100,
      totalFrames: 5,
    })
    .returning({ id: videos.id });
  id = v.id;
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await t.database.db.delete(detections).where(eq(detections.videoId, id));
  await t.database.db.delete(actionSegments).where(eq(actionSegments.videoId, id));
  await t.database.db.update(videos).set({ processingStatus: 'completed' }).where(eq(videos.id, id));
});

const importFile = (
  format: string,
  content: string,
  opts: { dryRun?: boolean; confirm?: boolean; who?: string | null } = {},
) => {
  const form = multipart([
    { name: 'format', value: format },
    { name: 'dry_run', value: String(opts.dryRun ?? false) },
    ...(opts.confirm ? [{ name: 'confirm', value: 'true' }] : []),
    { name: 'file', filename: 'in.txt', content },
  ]);
  const who = opts.who === undefined ? 'ann@example.com' : opts.who;
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/annotations/${id}/import`,
    payload: form.payload,
    headers: { ...form.headers, ...(who ? as(who) : {}) },
  });
};
const exportFile = (format: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1/annotations/${id}/export?format=${format}` });
const stored = () =>
  t.database.db
    .select()
    .from(detections)
    .where(eq(detections.videoId, id))
    .orderBy(detections.trackId, detections.frame);

it.each(Object.keys(FILES) as Format[])(
  '%s: a hand-made file becomes human tracks with pixel boxes converted to fractions',
  async (format) => {
    const res = await importFile(format, fixture(FILES[format]));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      format,
      dry_run: false,
      tracks_imported: 2,
      detections_imported: 4,
      track_ids: [
        { file_id: 1, track_id: 1 },
        { file_id: 2, track_id: 2 },
      ],
    });
    const rows = await stored();
    expect(rows.map((r) => [r.trackId, r.frame, r.source, r.updatedById])).toEqual([
      [1, 0, 'human', 'ann@example.com'],
      [1, 1, 'human', 'ann@example.com'],
      [2, 1, 'human', 'ann@example.com'],
      [2, 2, 'human', 'ann@example.com'],
    ]);
    expect(rows[2]).toMatchObject({ x1: 0.5, y1: 0.2, x2: 0.65, y2: 0.7 });
    if (format !== 'mot') expect(rows[0].keypoints!.slice(0, 3)).toEqual([0.15, 0.15, 1]);
  },
);

it.each(Object.keys(FILES) as Format[])('%s: export → import → export gives the identical file', async (format) => {
  await importFile(format, fixture(FILES[format]));
  const first = await exportFile(format);
  expect(first.statusCode).toBe(200);
  expect(first.headers['content-disposition']).toContain(`clip${SUFFIXES[format]}`);
  await t.database.db.delete(detections).where(eq(detections.videoId, id));
  expect((await importFile(format, first.body)).statusCode).toBe(200);
  const second = await exportFile(format);
  expect(second.body).toBe(first.body);
});

it('numbers imported tracks after the existing ones when their ids are taken, and a dry run stores nothing', async () => {
  await importFile('mot', fixture('mot.txt'));
  const dry = await importFile('mot', fixture('mot.txt'), { dryRun: true });
  expect(dry.json()).toMatchObject({
    dry_run: true,
    detections_imported: 4,
    track_ids: [
      { file_id: 1, track_id: 3 },
      { file_id: 2, track_id: 4 },
    ],
  });
  expect(dry.json().warnings).toContain('Track ids already in use: imported tracks are numbered from 3');
  expect(await stored()).toHaveLength(4);
  const real = await importFile('mot', fixture('mot.txt'));
  expect(real.json().track_ids).toEqual([
    { file_id: 1, track_id: 3 },
    { file_id: 2, track_id: 4 },
  ]);
  expect(await stored()).toHaveLength(8);
});

it('bumps the annotation version so cached windows are not served stale', async () => {
  const [before] = await t.database.db.select({ v: videos.annotationVersion }).from(videos).where(eq(videos.id, id));
  await importFile('posetrack18', fixture('posetrack18.json'));
  const [after] = await t.database.db.select({ v: videos.annotationVersion }).from(videos).where(eq(videos.id, id));
  expect(after.v).toBe(before.v + 1);
});

it('answers 422 naming the place for a malformed file, 400 for an unknown format or no file, 401 for guests', async () => {
  const bad = await importFile('mot', '1,1,20,10,40,60,1\n0,1,2,3,4,5,1\n');
  expect(bad.statusCode).toBe(422);
  expect(bad.json().detail).toBe('Not a valid mot file: line 2: frame must be an integer from 1');
  expect(await stored()).toHaveLength(0);
  const unknown = await importFile('yolo', 'x');
  expect(unknown.statusCode).toBe(400);
  expect(unknown.json().detail).toContain('format must be one of coco-keypoints, posetrack18, mot, cvat-video');
  const form = multipart([{ name: 'format', value: 'mot' }]);
  const noFile = await t.app.inject({
    method: 'POST',
    url: `/api/v1/annotations/${id}/import`,
    payload: form.payload,
    headers: { ...form.headers, ...as('ann@example.com') },
  });
  expect(noFile.json()).toEqual({ detail: 'A file is required' });
  expect((await importFile('mot', fixture('mot.txt'), { who: null })).statusCode).toBe(401);
  expect((await exportFile('yolo')).statusCode).toBe(400);
});

it('keeps the plain JSON export when no format is asked for', async () => {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/annotations/${id}/export` });
  expect(res.json()).toHaveProperty('person_tracks');
});

it('imported tracks survive the reprocess step that clears the AI rows', async () => {
  const { clearAiRows } = await import('../../server/repositories/processing-results');
  await t.database.db
    .insert(detections)
    .values({ videoId: id, trackId: 9, frame: 4, x1: 0, y1: 0, x2: 0.1, y2: 0.1, confidence: 0.5, source: 'ai' });
  await importFile('cvat-video', fixture('cvat-video.xml'));
  const kept = await t.database.db.transaction((tx) => clearAiRows(tx, id));
  expect(kept).toMatchObject({ keptDetections: 4, highestKeptTrack: 2 });
  expect((await stored()).map((r) => r.trackId)).toEqual([1, 1, 2, 2]);
});

it('CVAT: a file made by CVAT brings its interpolated frames and its action attribute back as segments', async () => {
  const res = await importFile('cvat-video', fixture('cvat-made-interpolated.xml'));
  expect(res.statusCode).toBe(200);
  expect(res.json()).toMatchObject({ detections_imported: 5, segments_imported: 2, replaced: 0 });
  // the fixture's 8 frames meet a 5-frame video: the person of its own from frame 6 is past the end
  expect(res.json().warnings).toContain("1 shape(s) after the video's last frame were left out");
  const rows = await stored();
  expect(rows.map((r) => [r.trackId, r.frame, Number(r.x1.toFixed(4))])).toEqual([
    [4, 0, 0.1],
    [4, 1, 0.15],
    [4, 2, 0.2],
    [4, 3, 0.25],
    [4, 4, 0.3],
  ]);
  const segs = await t.database.db
    .select()
    .from(actionSegments)
    .where(eq(actionSegments.videoId, id))
    .orderBy(actionSegments.startTime);
  expect(segs.map((s) => [s.trackId, s.actionClass, s.startTime * 30, s.endTime * 30, s.createdById])).toEqual([
    [4, 'run', 0, 4, 'ann@example.com'],
    [4, 'jump', 4, 5, 'ann@example.com'],
  ]);
  // and they go out again as CVAT's per-frame attribute
  const xml = (await exportFile('cvat-video')).body;
  expect(xml).toMatch(/<box frame="3" keyframe="1" outside="0"[^>]*>\s*<attribute name="action">run<\/attribute>/);
  expect(xml).toMatch(/<box frame="4" keyframe="1" outside="0"[^>]*>\s*<attribute name="action">jump<\/attribute>/);
});

it('refuses an import onto a reviewed or labelled video without confirm; a dry run says a confirm is needed', async () => {
  for (const status of ['reviewed', 'labelled'] as const) {
    await t.database.db.update(videos).set({ processingStatus: status }).where(eq(videos.id, id));
    const dry = await importFile('mot', fixture('mot.txt'), { dryRun: true });
    expect(dry.json()).toMatchObject({ needs_confirm: true, detections_imported: 4 });
    const refused = await importFile('mot', fixture('mot.txt'));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(
      `This video is ${status}: an import adds tracks to work already checked. Confirm to import anyway.`,
    );
    expect(await stored()).toHaveLength(0);
  }
  expect((await importFile('mot', fixture('mot.txt'), { confirm: true })).statusCode).toBe(200);
  expect(await stored()).toHaveLength(4);
});
