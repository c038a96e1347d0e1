// A processing result whose still non-people were dropped says so, with the reason, in the video's log; one
// whose small people the detector read as two squares of each frame says that too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { as, makeTestApp, type TestApp } from '../helpers/test-app';
import { seedAnnotatedVideo } from '../annotate-edit/seed';
import { storeAnalysis } from '../../server/jobs/kinds/processing/store-result';
import { videos } from '../../server/db/schema';
import { ANALYSIS_STATS, walkingTrack } from '../helpers/stored-analysis';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t?.close();
});

const stats = ANALYSIS_STATS;
const detections = walkingTrack(() => Array(51).fill(0.5));

async function logOf(videoId: number): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/videos/${videoId}/log`, headers: as('ann.one') });
  expect(res.statusCode).toBe(200);
  return res.body.split('\n');
}

describe('processing log of still things dropped', () => {
  it('names the track dropped as a still thing and why', async () => {
    const w = await seedAnnotatedVideo(t.database);
    await t.database.db.update(videos).set({ processingStatus: 'processing' }).where(eq(videos.id, w.videoId));
    const stillDropped = [
      {
        trackId: 2,
        frames: 10,
        reason:
          'box never moved (centre within 1 % of its height, size within 2 %) and its joints scored 0.12 (a body scores ≥ 0.2)',
      },
    ];
    await storeAnalysis(
      t.database.db,
      { videoId: w.videoId, fromStatus: 'completed', requestedBy: 'ann.one' } as never,
      { fps: 30, frameStride: 1 },
      { detections, segments: [], stats, stillDropped },
      5,
    );
    expect(
      (await logOf(w.videoId)).some((l) =>
        l.endsWith(
          '1 track dropped as a still thing, not a person: track 2 (10 frames): box never moved (centre within 1 % of its height, size within 2 %) and its joints scored 0.12 (a body scores ≥ 0.2)',
        ),
      ),
    ).toBe(true);
  });

  it('writes no such line when nothing was dropped', async () => {
    const w = await seedAnnotatedVideo(t.database);
    await t.database.db.update(videos).set({ processingStatus: 'processing' }).where(eq(videos.id, w.videoId));
    await storeAnalysis(
      t.database.db,
      { videoId: w.videoId, fromStatus: 'completed', requestedBy: 'ann.one' } as never,
      { fps: 30, frameStride: 1 },
      { detections, segments: [], stats, stillDropped: [] },
      5,
    );
    const log = await logOf(w.videoId);
    expect(log.some((l) => l.includes('processing completed'))).toBe(true);
    expect(log.some((l) => l.includes('still thing'))).toBe(false);
  });

  it('says when the detector read small people as two or four squares of each frame, and only then', async () => {
    const logFor = async (reading: 'whole' | 'squares' | 'grid') => {
      const w = await seedAnnotatedVideo(t.database);
      await t.database.db.update(videos).set({ processingStatus: 'processing' }).where(eq(videos.id, w.videoId));
      const cropTracking = {
        passes: 2,
        flowFrames: 8,
        detections: 2,
        crops: 4,
        lost: 0,
        reasons: {},
        lightning: 4,
        thunder: 0,
        reading,
      };
      await storeAnalysis(
        t.database.db,
        { videoId: w.videoId, fromStatus: 'completed', requestedBy: 'ann.one' } as never,
        { fps: 30, frameStride: 1 },
        {
          detections,
          segments: [],
          stats: { ...stats, poseModel: 'tracking' as const, cropTracking },
          stillDropped: [],
        },
        5,
      );
      return logOf(w.videoId);
    };
    const line =
      'small people: the detector read each frame as two squares, so they reached it larger (decided on its first pass frames)';
    expect((await logFor('squares')).some((l) => l.endsWith(line))).toBe(true);
    const four = (await logFor('grid')).filter((l) => l.includes('small people'));
    expect(four).toHaveLength(1);
    expect(four[0]).toContain('four overlapping squares');
    expect((await logFor('whole')).some((l) => l.includes('squares'))).toBe(false);
  });
});
