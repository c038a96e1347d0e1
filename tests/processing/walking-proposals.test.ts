// People who only walk must get no run, jump or fall proposal: the ways real walking footage fooled the
// rules (a person walking up the frame, one walking towards the camera, a hip keypoint that slips for a
// frame, a stride that lifts one foot) on synthetic skeletons at the 10 analysed frames/s of a stride-3 run.
import { describe, expect, it } from 'vitest';
import { proposeSegments } from '../../server/processing/segment-proposals';
import { J, sequence, type Pose } from './synthetic-pose';

const FPS = 10,
  SECONDS = 6;
const ALARMS = new Set(['run', 'jump', 'fall']);
const alarms = (at: (t: number) => Pose) =>
  proposeSegments(sequence(SECONDS, FPS, at), SECONDS, 1 / FPS).filter((p) => ALARMS.has(p.actionClass));

/** A walking stride at 1.8 steps/s: the feet swing, the lifted foot comes off the ground, the body bobs. */
function stride(t: number): Pose['moves'] {
  const s = Math.sin(2 * Math.PI * 0.9 * t);
  return {
    [J.lAnkle]: [0.3 * s, -0.25 * Math.max(0, s)],
    [J.rAnkle]: [-0.3 * s, -0.25 * Math.max(0, -s)],
    [J.lKnee]: [0.15 * s, -0.1 * Math.max(0, s)],
    [J.rKnee]: [-0.15 * s, -0.1 * Math.max(0, -s)],
  };
}
const bob = (t: number) => 4 * Math.abs(Math.sin(2 * Math.PI * 0.9 * t));

describe('walking proposes no run, jump or fall', () => {
  it('a person walking up the frame, away from the camera (the hip rises steadily)', () => {
    expect(alarms((t) => ({ x: 100 + 220 * t, y: 650 - 90 * t - bob(t), scale: 100, moves: stride(t) }))).toEqual([]);
  });

  it('a person walking towards the camera, growing from far to near', () => {
    // 2.5 own torso lengths a second throughout: the pixel speed grows with the person
    const scale = (t: number) => 40 * Math.exp(0.32 * t);
    let x = 50;
    const xs = new Map<number, number>();
    for (let f = 0; f < SECONDS * FPS; f++) {
      xs.set(f, x);
      x += (2.5 * scale(f / FPS)) / FPS;
    }
    expect(
      alarms((t) => ({ x: xs.get(Math.round(t * FPS))!, y: 300 + 20 * t, scale: scale(t), moves: stride(t) })),
    ).toEqual([]);
  });

  it('a person walking whose hip keypoints slip up by half a torso on single frames', () => {
    const slips = new Set([12, 31, 47]);
    expect(
      alarms((t) => {
        const f = Math.round(t * FPS),
          up = slips.has(f) ? -0.5 : 0;
        return { x: 100 + 250 * t, y: 500 - bob(t), scale: 100, moves: { ...stride(t), 11: [0, up], 12: [0, up] } };
      }),
    ).toEqual([]);
  });

  it('still proposes a jump when the whole body leaves the ground, also near the end of the track', () => {
    const up = (t: number) => (t > 5 && t < 5.6 ? 90 * Math.sin((Math.PI * (t - 5)) / 0.6) : 0);
    const found = alarms((t) => ({ x: 400, y: 500 - up(t), scale: 100 }));
    expect(found.map((p) => p.actionClass)).toEqual(['jump']);
  });
});
