// `detections` is a view over detection_rows (migration 0023) that every query reads and writes as it did
// the table: inserts take the column defaults and the video's current generation, ON CONFLICT, RETURNING,
// updates, deletes and FOR UPDATE work through it, rows of an open or abandoned staging and of a replaced
// generation stay hidden from all of them, and deleting a video removes its rows and stagings.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { makeTestApp, type TestApp } from '../helpers/test-app';
import { detections, videos } from '../../server/db/schema';
import { openStaging, publishStaging } from '../../server/repositories/detection-staging';
import { insertDetections } from '../../server/repositories/detection-bulk';

let t: TestApp;
let videoId: number;
const box = { x1: 0.1, y1: 0.2, x2: 0.3, y2: 0.4 };

beforeAll(async () => {
  t = await makeTestApp();
  [{ id: videoId }] = await t.database.db
    .insert(videos)
    .values({ filename: 'v.mp4', path: '/lib/v.mp4', relPath: 'v.mp4', sourceRoot: '/lib', totalFrames: 100 })
    .returning({ id: videos.id });
});
afterAll(() => t?.close());

const stored = async () =>
  (
    await t.database.sql.query<{ track_id: number; frame: number; gen: number; x1: number }>(
      'select track_id, frame, gen, x1 from detection_rows where video_id = $1 order by gen, track_id, frame',
      [videoId],
    )
  ).rows;

it('inserts through the view take the defaults and RETURNING; a taken key gives way with ON CONFLICT', async () => {
  const [row] = await t.database.db
    .insert(detections)
    .values({ videoId, trackId: 1, frame: 0, ...box })
    .returning();
  expect(row).toMatchObject({
    videoId,
    trackId: 1,
    frame: 0,
    confidence: 1,
    source: 'ai',
    version: 1,
    keypoints: null,
  });
  const again = await t.database.db
    .insert(detections)
    .values({ videoId, trackId: 1, frame: 0, ...box, x1: 0.9 })
    .onConflictDoNothing()
    .returning();
  expect(again).toEqual([]);
  expect(await stored()).toEqual([{ track_id: 1, frame: 0, gen: 0, x1: expect.closeTo(0.1) }]);
});

it('updates, row locks and deletes through the view reach the row', async () => {
  const key = and(eq(detections.videoId, videoId), eq(detections.trackId, 1), eq(detections.frame, 0));
  const locked = await t.database.db.transaction((tx) => tx.select().from(detections).where(key).for('update'));
  expect(locked).toHaveLength(1);
  const [updated] = await t.database.db
    .update(detections)
    .set({ x1: 0.15, version: 2 })
    .where(key)
    .returning({ x1: detections.x1, version: detections.version });
  expect(updated).toEqual({ x1: expect.closeTo(0.15), version: 2 });
  expect(await t.database.db.delete(detections).where(key).returning({ frame: detections.frame })).toEqual([
    { frame: 0 },
  ]);
  expect(await stored()).toEqual([]);
});

it('rows of a staging are hidden from every read and write until it is published; then the replaced ones are', async () => {
  await t.database.db.insert(detections).values([0, 1, 2].map((frame) => ({ videoId, trackId: 1, frame, ...box })));
  const staging = (await t.database.db.transaction((tx) => openStaging(tx, videoId, null, true)))!;
  const rows = [0, 1].map((frame) => ({
    trackId: 1,
    frame,
    ...box,
    x1: 0.5,
    confidence: 1,
    keypoints: null,
    source: 'human',
  }));
  await t.database.db.transaction((tx) => insertDetections(tx, videoId, rows, { place: staging }));
  const visible = () =>
    t.database.db
      .select({ frame: detections.frame, x1: detections.x1 })
      .from(detections)
      .where(eq(detections.videoId, videoId))
      .orderBy(detections.frame);
  expect((await visible()).map((r) => r.x1)).toEqual([0.1, 0.1, 0.1].map((x) => expect.closeTo(x)));
  // a write through the view touches the live rows only
  const moved = await t.database.db
    .update(detections)
    .set({ y1: 0.25 })
    .where(eq(detections.videoId, videoId))
    .returning();
  expect(moved).toHaveLength(3);
  await t.database.db.transaction((tx) => publishStaging(tx, staging));
  expect(await visible()).toEqual([
    { frame: 0, x1: expect.closeTo(0.5) },
    { frame: 1, x1: expect.closeTo(0.5) },
  ]);
  // a new row lands in the published generation, beside the imported ones
  const [added] = await t.database.db
    .insert(detections)
    .values({ videoId, trackId: 2, frame: 7, ...box })
    .returning();
  expect(added.frame).toBe(7);
  expect((await stored()).filter((r) => r.gen === staging.gen)).toHaveLength(3);
});

it('deleting the video deletes its rows and stagings', async () => {
  await t.database.db.delete(videos).where(eq(videos.id, videoId));
  expect(await stored()).toEqual([]);
  const left = await t.database.sql.query('select 1 from detection_stagings where video_id = $1', [videoId]);
  expect(left.rows).toEqual([]);
});
