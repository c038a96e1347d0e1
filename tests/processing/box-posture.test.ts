// A fall and lying still read from the box where the joints are not seen (a person lying is read at joint
// scores of 0.1–0.3): the box turns from upright to lying within 1.5 s, its top drops and it widens. A zoom,
// a box that widens without its top dropping, and someone walking out under the camera are no fall.
import { describe, expect, it } from 'vitest';
import type { Box } from '../../server/processing/kalman';
import type { PoseSample } from '../../server/processing/pose-features';
import { proposeSegments } from '../../server/processing/segment-proposals';
import { trackFramePeople } from '../../server/processing/track-people';
import type { FoundPerson } from '../../server/processing/analysis-result';
import { framePeople } from '../helpers/frame-people';

const FPS = 30;
/** Joints not seen: every keypoint scored 0.1. */
const unseen = (b: Box): PoseSample['keypoints'] =>
  Array.from({ length: 17 }, () => [(b.x1 + b.x2) / 2, (b.y1 + b.y2) / 2, 0.1]);
const lerp = (a: Box, b: Box, f: number): Box => ({
  x1: a.x1 + (b.x1 - a.x1) * f,
  y1: a.y1 + (b.y1 - a.y1) * f,
  x2: a.x2 + (b.x2 - a.x2) * f,
  y2: a.y2 + (b.y2 - a.y2) * f,
});
/** 6 s: the box `from` until 2 s, moving to `to` over `overS` seconds, then `to` held. */
function boxes(from: Box, to: Box, overS = 0.6): PoseSample[] {
  return Array.from({ length: 6 * FPS }, (_, i) => {
    const t = i / FPS;
    const box = lerp(from, to, Math.min(1, Math.max(0, (t - 2) / overS)));
    return { t, keypoints: unseen(box), box };
  });
}
const standing = { x1: 400, y1: 100, x2: 600, y2: 600 };
const classes = (s: PoseSample[]) => proposeSegments(s, 6, 1 / FPS).map((p) => p.actionClass);

describe('a fall read from the box', () => {
  it('proposes a fall over the turn from upright to lying, then lying still', () => {
    const proposals = proposeSegments(boxes(standing, { x1: 250, y1: 400, x2: 750, y2: 600 }), 6, 1 / FPS);
    const fall = proposals.find((p) => p.actionClass === 'fall');
    expect(fall).toBeDefined();
    expect(fall!.start).toBeLessThan(2.6);
    expect(fall!.end).toBeGreaterThan(2);
    const sleep = proposals.find((p) => p.actionClass === 'sleep');
    expect(sleep).toBeDefined();
    expect(sleep!.start).toBeGreaterThanOrEqual(2.5);
    expect(proposals.map((p) => p.actionClass).sort()).toEqual(['fall', 'sleep']);
  });

  it('proposes nothing for a zoom, a box that widens without its top dropping, or a slow lying down', () => {
    expect(classes(boxes(standing, { x1: 300, y1: 0, x2: 700, y2: 1000 }))).toEqual([]);
    // a track that takes over a group's box: twice as wide, same top
    expect(classes(boxes(standing, { x1: 200, y1: 100, x2: 800, y2: 500 }))).not.toContain('fall');
    // lying down over 3 s is no fall
    expect(classes(boxes(standing, { x1: 250, y1: 400, x2: 750, y2: 600 }, 3))).not.toContain('fall');
  });
});

describe('boxes cut by the frame', () => {
  const video = { width: 1000, height: 1000, fps: 10, duration: 3 };
  const person = (b: Box): FoundPerson => ({
    box: { x1: b.x1 / 1000, y1: b.y1 / 1000, x2: b.x2 / 1000, y2: b.y2 / 1000 },
    score: 0.95,
    keypointScore: 0.1,
    keypoints: unseen(b).map(([x, y, s]) => [x / 1000, y / 1000, s] as [number, number, number]),
    appearance: new Float32Array(0),
    confidence: 0.95,
  });
  const run = (end: Box) =>
    trackFramePeople(
      video,
      framePeople(30, (f) => [
        person(lerp({ x1: 400, y1: 400, x2: 560, y2: 700 }, end, Math.min(1, Math.max(0, (f - 10) / 6)))),
      ]),
    ).segments.map((s) => s.actionClass);

  it('reads a fall where the box stays inside the frame, and none where someone walks out under the camera', () => {
    expect(run({ x1: 300, y1: 700, x2: 660, y2: 950 })).toContain('fall');
    // the same shapes, but the box reaches the frame's bottom edge: someone leaving under the camera
    expect(run({ x1: 300, y1: 750, x2: 660, y2: 1000 })).not.toContain('fall');
  });
});

// A jump read from the box where the feet are not seen (the crop ends above them, or they are read weakly):
// the box goes up by more than a tenth of its height and comes back within about a third of a second.
describe('a jump read from the box', () => {
  /** 4 s at 30 fps: `standing` moved by `at(t)` (pixels, y down), joints not seen. */
  const track = (at: (t: number) => { dx: number; dy: number; dTop?: number }): PoseSample[] =>
    Array.from({ length: 4 * FPS }, (_, i) => {
      const t = i / FPS;
      const { dx, dy, dTop = dy } = at(t);
      const box = { x1: standing.x1 + dx, y1: standing.y1 + dTop, x2: standing.x2 + dx, y2: standing.y2 + dy };
      return { t, keypoints: unseen(box), box };
    });
  /** Up by `rise` pixels and back down over `overS` seconds from t = 2, as a parabola. */
  const hop = (t: number, rise: number, overS: number) => {
    const f = (t - 2) / overS;
    return f <= 0 || f >= 1 ? 0 : -rise * 4 * f * (1 - f);
  };
  const jumps = (s: PoseSample[]) => proposeSegments(s, 4, 1 / FPS).filter((p) => p.actionClass === 'jump');

  it('proposes a jump where the whole box leaves the ground and lands within a third of a second', () => {
    // 500 px tall, 80 px up: a tenth of one's height and more
    const found = jumps(track((t) => ({ dx: 0, dy: hop(t, 80, 0.35) })));
    expect(found).toHaveLength(1);
    expect(found[0].start).toBeLessThan(2.2);
    expect(found[0].end).toBeGreaterThan(2.2);
  });

  it('proposes none for a hop under a tenth of the height, standing up, legs hidden, or a cyclist over a bump', () => {
    expect(jumps(track((t) => ({ dx: 0, dy: hop(t, 35, 0.35) })))).toEqual([]);
    // only the top rises (standing up from a crouch), or only the bottom (legs going behind a bench)
    expect(jumps(track((t) => ({ dx: 0, dy: 0, dTop: hop(t, 80, 0.35) })))).toEqual([]);
    expect(jumps(track((t) => ({ dx: 0, dy: hop(t, 80, 0.35), dTop: 0 })))).toEqual([]);
    // a cyclist going over a bump: the box bobs as high and as fast, but moves along more than up
    expect(jumps(track((t) => ({ dx: t * 900, dy: hop(t, 80, 0.35) })))).toEqual([]);
    // walking up the frame steadily
    expect(jumps(track((t) => ({ dx: 0, dy: -t * 150 })))).toEqual([]);
  });
});
