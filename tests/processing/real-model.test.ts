// The real pose models (default: top-down, CenterNet → MoveNet Thunder) on a real-people clip (pan/zoom
// over a photo of four people), through the real HTTP call, pg-boss queue and worker.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { as, makeTestApp, type TestApp } from '../helpers/test-app';
import { startQueue } from '../../server/queue';
import { startWorkers } from '../../server/workers';
import { ensurePeopleClip } from '../../server/services/sample-media';
import { saveVideoSettings, getVideoSettings } from '../../server/services/settings';
import { actionSegments, detections, statusHistory } from '../../server/db/schema';
import type { AnnotationSet } from '../../domain/types';
import { VIDEO_SETTINGS_DEFAULTS } from '../../domain/constants';
import { insertVideo, logOf, statusOf, TEST_MODELS_DIR, waitFor } from './video-rows';

let t: TestApp;
let stopWorkers: () => Promise<void>;
let videoId: number;
const heartbeats = new Set<number>();

const annotations = async () =>
  (await t.app.inject({ method: 'GET', url: `/api/v1/annotations/${videoId}` })).json() as AnnotationSet;
const centreX = (b: { x1: number; x2: number }) => (b.x1 + b.x2) / 2;

async function processAndWait(kind: 'process' | 'reprocess') {
  const r = await t.app.inject({ method: 'POST', url: `/api/v1/videos/${videoId}/${kind}`, headers: as('tester') });
  expect(r.statusCode).toBe(202);
  await waitFor(
    async () => {
      const v = await statusOf(t.database, videoId);
      if (v.processingStatus === 'processing') heartbeats.add(v.statusUpdatedAt.getTime());
      return v.processingStatus === 'completed' || v.processingStatus === 'failed';
    },
    `${kind} to finish`,
    880_000,
  ); // the top-down model on 2 cores shared with other work can take minutes
}

beforeAll(async () => {
  t = await makeTestApp({ env: { VAT_MODELS_DIR: TEST_MODELS_DIR }, queue: (db) => startQueue(db) });
  const clip = await ensurePeopleClip(t.deps.media.ffmpegPath, path.resolve('.cache/processing-test-clips'));
  videoId = await insertVideo(t.database, t.deps.media, clip, 'pending');
  // Best quality (the top-down pose model, yolo_imgsz 1280) at every 3rd frame, to keep the run short; the
  // default (Fast at every frame) runs in the reprocess below
  await saveVideoSettings(t.database.db, {
    ...(await getVideoSettings(t.database.db)),
    pose_model: 'topdown',
    pipeline_frame_stride: 3,
  });
  stopWorkers = await startWorkers({
    config: t.config,
    database: t.database,
    media: t.deps.media,
    queue: t.deps.queue!,
    log: { info() {}, warn() {}, error() {} } as never,
  });
  await processAndWait('process');
}, 900_000);
afterAll(async () => {
  await stopWorkers?.();
  await t?.close();
});

describe('processing the real-people clip', () => {
  it('goes pending → processing → completed, with ai_processed_at and the frame stride set', async () => {
    const v = await statusOf(t.database, videoId);
    expect(v.processingStatus).toBe('completed');
    expect(v.aiProcessedAt).not.toBeNull();
    expect(v.frameStride).toBe(3);
    const hist = await t.database.db
      .select()
      .from(statusHistory)
      .where(eq(statusHistory.videoId, videoId))
      .orderBy(statusHistory.id);
    expect(hist.map((h) => `${h.oldStatus}->${h.newStatus}`)).toEqual(['pending->processing', 'processing->completed']);
  });

  it('kept status_updated_at moving while it ran (what "Updated Ns ago" shows)', () => {
    expect(heartbeats.size).toBeGreaterThanOrEqual(2);
  });

  it('gives every one of the four people one track with 17 keypoints, confident (> 0.7) on at least 95 % of the analysed frames', async () => {
    const set = await annotations();
    expect(set.person_tracks).toHaveLength(4);
    for (const track of set.person_tracks) {
      expect(track.detections.length).toBeGreaterThanOrEqual(76); // 80 analysed frames (240 / 3)
      expect(track.detections.filter((d) => d.bbox.confidence > 0.7).length).toBeGreaterThanOrEqual(76);
      for (const d of track.detections) {
        expect(d.frame % 3).toBe(0);
        expect(d.keypoints).toHaveLength(17);
        for (const k of d.keypoints) {
          expect(k[0]).toBeGreaterThanOrEqual(0);
          expect(k[0]).toBeLessThanOrEqual(1);
        }
        expect(d.bbox.y2 - d.bbox.y1).toBeGreaterThan(0.4); // full-height people, not fragments
      }
    }
  });

  it('keeps ids stable across the pan: left-to-right order never changes and boxes move smoothly with the camera', async () => {
    const set = await annotations();
    const byFrame = new Map<number, Array<{ id: number; x: number }>>();
    for (const tr of set.person_tracks)
      for (const d of tr.detections) {
        if (!byFrame.has(d.frame)) byFrame.set(d.frame, []);
        byFrame.get(d.frame)!.push({ id: tr.track_id, x: centreX(d.bbox) });
      }
    const order = (f: number) =>
      byFrame
        .get(f)!
        .sort((a, b) => a.x - b.x)
        .map((p) => p.id)
        .join(',');
    const full = [...byFrame.keys()].filter((f) => byFrame.get(f)!.length === 4).sort((a, b) => a - b);
    expect(full.length).toBeGreaterThanOrEqual(76);
    for (const f of full) expect(order(f)).toBe(order(full[0]));
    for (const tr of set.person_tracks) {
      const xs = tr.detections.map((d) => centreX(d.bbox));
      for (let i = 1; i < xs.length; i++) expect(Math.abs(xs[i] - xs[i - 1])).toBeLessThan(0.05);
      // the photo drifts right by 300 of 1280 px over the clip, and zooms a little
      expect(xs[xs.length - 1] - xs[0]).toBeGreaterThan(0.12);
      expect(xs[xs.length - 1] - xs[0]).toBeLessThan(0.4);
    }
  });

  it('writes what ran to the processing log', async () => {
    const log = (await logOf(t.database, videoId)).join('\n');
    expect(log).toMatch(/model: CenterNet person detector → MoveNet SinglePose Thunder per person/);
    expect(log).toMatch(/pose model topdown, tracker bytetrack/);
    expect(log).toMatch(/frames analysed: 80; people found: \d+ detections \(up to \d+ in one frame\)/);
    expect(log).toMatch(
      /track fragments: \d+ after tracking, \d+ re-linked by appearance and motion \(each a broken id joined\), \d+ after re-link, \d+ dropped as unconvincing \(median confidence < 0\.5, or < 0\.7 and found on under 50 % of the frames of its span\)/,
    );
    expect(log).toMatch(/tracks: 4;/);
    expect(log).toMatch(/segments proposed: \d+/);
    expect(log).toMatch(/timings: decode\+pose .* frames\/s/);
    expect(log).toMatch(/processing completed/);
  });
});

describe('reprocessing', () => {
  it('moves the human-edited box and the human-verified segment onto the new track of the same person, and logs it', async () => {
    const set = await annotations();
    // the second person from the left: a neighbour on either side to be confused with
    const byX = [...set.person_tracks].sort((a, b) => centreX(a.detections[0].bbox) - centreX(b.detections[0].bbox));
    const person = byX[1];
    // on a frame the reprocess (every frame) analyses again: the kept human box must win over the new AI box
    const edited = person.detections.find((d) => d.frame >= 12 && d.frame % 6 === 0)!;
    await t.database.db
      .update(detections)
      .set({ source: 'human', x1: edited.bbox.x1 - 0.01, updatedById: 'tester' })
      .where(
        and(
          eq(detections.videoId, videoId),
          eq(detections.trackId, person.track_id),
          eq(detections.frame, edited.frame),
        ),
      );
    const [seg] = await t.database.db
      .insert(actionSegments)
      .values({
        videoId,
        trackId: person.track_id,
        actionClass: 'sit',
        startTime: 1,
        endTime: 2.5,
        confidence: 1,
        humanVerified: true,
        createdById: 'tester',
      })
      .returning();
    // the reprocess runs the default settings: Fast (crop tracking) at every frame
    await saveVideoSettings(t.database.db, VIDEO_SETTINGS_DEFAULTS);
    await processAndWait('reprocess');
    expect((await statusOf(t.database, videoId)).processingStatus).toBe('completed');
    const after = await annotations();
    // new AI tracks are numbered after the kept track id; 4 people again and the old track is left empty
    expect(after.person_tracks.map((p) => p.track_id)).toEqual([1, 2, 3, 4].map((i) => person.track_id + i));
    const newByX = [...after.person_tracks].sort(
      (a, b) => centreX(a.detections[0].bbox) - centreX(b.detections[0].bbox),
    );
    const samePerson = newByX[1];
    // the human box now sits on that person's new track, among its AI detections at the new stride
    const human = samePerson.detections.filter((d) => d.source === 'human');
    expect(human).toHaveLength(1);
    expect(human[0]).toMatchObject({ frame: edited.frame });
    expect(human[0].bbox.x1).toBeCloseTo(edited.bbox.x1 - 0.01, 5);
    const ai = samePerson.detections.filter((d) => d.source === 'ai');
    // at the default every frame has its own box: all 240 frames of the clip but the edited one, none twice
    expect(ai.length).toBeGreaterThanOrEqual(220);
    expect(new Set(ai.map((d) => d.frame)).size).toBe(ai.length);
    expect(ai.some((d) => d.frame === edited.frame)).toBe(false);
    expect(ai.filter((d) => d.frame % 6 !== 0).length).toBeGreaterThan(150);
    expect(after.action_segments.filter((s) => s.human_verified)).toMatchObject([
      { id: seg.id, track_id: samePerson.track_id, action_class: 'sit', start_time: 1, end_time: 2.5 },
    ]);
    const log = (await logOf(t.database, videoId)).join('\n');
    expect(log).toMatch(/pose model tracking, tracker bytetrack/);
    expect(log).toMatch(/kept from before: 1 human-edited detection\(s\), 1 human-verified segment\(s\)/);
    const aiStored = after.person_tracks.reduce((n, p) => n + p.detections.filter((d) => d.source === 'ai').length, 0);
    expect(log).toMatch(new RegExp(`detections stored: ${aiStored} \\(1 gave way to kept human boxes\\)`));
    expect(log).toMatch(
      new RegExp(
        `segment ${seg.id} \\(sit, 1\\.00–2\\.50 s\\) re-linked from track ${person.track_id} to track ${samePerson.track_id}, IoU (0\\.[5-9]\\d|1\\.00)`,
      ),
    );
    expect(log).toMatch(
      new RegExp(
        `1 human-edited detection\\(s\\) re-linked from track ${person.track_id} to track ${samePerson.track_id}, IoU (0\\.[5-9]\\d|1\\.00)`,
      ),
    );
  }, 900_000);
});
