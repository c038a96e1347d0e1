// A large interchange file is decoded and checked off the server's event loop: a status call made the
// moment the import has found its video is answered before the file's checks end (asserted by the order of
// the two, not by time), and the file's rows are then stored exactly, under the import's rules.
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { as, makeTestApp, seedUser, type TestApp } from '../helpers/test-app';
import { multipart } from '../helpers/multipart';
import { videos } from '../../server/db/schema';
import { seedAnnotations } from '../../scripts/seed-annotations';

/** What happened in order; `armed` while a test watches an import. */
const watch = { armed: false, events: [] as string[], ask: (): Promise<unknown> => Promise.resolve() };

// the import's first step (its video found), then the first step after the file's checks (the video's
// own tracks listed): both wrapped to note when they happen, the first also making a status call
vi.mock('../../server/services/videos', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../server/services/videos')>();
  return {
    ...real,
    requireLiveVideo: async (...args: Parameters<typeof real.requireLiveVideo>) => {
      const video = await real.requireLiveVideo(...args);
      if (watch.armed) {
        watch.events.push('video found, status asked');
        void watch.ask().then(() => watch.events.push('status answered'));
      }
      return video;
    },
  };
});
vi.mock('../../server/repositories/annotations', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../server/repositories/annotations')>();
  return {
    ...real,
    listTrackRanges: (...args: Parameters<typeof real.listTrackRanges>) => {
      if (watch.armed) watch.events.push('file checked');
      return real.listTrackRanges(...args);
    },
  };
});

const FRAMES = 1000;
const TRACKS = 20; // 20,000 skeletons: a COCO file of several MB
let t: TestApp;
let sourceId: number;
let targetId: number;
let coco: Buffer;

beforeAll(async () => {
  t = await makeTestApp();
  await seedUser(t.database, 'ann@example.com', 'annotator');
  const clip = { sourceRoot: '/lib', processingStatus: 'completed', width: 640, height: 360, totalFrames: FRAMES };
  [{ id: sourceId }, { id: targetId }] = await t.database.db
    .insert(videos)
    .values([
      { ...clip, filename: 'a.mp4', path: '/lib/a.mp4', relPath: 'a.mp4' },
      { ...clip, filename: 'b.mp4', path: '/lib/b.mp4', relPath: 'b.mp4' },
    ])
    .returning({ id: videos.id });
  await seedAnnotations(t.database, { videoId: sourceId, frameCount: FRAMES, fps: 30, tracks: TRACKS });
  const res = await t.app.inject({ url: `/api/v1/annotations/${sourceId}/export?format=coco-keypoints` });
  expect(res.statusCode).toBe(200);
  coco = res.rawPayload;
  expect(coco.length).toBeGreaterThan(2 * 1024 * 1024);
  watch.ask = () => t.app.inject({ url: '/api/v1/status' });
}, 120_000);
afterAll(() => t?.close());

async function importFile(file: Buffer, dryRun: boolean) {
  const form = multipart([
    { name: 'format', value: 'coco-keypoints' },
    { name: 'dry_run', value: String(dryRun) },
    { name: 'file', filename: 'a_coco_keypoints.json', content: file, type: 'application/json' },
  ]);
  watch.events = [];
  watch.armed = true;
  try {
    return await t.app.inject({
      method: 'POST',
      url: `/api/v1/annotations/${targetId}/import`,
      payload: form.payload,
      headers: { ...form.headers, ...as('ann@example.com') },
    });
  } finally {
    watch.armed = false;
  }
}

it('a dry run: the status call is answered while the file is checked', async () => {
  const res = await importFile(coco, true);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toMatchObject({ dry_run: true, tracks_imported: TRACKS, detections_imported: TRACKS * FRAMES });
  expect(watch.events).toEqual(['video found, status asked', 'status answered', 'file checked']);
});

it('a real import: answered meanwhile too, and the stored skeletons are the exported ones', async () => {
  const res = await importFile(coco, false);
  expect(res.statusCode, res.body).toBe(200);
  expect(watch.events.slice(0, 3)).toEqual(['video found, status asked', 'status answered', 'file checked']);
  const again = await t.app.inject({ url: `/api/v1/annotations/${targetId}/export?format=coco-keypoints` });
  const strip = (b: Buffer) => {
    const j = JSON.parse(b.toString());
    return j.annotations.map((a: Record<string, unknown>) => [a.track_id, a.image_id, a.bbox, a.keypoints]);
  };
  expect(strip(again.rawPayload)).toEqual(strip(coco));
});

it('a large file that breaks a rule is refused with the same detail as a small one', async () => {
  const j = JSON.parse(coco.toString());
  j.annotations[7].bbox[2] = -5;
  const res = await importFile(Buffer.from(JSON.stringify(j)), true);
  expect(res.statusCode).toBe(422);
  expect(res.json().detail).toMatch(/^Not a valid coco-keypoints file: /);
});
