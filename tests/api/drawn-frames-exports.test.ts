// What you see is what you export: on a strided video, frame by frame, the boxes the editor's overlay draws
// (its selector over the windows it loads) are the boxes the render draws, the frames the review summary's
// runs cover, and the boxes each export holds (CVAT's read as CVAT fills in between its keyframes), with
// the filled-in frames marked in MOT (conf -1) and COCO / PoseTrack (`filled_in`). A track cut at 100 is
// drawn and exported up to its last frame only; a Delete on a filled-in frame leaves a gap there.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../helpers/test-app';
import { trackCalls } from '../helpers/track-calls';
import { detections, videos } from '../../server/db/schema';
import { docFromSummary, mergeWindow } from '../../src/annotate/loader/window-loader';
import { trackBoxShown } from '../../src/annotate/document/interpolate';
import { RenderAnnotations } from '../../server/services/render/annotation-source';
import {
  cocoFrames,
  cvatFrames,
  differences,
  motFrames,
  poseTrackFrames,
  type FramesHeld,
  type Px,
} from '../helpers/export-frames';

const W = 640,
  H = 360,
  N = 150,
  STRIDE = 6;
let t: TestApp;
let c: ReturnType<typeof trackCalls>;
let id: number;

const kp = (x: number, y: number) => Array.from({ length: 17 }, (_, j) => [x + 0.01 * j, y + 0.02 * j, 0.9]).flat();
const row = (track: number, frame: number, x: number, source = 'ai') => ({
  videoId: id,
  trackId: track,
  frame,
  x1: x,
  y1: 0.2 + frame / 1000,
  x2: x + 0.1,
  y2: 0.6 + frame / 1000,
  confidence: 0.8 + (frame % 12) / 100,
  keypoints: kp(x + 0.02, 0.25),
  source,
});

beforeAll(async () => {
  t = await makeTestApp();
  c = trackCalls(t);
  const [v] = await t.database.db
    .insert(videos)
    .values({
      filename: 'strided.mp4',
      path: '/lib/strided.mp4',
      relPath: 'strided.mp4',
      sourceRoot: '/lib',
      processingStatus: 'completed',
      width: W,
      height: H,
      totalFrames: N,
      fps: 30,
      frameStride: STRIDE,
    })
    .returning({ id: videos.id });
  id = v.id;
  const rows = [];
  for (let f = 0; f < N; f += STRIDE) {
    // T1 walks right, with a gap 60–84 the AI missed (54 → 90 is wider than the stride)
    if (f < 60 || f > 84) rows.push(row(1, f, 0.05 + f / 500));
    rows.push(row(2, f, 0.3 + f / 1000)); // T2: cut at 100 below, an outside keyframe at 33
    if (f <= 60) rows.push(row(4, f, 0.6)); // T4: a Delete on the filled-in frame 40 below
  }
  rows.push({ ...row(2, 33, 0.3), source: 'outside' });
  // T3: drawn keyframes at 10 and 20, the server's interpolated boxes between
  for (let f = 10; f <= 20; f++)
    rows.push(row(3, f, 0.75 + (f - 10) / 200, f === 10 || f === 20 ? 'human' : 'interpolated'));
  await t.database.db.insert(detections).values(rows);
  const cut = await c.call('DELETE', `${id}/tracks/2/detections?from=100&to=${N - 1}&version=1`);
  expect(cut.statusCode).toBe(200);
  const gap = await c.call('DELETE', `${id}/tracks/4/detections?from=40&to=40&version=1`);
  expect(gap.statusCode).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

const px = (d: { x1: number; y1: number; x2: number; y2: number }): Px => [d.x1 * W, d.y1 * H, d.x2 * W, d.y2 * H];

/** What the overlay draws: the editor's selector over the document its loader builds from the API. */
async function overlayFrames(): Promise<FramesHeld> {
  const summary = (await t.app.inject({ url: `/api/v1/annotations/${id}/summary` })).json();
  const doc = mergeWindow(docFromSummary(id, summary), await c.window(id, 0, N));
  const out: FramesHeld = new Map();
  for (let f = 0; f < N; f++) {
    const shown = trackBoxShown(doc, { interpolation: true }, f);
    const m = new Map();
    for (const track of doc.trackIds) {
      const b = shown(track);
      if (b) m.set(track, { box: px(b.det), filled: b.kind === 'filled' });
    }
    out.set(f, m);
  }
  return out;
}

const exported = async (format: string) =>
  (await t.app.inject({ url: `/api/v1/annotations/${id}/export?format=${format}` })).body;

it('the overlay draws each track up to its last frame, with the cut and the deleted frame as gaps', async () => {
  const drawn = await overlayFrames();
  const framesOf = (track: number) => [...drawn].filter(([, m]) => m.has(track)).map(([f]) => f);
  expect(Math.max(...framesOf(2))).toBe(99); // cut at 100: 97–99 were filled in and stay
  expect(framesOf(2).filter((f) => f >= 30 && f < 40)).toEqual([30, 31, 32, 36, 37, 38, 39]); // outside at 33, back at 36
  expect(framesOf(4).filter((f) => f >= 36 && f <= 48)).toEqual([36, 37, 38, 39, 41, 42, 43, 44, 45, 46, 47, 48]);
  expect(Math.max(...framesOf(4))).toBe(60);
  expect(framesOf(1).filter((f) => f > 54 && f < 90)).toEqual([]);
  expect(drawn.get(57)!.size).toBe(2); // T2 and T4 between their analysed frames, T1 in its gap
});

it.each([
  ['mot', motFrames],
  ['coco-keypoints', cocoFrames],
  ['posetrack18', poseTrackFrames],
  ['cvat-video', (text: string) => cvatFrames(text, N)],
] as const)('%s holds every box the overlay draws, and no other, frame by frame', async (format, read) => {
  const drawn = await overlayFrames();
  expect(differences(drawn, read(await exported(format)), N)).toEqual([]);
});

it('the render and the review summary draw the same frames', async () => {
  const drawn = await overlayFrames();
  const render = await RenderAnnotations.load(t.database, id, { stride: STRIDE, interpolate: true });
  const rendered: FramesHeld = new Map();
  for (let f = 0; f < N; f++)
    rendered.set(f, new Map((await render.itemsAt(f, f / 30)).map((it) => [it.trackId, { box: px(it.det) }])));
  expect(differences(drawn, rendered, N, 1e-6, false)).toEqual([]);
  const review = (await t.app.inject({ url: `/api/v1/annotations/${id}/review-summary` })).json() as {
    tracks: Array<{ track_id: number; runs: number[] }>;
  };
  for (const tr of review.tracks) {
    const inRuns = (f: number) => tr.runs.some((_, i) => i % 2 === 0 && f >= tr.runs[i] && f <= tr.runs[i + 1]);
    const frames = Array.from({ length: N }, (_, f) => f);
    expect(frames.filter(inRuns), `track ${tr.track_id}`).toEqual(frames.filter((f) => drawn.get(f)!.has(tr.track_id)));
  }
});
