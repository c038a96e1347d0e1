// The bulk detection writer stores exactly the rows it is given: counts, values, NaN keypoints, rows
// without keypoints, human rows with their author, and rows that give way to stored ones.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { makeTestApp, type TestApp } from '../helpers/test-app';
import { videos } from '../../server/db/schema';
import { insertDetections } from '../../server/repositories/detection-bulk';
import type { NewDetection } from '../../server/repositories/new-detection';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

async function newVideo(): Promise<number> {
  const name = `bulk_${Math.random().toString(36).slice(2)}.mp4`;
  const [v] = await t.database.db
    .insert(videos)
    .values({ filename: name, path: `/b/${name}`, relPath: name, sourceRoot: '/b' })
    .returning({ id: videos.id });
  return v.id;
}

const rowsOf = (n: number): NewDetection[] =>
  Array.from({ length: n }, (_, i) => ({
    trackId: 1 + (i % 4),
    frame: Math.floor(i / 4),
    x1: 0.25,
    y1: i / (n * 2),
    x2: 0.75,
    y2: 0.5 + i / (n * 4),
    confidence: 0.5,
    keypoints: i % 5 === 0 ? null : Array.from({ length: 51 }, (_, k) => (k === 7 ? NaN : k / 100)),
    source: 'ai',
  }));

describe('insertDetections', () => {
  it('stores every row of a batch larger than one statement, with its values', async () => {
    const id = await newVideo();
    const rows = rowsOf(120_000);
    expect(await insertDetections(t.database.db, id, rows)).toBe(120_000);
    const {
      rows: [c],
    } = await t.database.sql.query<{ n: number; nokp: number }>(
      'select count(*)::int as n, count(*) filter (where keypoints is null)::int as nokp from detections where video_id = $1',
      [id],
    );
    expect(c).toEqual({ n: 120_000, nokp: 24_000 });
    // none is a multiple of 5: those rows have no keypoints
    for (const i of [1, 4999, 5001, 50_001, 119_999]) {
      const r = rows[i];
      const {
        rows: [got],
      } = await t.database.sql.query<{ y1: number; y2: number; keypoints: number[] }>(
        'select y1, y2, keypoints from detections where video_id = $1 and track_id = $2 and frame = $3',
        [id, r.trackId, r.frame],
      );
      expect(got.y1).toBeCloseTo(r.y1, 6);
      expect(got.y2).toBeCloseTo(r.y2, 6);
      expect(got.keypoints).toHaveLength(51);
      expect(got.keypoints[7]).toBeNaN();
      expect(got.keypoints[50]).toBeCloseTo(0.5, 6);
    }
  }, 120_000);

  it('keeps the author and time of human rows', async () => {
    const id = await newVideo();
    const at = new Date('2026-01-02T03:04:05.678Z');
    await insertDetections(t.database.db, id, [
      { ...rowsOf(1)[0], source: 'human', updatedById: 'ann "quoted" \\one', updatedAt: at },
    ]);
    const {
      rows: [got],
    } = await t.database.sql.query<{ source: string; updated_by_id: string; updated_at: Date }>(
      'select source, updated_by_id, updated_at from detections where video_id = $1',
      [id],
    );
    expect(got.source).toBe('human');
    expect(got.updated_by_id).toBe('ann "quoted" \\one');
    expect(new Date(got.updated_at).toISOString()).toBe(at.toISOString());
  });

  // small writes are one statement on PostgreSQL, large ones a COPY: both sizes, in and out of a transaction
  it.each([
    [8, true],
    [8, false],
    [6000, true],
    [6000, false],
  ])(
    'lets a stored row win over a new one with the same track and frame when asked to (%i rows, in a transaction: %s)',
    async (n, inTx) => {
      const id = await newVideo();
      await insertDetections(t.database.db, id, [{ ...rowsOf(1)[0], x1: 0.1 }]);
      const write = (db: typeof t.database.db) => insertDetections(db, id, rowsOf(n), { skipConflicts: true });
      const stored = inTx ? await t.database.db.transaction((tx) => write(tx as never)) : await write(t.database.db);
      expect(stored).toBe(n - 1);
      const { rows } = await t.database.sql.query<{ x1: number }>(
        'select x1 from detections where video_id = $1 and track_id = 1 and frame = 0',
        [id],
      );
      expect(rows[0].x1).toBeCloseTo(0.1);
      // twice in one transaction (the second writes nothing new)
      expect(
        await t.database.db.transaction(async (tx) => (await write(tx as never)) + (await write(tx as never))),
      ).toBe(0);
    },
  );

  it.each([3, 6000])(
    'refuses rows of a video that does not exist, and keeps checking foreign keys after a bulk write (%i rows)',
    async (n) => {
      await expect(t.database.db.transaction((tx) => insertDetections(tx, 999_999, rowsOf(n)))).rejects.toThrow();
      const id = await newVideo();
      await expect(
        t.database.db.transaction(async (tx) => {
          await insertDetections(tx, id, rowsOf(n));
          await tx.execute(
            sql`insert into action_segments (video_id, track_id, action_class, start_time, end_time) values (999999, 1, 'run', 0, 1)`,
          );
        }),
      ).rejects.toThrow();
      const {
        rows: [c],
      } = await t.database.sql.query<{ n: number }>('select count(*)::int as n from detections where video_id = $1', [
        id,
      ]);
      expect(c.n).toBe(0);
    },
  );
});
