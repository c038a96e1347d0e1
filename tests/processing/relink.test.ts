// What a reprocess does with rows a reviewer kept: moved to the matching new track, or left where they were.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, ne } from 'drizzle-orm';
import { makeTestApp, type TestApp } from '../helpers/test-app';
import { actionSegments, detections } from '../../server/db/schema';
import { readKeptRows, relinkKeptRows } from '../../server/jobs/kinds/processing/relink';
import type { FramedBox } from '../../server/processing/track-match';
import { insertVideo } from './video-rows';

let t: TestApp;
let videoId: number;
let lines: string[];
const segIds: Record<number, number> = {};

/** A person standing still at x, boxed every `stride` frames from 0 to 89. */
const standing = (x: number, stride: number): FramedBox[] =>
  Array.from({ length: Math.ceil(90 / stride) }, (_, i) => ({
    frame: i * stride,
    x1: x,
    y1: 0.2,
    x2: x + 0.1,
    y2: 0.8,
  }));

beforeAll(async () => {
  t = await makeTestApp();
  videoId = await insertVideo(t.database, null, '/media/two-people.mp4', 'completed', { fps: 30, frameStride: 3 });
  // before the reprocess: track 1 at x 0.3, track 2 at x 0.8; each with one human-edited box and a verified segment
  for (const [trackId, x] of [
    [1, 0.3],
    [2, 0.8],
  ] as const) {
    await t.database.db
      .insert(detections)
      .values(standing(x, 3).map((b) => ({ videoId, trackId, ...b, source: b.frame === 30 ? 'human' : 'ai' })));
    const [s] = await t.database.db
      .insert(actionSegments)
      .values({ videoId, trackId, actionClass: 'wave', startTime: 1, endTime: 2, confidence: 1, humanVerified: true })
      .returning();
    segIds[trackId] = s.id;
  }
  // the reprocess finds only the person at 0.3 again, as track 3
  await t.database.db.transaction(async (tx) => {
    const kept = await readKeptRows(tx, videoId);
    await tx.delete(detections).where(and(eq(detections.videoId, videoId), ne(detections.source, 'human')));
    lines = await relinkKeptRows(tx, videoId, kept, new Map([[3, standing(0.3, 6)]]), 30, 6);
  });
});
afterAll(async () => {
  await t?.close();
});

const trackOf = async (where: ReturnType<typeof eq>) =>
  (
    await t.database.db
      .select({ trackId: detections.trackId })
      .from(detections)
      .where(and(eq(detections.videoId, videoId), where))
  ).map((r) => r.trackId);

describe('relinking kept rows on reprocess', () => {
  it('moves the rows of the person found again to the new track', async () => {
    const [seg] = await t.database.db.select().from(actionSegments).where(eq(actionSegments.id, segIds[1]));
    expect(seg.trackId).toBe(3);
    expect(await trackOf(eq(detections.x1, 0.3))).toEqual([3]);
    expect(lines).toContain(`segment ${segIds[1]} (wave, 1.00–2.00 s) re-linked from track 1 to track 3, IoU 1.00`);
    expect(lines).toContain('1 human-edited detection(s) re-linked from track 1 to track 3, IoU 1.00');
  });

  it('leaves the rows of a person not found again on the old track, with their human box', async () => {
    const [seg] = await t.database.db.select().from(actionSegments).where(eq(actionSegments.id, segIds[2]));
    expect(seg.trackId).toBe(2);
    expect(await trackOf(eq(detections.x1, 0.8))).toEqual([2]);
    expect(lines).toContain(
      `segment ${segIds[2]} (wave, 1.00–2.00 s) stays on track 2: no new track matches (best IoU 0.00 < 0.5)`,
    );
    expect(lines).toContain('1 human-edited detection(s) stay on track 2: no new track matches (best IoU 0.00 < 0.5)');
  });
});
