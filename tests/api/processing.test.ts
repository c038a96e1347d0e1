import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { as, makeTestApp, type TestApp } from '../helpers/test-app';
import { startQueue } from '../../server/queue';
import { videos } from '../../server/db/schema';
import { insertVideo, statusOf } from '../processing/video-rows';

let t: TestApp;
const ids: Record<string, number> = {};

async function jobsFor(videoId: number) {
  const { rows } = await t.database.sql.query<{
    state: string;
    data: { videoId: number; fromStatus: string; requestedBy: string };
  }>(
    `select state::text as state, data from pgboss.job where name = 'video-process' and (data->>'videoId')::int = $1`,
    [videoId],
  );
  return rows;
}

beforeAll(async () => {
  t = await makeTestApp({ queue: (db) => startQueue(db) }); // a real queue, no worker: jobs stay queued
  for (const s of ['pending', 'completed', 'labelled', 'failed', 'kiv'])
    ids[s] = await insertVideo(t.database, null, `/media/a/${s}.mp4`, s, { sourceRoot: '/media/a' });
  ids.reviewedNew = await insertVideo(t.database, null, '/media/a/reviewed-new.mp4', 'reviewed', {
    sourceRoot: '/media/a',
  });
  ids.reviewedDone = await insertVideo(t.database, null, '/media/a/reviewed-done.mp4', 'reviewed', {
    sourceRoot: '/media/a',
    aiProcessedAt: new Date(),
  });
  for (let i = 0; i < 4; i++)
    ids[`b${i}`] = await insertVideo(t.database, null, `/media/b/p${i}.mp4`, 'pending', { sourceRoot: '/media/b' });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const post = (url: string, user?: string) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: user ? as(user) : {} });

describe('POST /videos/{id}/process', () => {
  it('needs a signed-in user (401)', async () => {
    const r = await post(`/videos/${ids.pending}/process`);
    expect(r.statusCode).toBe(401);
    expect(r.json().detail).toMatch(/sign in/i);
  });

  it('queues a pending video and answers 202; a second request is a 409', async () => {
    const r = await post(`/videos/${ids.pending}/process`, 'alice');
    expect(r.statusCode).toBe(202);
    expect(r.json()).toMatchObject({ id: ids.pending, status: 'pending', queued: true });
    const jobs = await jobsFor(ids.pending);
    expect(jobs).toHaveLength(1);
    expect(jobs[0].data).toMatchObject({ videoId: ids.pending, fromStatus: 'pending', requestedBy: 'alice' });
    const again = await post(`/videos/${ids.pending}/process`, 'alice');
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toMatch(/already queued/);
  });

  it('starts a reviewed video without AI results: it goes to pending at once', async () => {
    const r = await post(`/videos/${ids.reviewedNew}/process`, 'alice');
    expect(r.statusCode).toBe(202);
    expect(r.json()).toMatchObject({ status: 'pending', previous_status: 'reviewed' });
    expect((await jobsFor(ids.reviewedNew))[0].data.fromStatus).toBe('reviewed');
  });

  it('refuses completed, kiv and reviewed-with-AI videos with 409 and a reason', async () => {
    for (const k of ['completed', 'kiv', 'reviewedDone']) {
      const r = await post(`/videos/${ids[k]}/process`, 'alice');
      expect(r.statusCode).toBe(409);
      expect(r.json().detail).toMatch(/processing starts from pending/);
    }
    expect((await statusOf(t.database, ids.completed)).processingStatus).toBe('completed');
  });

  it('answers 404 for an unknown video and 400 for a bad id', async () => {
    expect((await post('/videos/999999/process', 'alice')).statusCode).toBe(404);
    const bad = await post('/videos/abc/process', 'alice');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toBeTruthy();
  });
});

describe('POST /videos/{id}/reprocess', () => {
  it('sets completed, labelled, failed and reviewed-with-AI videos to pending and queues them', async () => {
    for (const k of ['completed', 'labelled', 'failed', 'reviewedDone']) {
      const before = (await statusOf(t.database, ids[k])).processingStatus;
      const r = await post(`/videos/${ids[k]}/reprocess`, 'bob');
      expect(r.statusCode).toBe(202);
      expect(r.json()).toMatchObject({ status: 'pending', previous_status: before });
      expect((await jobsFor(ids[k]))[0].data).toMatchObject({ fromStatus: before, requestedBy: 'bob' });
    }
  });

  it('refuses pending and kiv videos with 409', async () => {
    const r = await post(`/videos/${ids.b0}/reprocess`, 'bob');
    expect(r.statusCode).toBe(409);
    expect(r.json().detail).toMatch(/reprocess is offered for completed, labelled, failed/);
    expect((await post(`/videos/${ids.kiv}/reprocess`, 'bob')).statusCode).toBe(409);
  });

  it('needs a signed-in user (401)', async () => {
    expect((await post(`/videos/${ids.labelled}/reprocess`)).statusCode).toBe(401);
  });
});

describe('POST /videos/batch_process', () => {
  it('rejects an unknown fraction with 400', async () => {
    const r = await post('/videos/batch_process?fraction=third', 'carol');
    expect(r.statusCode).toBe(400);
    expect(r.json().detail).toMatch(/fraction/);
  });

  it('needs a signed-in user (401)', async () => {
    expect((await post('/videos/batch_process?fraction=all')).statusCode).toBe(401);
  });

  it('queues half of the eligible pending videos of a source root, then the rest', async () => {
    const half = await post('/videos/batch_process?fraction=half&source_root=/media/b', 'carol');
    expect(half.statusCode).toBe(202);
    expect(half.json()).toEqual({ queued: 2, video_ids: [ids.b0, ids.b1] });
    // already-queued videos are not eligible again
    const rest = await post('/videos/batch_process?fraction=all&source_root=/media/b', 'carol');
    expect(rest.json()).toEqual({ queued: 2, video_ids: [ids.b2, ids.b3] });
    const none = await post('/videos/batch_process?fraction=5%25&source_root=/media/b', 'carol');
    expect(none.json()).toEqual({ queued: 0, video_ids: [] });
    const [row] = await t.database.db.select().from(videos).where(eq(videos.id, ids.b0));
    expect(row.processingStatus).toBe('pending');
  });
});
