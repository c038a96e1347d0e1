// Progress and cancel of a real processing run (the real-people clip, the real model, pg-boss and the
// worker): the status call's progress only climbs and the run ends at 100; a reprocess cancelled half-way
// stops, restores the status and leaves the stored annotations exactly as they were.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { as, makeTestApp, type TestApp } from '../helpers/test-app';
import { startQueue } from '../../server/queue';
import { startWorkers } from '../../server/workers';
import { ensurePeopleClip } from '../../server/services/sample-media';
import { getVideoSettings, saveVideoSettings } from '../../server/services/settings';
import type { AnnotationSet } from '../../domain/types';
import { insertVideo, logOf, statusOf, TEST_MODELS_DIR, waitFor } from './video-rows';

let t: TestApp;
let stopWorkers: () => Promise<void>;
let videoId: number;

const get = async (url: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: as('tester') })).json();
const post = (url: string, user = 'tester') =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: as(user) });
const jobRow = async (id: number) =>
  (
    await t.database.sql.query<{ state: string; progress: number; stage: string; message: string | null }>(
      'select state, progress, stage, message from job_progress where id = $1',
      [id],
    )
  ).rows[0];
/** Every detection and segment as a sorted fingerprint, to compare the stored set before and after. */
async function fingerprint(): Promise<{ detections: number; segments: number; digest: string }> {
  const set = (await get(`/annotations/${videoId}`)) as AnnotationSet;
  const dets = set.person_tracks
    .flatMap((tr) => tr.detections.map((d) => `${tr.track_id}:${d.frame}:${d.bbox.x1.toFixed(4)}`))
    .sort();
  const segs = set.action_segments.map((s) => `${s.track_id}:${s.action_class}:${s.start_time}`).sort();
  return { detections: dets.length, segments: segs.length, digest: [...dets, ...segs].join('|') };
}

beforeAll(async () => {
  t = await makeTestApp({ env: { VAT_MODELS_DIR: TEST_MODELS_DIR }, queue: (db) => startQueue(db) });
  const clip = await ensurePeopleClip(t.deps.media.ffmpegPath, path.resolve('.cache/processing-test-clips'));
  videoId = await insertVideo(t.database, t.deps.media, clip, 'pending');
  // MultiPose at every frame (as the e2e specs that process a clip): a run of several seconds, long enough
  // to be seen part-way and cancelled, where top-down at every 4th frame took a minute of the suite. The
  // default and top-down are run by real-model.test.ts.
  await saveVideoSettings(t.database.db, {
    ...(await getVideoSettings(t.database.db)),
    pose_model: 'multipose',
    pipeline_frame_stride: 1,
  });
  stopWorkers = await startWorkers({
    config: t.config,
    database: t.database,
    media: t.deps.media,
    queue: t.deps.queue!,
    log: { info() {}, warn() {}, error() {} } as never,
  });
}, 900_000);
afterAll(async () => {
  await stopWorkers?.();
  await t?.close();
});

describe('a processing run reports progress', () => {
  it('climbs monotonically through its stages while processing and ends done at 100', async () => {
    expect((await post(`/videos/${videoId}/process`)).statusCode).toBe(202);
    const seen: Array<{ progress: number; stage: string }> = [];
    let jobId = 0;
    await waitFor(
      async () => {
        const s = await get(`/videos/${videoId}/status`);
        if (s.job_id) jobId = s.job_id;
        if (s.status === 'processing' && s.progress !== null) seen.push({ progress: s.progress, stage: s.stage });
        return s.status === 'completed' || s.status === 'failed';
      },
      'the run to finish',
      880_000,
    ); // minutes on 2 cores shared with other work
    expect((await statusOf(t.database, videoId)).processingStatus).toBe('completed');
    const values = seen.map((s) => s.progress);
    expect(values.some((p) => p > 0 && p < 100)).toBe(true); // seen part-way at least once
    expect(values).toEqual([...values].sort((a, b) => a - b)); // never went down
    expect(seen.some((s) => s.stage === 'decoding + pose')).toBe(true);
    expect(await jobRow(jobId)).toMatchObject({ state: 'done', progress: 100 });
    expect(await get(`/videos/${videoId}/status`)).toMatchObject({ progress: null, eta_s: null });
  }, 900_000);
});

describe('cancelling a running reprocess', () => {
  it('stops the run, puts the video back to completed and leaves its annotations untouched', async () => {
    const before = await fingerprint();
    expect(before.detections).toBeGreaterThan(0);
    expect((await post(`/videos/${videoId}/reprocess`)).statusCode).toBe(202);
    let jobId = 0;
    await waitFor(
      async () => {
        const s = await get(`/videos/${videoId}/status`);
        jobId = s.job_id ?? jobId;
        return s.status === 'processing' && s.progress > 5;
      },
      'the reprocess to be part-way',
      200_000,
    );
    const other = await post(`/videos/${videoId}/cancel`, 'someone-else');
    expect(other.statusCode).toBe(403);
    const asked = Date.now();
    const r = await post(`/videos/${videoId}/cancel`);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ state: 'running', cancel_requested_by: 'tester' });
    await waitFor(async () => (await jobRow(jobId)).state !== 'running', 'the run to stop', 30_000);
    console.log(`cancel → run stopped and status restored in ${Date.now() - asked} ms`);
    expect(await jobRow(jobId)).toMatchObject({ state: 'cancelled', message: 'cancelled by tester' });
    const v = await statusOf(t.database, videoId);
    expect(v.processingStatus).toBe('completed');
    expect(await fingerprint()).toEqual(before);
    const log = (await logOf(t.database, videoId)).join('\n');
    expect(log).toMatch(
      /processing cancelled by tester after .* at \d+%; status completed restored, annotations unchanged/,
    );
    expect(log.split('\n').filter((l) => l === 'processing completed')).toHaveLength(1); // the final transaction never ran again
    const again = await post(`/videos/${videoId}/cancel`);
    expect(again.statusCode).toBe(409);
  }, 900_000);
});
