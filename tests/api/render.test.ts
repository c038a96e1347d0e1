// Render API over the real queue, worker, ffmpeg and @napi-rs/canvas: 409 while a render is queued,
// the status entity, a playable H.264 file with the source's frames, size, duration and audio, boxes
// burned in where the annotations are (and nothing elsewhere), keys that go stale, auto render on reviewed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { as, makeTestApp, type TestApp } from '../helpers/test-app';
import { QUEUES, startQueue } from '../../server/queue';
import { renders } from '../../server/db/schema';
import { VideoRenderer } from '../../server/jobs/kinds/render/video-renderer';
import type { RenderJobData } from '../../server/services/render/requests';
import { recoverKind } from '../../server/jobs/recovery';
import { insertVideo, waitFor } from '../processing/video-rows';
import { frameRgb, makeClipWithAudio, meanDiff, probeStreams, storeTracks } from '../helpers/render-media';

let t: TestApp;
let clip: number, big: number;
const W = 320,
  H = 180;
// the left edge at x = 81 px: its 2 px stroke covers pixels 80–81, one whole 4:2:0 chroma block, on the green bar
const BOX = { x1: 81 / 320, y1: 0.3, x2: 0.5, y2: 0.8 };

const api = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, user: string | null = 'rev1') =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: user ? as(user) : {}, payload });
const status = async (id: number) => (await api('GET', `/videos/${id}/render/status`, undefined, null)).json();
const renderDone = (id: number) => async () => {
  const s = await status(id);
  return s.phase === 'done' || s.phase === 'failed';
};

function startWorker() {
  const renderer = new VideoRenderer({ database: t.database, ffmpegPath: t.deps.media.ffmpegPath, dataDir: t.dataDir });
  return t.deps.queue!.work<RenderJobData>(QUEUES.render, 1, async (d) => {
    await renderer.run(d);
  });
}

beforeAll(async () => {
  t = await makeTestApp({ queue: (db) => startQueue(db) });
  const ff = t.deps.media.ffmpegPath;
  clip = await insertVideo(
    t.database,
    t.deps.media,
    await makeClipWithAudio(ff, path.join(t.dataDir, 'src', 'clip.mp4'), `${W}x${H}`, 30, 2),
    'completed',
  );
  await storeTracks(t.database, clip, 60, { 1: BOX });
  big = await insertVideo(
    t.database,
    t.deps.media,
    await makeClipWithAudio(ff, path.join(t.dataDir, 'src', 'big.mp4'), '1600x900', 10, 1),
    'completed',
    { fpsNum: 10, fpsDen: 1 },
  );
  await storeTracks(t.database, big, 10, { 3: BOX });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('render requests and status', () => {
  it('starts idle with the spec fields', async () => {
    expect(await status(clip)).toMatchObject({
      state: 'idle',
      progress: 0,
      artifact: null,
      key: null,
      phase: 'idle',
      stale: false,
    });
  });

  it('needs a signed-in user, queues one render (202) and answers 409 with a detail while it waits', async () => {
    expect((await api('POST', `/videos/${clip}/render`, undefined, null)).statusCode).toBe(401);
    const r = await api('POST', `/videos/${clip}/render`);
    expect(r.statusCode, r.body).toBe(202);
    expect(r.json()).toMatchObject({ state: 'queued', phase: 'queued', progress: 0 });
    const again = await api('POST', `/videos/${clip}/render`);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toMatch(/already queued or running/);
    expect((await api('GET', '/videos/999999/render/status')).statusCode).toBe(404);
  });
});

describe('the rendered video', () => {
  let key: string;
  beforeAll(async () => {
    await startWorker();
    await waitFor(renderDone(clip), 'the render to finish', 180_000);
  }, 200_000);

  it('is done with an artifact and a key', async () => {
    const s = await status(clip);
    expect(s, JSON.stringify(s)).toMatchObject({
      state: 'done',
      progress: 100,
      phase: 'done',
      stale: false,
      error: null,
    });
    expect(s.key).toMatch(/^[0-9a-f]{32}$/);
    expect(s.artifact).toMatchObject({
      width: W,
      height: H,
      frames: 60,
      codec: 'h264',
      url: `/api/v1/videos/${clip}/render/download?k=${s.key}`,
    });
    key = s.key;
  });

  it('downloads by its key with Range support; a wrong key is 404', async () => {
    const r = await api('GET', `/videos/${clip}/render/download?k=${key}`, undefined, null);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('video/mp4');
    expect(r.headers['content-disposition']).toContain('clip_annotated.mp4');
    const part = await t.app.inject({
      method: 'GET',
      url: `/api/v1/videos/${clip}/render/download?k=${key}`,
      headers: { range: 'bytes=0-99' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.length).toBe(100);
    expect((await api('GET', `/videos/${clip}/render/download?k=${'0'.repeat(32)}`)).statusCode).toBe(404);
    expect((await api('GET', `/videos/${clip}/render/download?k=../../etc`)).statusCode).toBe(400);
  });

  it('is a playable H.264 file with the source frame count, rate, size, duration and audio', async () => {
    const [row] = await t.database.db.select().from(renders).where(eq(renders.videoId, clip));
    const out = await probeStreams(t.deps.media.ffprobePath, row.path!);
    const src = await probeStreams(t.deps.media.ffprobePath, path.join(t.dataDir, 'src', 'clip.mp4'));
    expect(out).toMatchObject({ codec: 'h264', width: W, height: H, frames: src.frames, rate: src.rate, audio: 'aac' });
    expect(Math.abs(out.duration - src.duration)).toBeLessThan(0.1);
  });

  it('shows the stored box on the frame and leaves the rest of the picture as it was', async () => {
    const [row] = await t.database.db.select().from(renders).where(eq(renders.videoId, clip));
    const ff = t.deps.media.ffmpegPath;
    for (const n of [0, 31, 59]) {
      const src = await frameRgb(ff, path.join(t.dataDir, 'src', 'clip.mp4'), n, W, H);
      const out = await frameRgb(ff, row.path!, n, W, H);
      // the box's left edge (2 px stroke, track 1's colour #dc2626) and its label tag above it
      const edge = {
        x: Math.round(BOX.x1 * W) - 1,
        y: Math.round(BOX.y1 * H) + 5,
        w: 2,
        h: Math.round((BOX.y2 - BOX.y1) * H) - 10,
      };
      expect(meanDiff(src, out, W, edge), `frame ${n} box edge`).toBeGreaterThan(40);
      // in the track colour (#dc2626, red over green), blurred only by the 4:2:0 chroma of H.264
      let redness = -255;
      for (let x = edge.x; x <= edge.x + 1; x++) {
        const i = ((edge.y + 20) * W + x) * 3;
        redness = Math.max(redness, out[i] - out[i + 1]);
      }
      expect(redness, 'the stroke is red').toBeGreaterThan(60);
      // far from the box and its label: only codec noise
      const away = { x: Math.round(BOX.x2 * W) + 20, y: 10, w: W - Math.round(BOX.x2 * W) - 30, h: H - 20 };
      expect(meanDiff(src, out, W, away), `frame ${n} outside`).toBeLessThan(6);
    }
  });

  it('goes stale when the annotations change, and a new render replaces the old file and key', async () => {
    const edit = await api('PATCH', `/annotations/${clip}/tracks/1/detections/10`, {
      x1: 0.3,
      y1: 0.3,
      x2: 0.6,
      y2: 0.8,
      version: 1,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const stale = await status(clip);
    expect(stale).toMatchObject({ state: 'done', stale: true, key });
    const [before] = await t.database.db.select().from(renders).where(eq(renders.videoId, clip));
    expect((await api('POST', `/videos/${clip}/render`)).statusCode).toBe(202);
    await waitFor(renderDone(clip), 'the second render', 180_000);
    const s = await status(clip);
    expect(s).toMatchObject({ state: 'done', stale: false, annotation_version: stale.annotation_version });
    expect(s.key).not.toBe(key);
    expect((await api('GET', `/videos/${clip}/render/download?k=${key}`)).statusCode).toBe(404);
    expect((await api('GET', `/videos/${clip}/render/download?k=${s.key}`)).statusCode).toBe(200);
    expect(fs.existsSync(before.path!)).toBe(false);
    expect(fs.readdirSync(path.dirname(before.path!)).filter((f) => f.includes('.part'))).toEqual([]);
  }, 200_000);

  it('renders at 720p keeping the aspect when render_max_res is 720p', async () => {
    await t.database.db
      .insert((await import('../../server/db/schema')).settings)
      .values({ key: 'render', value: { render_max_res: '720p' } })
      .onConflictDoUpdate({
        target: (await import('../../server/db/schema')).settings.key,
        set: { value: { render_max_res: '720p' } },
      });
    expect((await api('POST', `/videos/${big}/render`)).statusCode).toBe(202);
    await waitFor(renderDone(big), 'the 720p render', 180_000);
    const s = await status(big);
    expect(s.artifact).toMatchObject({ width: 1280, height: 720, frames: 10 });
    const [row] = await t.database.db.select().from(renders).where(eq(renders.videoId, big));
    expect(await probeStreams(t.deps.media.ffprobePath, row.path!)).toMatchObject({
      codec: 'h264',
      width: 1280,
      height: 720,
      frames: 10,
    });
  }, 200_000);
});

describe('recovery and automatic renders', () => {
  it('a render left running by a dead process ends failed on start and keeps its artifact', async () => {
    const before = await status(clip);
    await t.database.db
      .update(renders)
      .set({ state: 'running', jobToken: 'dead-job', updatedAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(renders.videoId, clip));
    expect(
      (await recoverKind(t.database, t.deps.queue!, 'render', { singleProcess: true })).map((r) => r.videoId),
    ).toEqual([clip]);
    const s = await status(clip);
    expect(s).toMatchObject({ state: 'done', phase: 'failed', key: before.key });
    expect(s.error).toMatch(/interrupted/);
  });

  it('marking a video reviewed renders it when auto_render_on_reviewed is on', async () => {
    const r = await api('PATCH', `/videos/${clip}/status`, { status: 'reviewed' });
    expect(r.statusCode, r.body).toBe(200);
    expect((await status(clip)).phase).toMatch(/queued|running|done/);
    await waitFor(async () => (await status(clip)).phase === 'done', 'the automatic render', 180_000);
  }, 200_000);
});
