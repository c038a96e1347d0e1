// A person hidden behind someone for a moment is stored by processing as boxes with no joints
// (server/processing/hidden-gaps.ts). The exports carry those boxes, and no joints for them: COCO and PoseTrack
// rows with num_keypoints 0 (no point at the image's corner), a CVAT skeleton outside on those frames; the
// processing log counts them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { as, makeTestApp, type TestApp } from '../helpers/test-app';
import { seedAnnotatedVideo } from '../annotate-edit/seed';
import { storeAnalysis } from '../../server/jobs/kinds/processing/store-result';
import { videos } from '../../server/db/schema';
import { ANALYSIS_STATS, walkingTrack } from '../helpers/stored-analysis';

let t: TestApp;
let id: number;
const HIDDEN = [4, 5, 6];

beforeAll(async () => {
  t = await makeTestApp();
  const w = await seedAnnotatedVideo(t.database);
  id = w.videoId;
  await t.database.db.update(videos).set({ processingStatus: 'processing' }).where(eq(videos.id, id));
  const detections = walkingTrack((f) =>
    HIDDEN.includes(f) ? null : Array.from({ length: 51 }, (_, k) => (k % 3 === 2 ? 0.8 : 0.2 + 0.02 * f)),
  );
  const stats = { ...ANALYSIS_STATS, poseModel: 'tracking' as const, hiddenBoxes: HIDDEN.length };
  await storeAnalysis(
    t.database.db,
    { videoId: id, fromStatus: 'completed', requestedBy: 'ann.one' } as never,
    { fps: 30, frameStride: 1 },
    { detections, segments: [], stats, stillDropped: [] },
    5,
  );
});
afterAll(async () => {
  await t?.close();
});

const exported = async (format: string) => {
  const res = await t.app.inject({ url: `/api/v1/annotations/${id}/export?format=${format}` });
  expect(res.statusCode).toBe(200);
  return res.body;
};

describe('the exports of a person hidden for a moment', () => {
  it('COCO keypoints: a box on every frame, with no joints on the hidden ones', async () => {
    const doc = JSON.parse(await exported('coco-keypoints')) as {
      annotations: Array<{ image_id: number; num_keypoints: number; keypoints: number[]; bbox: number[] }>;
    };
    const frames = doc.annotations.map((a) => a.image_id - 1).sort((a, b) => a - b);
    expect(frames).toEqual(Array.from({ length: 10 }, (_, f) => f));
    for (const a of doc.annotations) {
      const hidden = HIDDEN.includes(a.image_id - 1);
      expect(a.num_keypoints).toBe(hidden ? 0 : 17);
      if (hidden) expect(a.keypoints.every((v) => v === 0)).toBe(true);
      expect(a.bbox[2]).toBeGreaterThan(0);
    }
  });

  it('the processing log says how many boxes were added for people out of sight', async () => {
    const res = await t.app.inject({ url: `/api/v1/videos/${id}/log`, headers: as('ann.one') });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      'people out of sight for a moment: 3 boxes added where they walked behind someone or the models missed them briefly (no joints)',
    );
  });

  it('CVAT video: the box is drawn on the hidden frames and the skeleton is outside there', async () => {
    const xml = await exported('cvat-video');
    const skeletons = [...xml.matchAll(/<skeleton frame="(\d+)" keyframe="1" outside="(\d)"/g)].map((m) => [
      Number(m[1]),
      m[2],
    ]);
    for (const f of HIDDEN) expect(skeletons).toContainEqual([f, '1']);
    expect(skeletons).toContainEqual([3, '0']);
    expect(skeletons).toContainEqual([7, '0']);
    const boxes = [...xml.matchAll(/<box frame="(\d+)" keyframe="1" outside="0"/g)].map((m) => Number(m[1]));
    for (const f of HIDDEN) expect(boxes).toContain(f);
  });
});
