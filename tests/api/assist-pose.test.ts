// POST /annotations/{id}/assist/pose: the single-pose model (for real) on one box of exactly one frame of
// the people clip, through the editor's warm pose worker.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, makeTestApp, type TestApp } from '../helpers/test-app';
import { addPeopleVideo, peopleAt, type FoundPerson } from '../helpers/people-video';
import { TEST_MODELS_DIR } from '../processing/video-rows';
import { decodeFrameAt } from '../../server/services/assist/frame-seek';
import { KEYPOINT_SEEN, LOST_MEAN_SCORE, LOST_MIN_KEYPOINTS } from '../../server/processing/crop-follow';
import { decodeFrames } from '../../server/processing/frames';

let t: TestApp;
let video: { id: number; file: string };
let person: FoundPerson;
const FRAME = 45;

beforeAll(async () => {
  t = await makeTestApp({ env: { VAT_MODELS_DIR: TEST_MODELS_DIR } });
  video = await addPeopleVideo(t);
  [person] = await peopleAt(t, video.file, FRAME);
}, 180_000);
afterAll(async () => {
  await t?.close();
});

const assist = (body: object, headers: Record<string, string> = as('ann.one'), id = video.id) =>
  t.app.inject({ method: 'POST', url: `/api/v1/annotations/${id}/assist/pose`, headers, payload: body });
const boxOf = (p: FoundPerson) => ({ x1: p.x1, y1: p.y1, x2: p.x2, y2: p.y2 });

describe('POST /annotations/{id}/assist/pose', () => {
  it('answers 17 joints of the person in the box, in fractions of the frame', async () => {
    expect(person).toBeTruthy();
    const r = await assist({ frame: FRAME, box: boxOf(person) });
    expect(r.statusCode).toBe(200);
    const body = r.json() as { keypoints: Array<[number, number, number]>; score: number; model: string };
    expect(body.model).toMatch(/^movenet-singlepose-(lightning|thunder)$/);
    expect(body.keypoints).toHaveLength(17);
    expect(body.score).toBeGreaterThan(LOST_MEAN_SCORE); // the engine's own bar for "a person is there"
    const w = person.x2 - person.x1,
      h = person.y2 - person.y1;
    const seen = body.keypoints.filter((k) => k[2] >= KEYPOINT_SEEN);
    expect(seen.length).toBeGreaterThanOrEqual(LOST_MIN_KEYPOINTS);
    // every joint the model is sure of lies in the box, give or take a tenth of its size
    for (const [x, y] of seen) {
      expect(x).toBeGreaterThan(person.x1 - w * 0.1);
      expect(x).toBeLessThan(person.x2 + w * 0.1);
      expect(y).toBeGreaterThan(person.y1 - h * 0.1);
      expect(y).toBeLessThan(person.y2 + h * 0.1);
    }
  }, 120_000);

  it('two calls at once both get an answer (the second waits its turn)', async () => {
    const [a, b] = await Promise.all([
      assist({ frame: FRAME, box: boxOf(person) }),
      assist({ frame: FRAME + 1, box: boxOf(person) }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(b.json().keypoints).toHaveLength(17);
  }, 60_000);

  it('decodes exactly the frame asked for: the frame the pipeline counts as that number', async () => {
    const p = await t.deps.media.probe(video.file);
    const exact = (await decodeFrameAt(
      t.deps.media.ffmpegPath,
      { file: video.file, fps: p.fps, width: p.width, height: p.height },
      FRAME,
    ))!;
    const counted: Uint8Array[] = [];
    for await (const f of decodeFrames(
      t.deps.media.ffmpegPath,
      video.file,
      { scaledW: 1280, scaledH: 720, inputW: 1280, inputH: 736 },
      1,
    )) {
      counted.push(f.rgb.slice(0, 1280 * 720 * 3));
      if (f.frame === FRAME) break;
    }
    const same = (a: Uint8Array, b: Uint8Array) => Buffer.compare(Buffer.from(a), Buffer.from(b)) === 0;
    expect(exact.frame).toBe(FRAME);
    expect(same(exact.rgb, counted[FRAME])).toBe(true);
    expect(same(exact.rgb, counted[FRAME - 1])).toBe(false); // the clip pans: neighbours differ
  }, 60_000);

  it('refuses a frame past the end (422), a bad box (400) and an unknown video (404), each with a detail', async () => {
    const past = await assist({ frame: 100_000, box: boxOf(person) });
    expect(past.statusCode).toBe(422);
    expect(past.json().detail).toMatch(/frame/);
    const flipped = await assist({ frame: FRAME, box: { x1: 0.6, y1: 0.2, x2: 0.4, y2: 0.8 } });
    expect(flipped.statusCode).toBe(400);
    expect(flipped.json().detail).toMatch(/x1 < x2/);
    const outside = await assist({ frame: FRAME, box: { x1: 0.2, y1: 0.2, x2: 1.4, y2: 0.8 } });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().detail).toBeTruthy();
    const missing = await assist({ frame: FRAME }, as('ann.one'));
    expect(missing.statusCode).toBe(400);
    const unknown = await assist({ frame: 1, box: boxOf(person) }, as('ann.one'), 999_999);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toMatch(/not found/i);
  });

  it('needs a signed-in user (401)', async () => {
    const r = await assist({ frame: FRAME, box: boxOf(person) }, {});
    expect(r.statusCode).toBe(401);
    expect(r.json().detail).toMatch(/sign in/i);
  });
});
