// Crop tracking keeps both pose workers busy: the pose on a pass's detector boxes is asked for as soon as the
// boxes are known, while the flow of the segment before that pass still runs, and the detector is asked for
// the passes two pairs of pass frames ahead, so a worker that finishes its crops has a detector pass to take
// instead of waiting for one. The order of the requests decides that, so the test records it; a stand-in
// pool answers, so no model runs.
import { describe, expect, it } from 'vitest';
import { trackPeopleByCrops } from '../../server/processing/crop-tracking';
import type { DecodedFrame } from '../../server/processing/frames';
import { readPassBoxes, takenBoxes } from '../../server/processing/pass-boxes';
import type { PosePool } from '../../server/processing/pose-pool';
import { cropStandIn, flowStandIn } from './pool-stand-ins';

const g = { scaledW: 64, scaledH: 36, inputW: 64, inputH: 64 };
/** One person, standing, on every frame. */
const person = [10, 4, 22, 34, 0.9];
const PASS_EVERY = 4;

/** A pool that writes down each request: `crop n` (on frame n), `detect n,m`, `flow` asked and answered. */
function recordingPool() {
  const events: string[] = [];
  const crop = cropStandIn();
  const flow = flowStandIn();
  const pool = {
    threads: 2,
    detect: async (rgb: Uint8Array) => {
      events.push(`detect ${rgb[0]}`);
      return Float32Array.from(person);
    },
    detectStacked: async (frames: Uint8Array[]) => {
      events.push(`detect ${frames.map((f) => f[0]).join(',')}`);
      return frames.map(() => Float32Array.from(person));
    },
    crop: (rgb: Uint8Array, w: number, h: number, c: { x0: number; y0: number; side: number }) => {
      events.push(`crop ${rgb[0]}`);
      return crop(rgb, w, h, c);
    },
    flow: async (grey: Uint8Array, count: number, w: number, h: number, start: Float32Array) => {
      events.push('flow asked');
      // the flow takes a while, as it does in a worker
      await new Promise((r) => setTimeout(r, 5));
      events.push('flow answered');
      return flow(grey, count, w, h, start);
    },
  } as unknown as PosePool;
  return { pool, events };
}

/** `n` analysed frames, each filled with its own number (so a crop cut from it says which frame it is). */
async function* frames(n: number): AsyncGenerator<DecodedFrame> {
  for (let i = 0; i < n; i++) yield { frame: i, rgb: new Uint8Array(g.inputW * g.inputH * 3).fill(i) };
}

async function run(n: number) {
  const { pool, events } = recordingPool();
  const answered: number[] = [];
  await trackPeopleByCrops(
    frames(n),
    g,
    pool,
    { passEvery: PASS_EVERY, stackDetections: true },
    0.1,
    (frame, people) => {
      expect(people).toHaveLength(1);
      answered.push(frame);
    },
  );
  return { events, answered };
}

describe('crop tracking, both workers kept busy', () => {
  it("asks for the pose on a pass's detector box before the flow of the segment before that pass answers", async () => {
    const { events, answered } = await run(3 * PASS_EVERY + 1);
    expect(answered).toEqual(Array.from({ length: 3 * PASS_EVERY + 1 }, (_, i) => i));
    const firstFlowAnswered = events.indexOf('flow answered');
    expect(firstFlowAnswered).toBeGreaterThan(0);
    // the second pass frame's person is cropped while the flow towards that frame runs
    expect(events.indexOf(`crop ${PASS_EVERY}`)).toBeGreaterThanOrEqual(0);
    expect(events.indexOf(`crop ${PASS_EVERY}`)).toBeLessThan(firstFlowAnswered);
  });

  it('has asked the detector for the pass frames up to three passes on when the flow towards a pass frame is asked for', async () => {
    const { events } = await run(10 * PASS_EVERY + 1);
    // the flow towards pass frame 2·PASS_EVERY: the second one asked for
    const second = events.indexOf('flow asked', events.indexOf('flow asked') + 1);
    const before = events.slice(0, second).filter((e) => e.startsWith('detect'));
    // pairs of pass frames, two to a detector pass: the pair the flow is heading into, and the one after it
    expect(before).toContain(`detect ${2 * PASS_EVERY},${3 * PASS_EVERY}`);
    expect(before).toContain(`detect ${4 * PASS_EVERY},${5 * PASS_EVERY}`);
    // every pass frame's person read once: eleven pass frames, one crop each
    expect(events.filter((e) => e.startsWith('crop'))).toHaveLength(11);
  });

  it('waits with the pose on a box that may hold two followed people for one, and reads it only if the pass takes it', async () => {
    const asked: number[] = [];
    const pose = async (c: { x0: number; y0: number; side: number }) => {
      asked.push(Math.round(c.x0));
      return { keypoints: [], score: 0.8 };
    };
    // as last seen: someone in front, and someone behind them whose head shows above theirs
    const front = { x1: 100, y1: 100, x2: 140, y2: 200 },
      behind = { x1: 110, y1: 60, x2: 140, y2: 140 };
    // the pass: one box over both of them, and one on someone else
    const rows = Float32Array.from([98, 58, 142, 202, 0.6, 300, 100, 330, 180, 0.9]);
    const pass = await readPassBoxes(Promise.resolve(rows), () => [front, behind], pose);
    expect(pass.boxes).toHaveLength(2);
    expect(pass.poses[0]).toBeNull();
    expect(asked).toHaveLength(1); // the box on someone else only
    // on the pass frame they are still one behind the other: the box took both for one
    const judged = takenBoxes(pass, [front, behind], pose);
    expect(judged.boxes).toEqual([{ x1: 300, y1: 100, x2: 330, y2: 180, score: expect.closeTo(0.9, 5) }]);
    expect(await judged.poses).toHaveLength(1);
    expect(asked).toHaveLength(1); // never read
    // the one behind walked on (the flow has them elsewhere): the box is the front one's, read now
    const walkedOn = takenBoxes(pass, [front, { x1: 400, y1: 60, x2: 430, y2: 140 }], pose);
    expect(walkedOn.boxes).toHaveLength(2);
    expect(await walkedOn.poses).toHaveLength(2);
    expect(asked).toHaveLength(2);
  });
});
