// The whole-track smoother: a person's boxes hold still where the person does and follow a steady walk, with
// the detector's frame-to-frame jitter taken out (what a corrector would otherwise fix frame by frame).
import { describe, expect, it } from 'vitest';
import { iou } from '../../server/processing/kalman';
import { smoothDetections, smoothTrack, type TimedBox } from '../../server/processing/track-smoother';

/** A repeatable jitter in [−1, 1]. */
const jitter = (i: number, k: number) => Math.sin(i * 12.9898 + k * 78.233) * 0.5 + Math.sin(i * 4.1 + k * 1.7) * 0.5;

/** A 100 px tall person walking right at `speed` px/s, seen at `fps`, each box off by up to `noise` of its height. */
function walk(frames: number, fps: number, speed: number, noise: number): { truth: TimedBox[]; seen: TimedBox[] } {
  const truth: TimedBox[] = [],
    seen: TimedBox[] = [];
  for (let i = 0; i < frames; i++) {
    const t = i / fps,
      x = 100 + speed * t;
    const box = { x1: x, y1: 50, x2: x + 40, y2: 150 };
    truth.push({ t, box });
    const d = (k: number) => jitter(i, k) * noise * 100;
    seen.push({ t, box: { x1: box.x1 + d(1), y1: box.y1 + d(2), x2: box.x2 + d(3), y2: box.y2 + d(4) } });
  }
  return { truth, seen };
}

const framesUnder = (boxes: TimedBox['box'][], truth: TimedBox[], bar: number) =>
  boxes.filter((b, i) => iou(b, truth[i].box) < bar).length;

describe('smoothing a track over the whole video', () => {
  it('takes out the jitter of a walker: no box under IoU 0.7 with the truth, and half as many under 0.8', () => {
    const { truth, seen } = walk(90, 30, 60, 0.1);
    const raw = seen.map((s) => s.box);
    expect(framesUnder(raw, truth, 0.7)).toBeGreaterThan(5);
    const smoothed = smoothTrack(seen);
    expect(framesUnder(smoothed, truth, 0.7)).toBe(0);
    expect(framesUnder(smoothed, truth, 0.8)).toBeLessThan(framesUnder(raw, truth, 0.8) / 2);
  });

  it('holds a standing person still: the box moves a quarter as much from frame to frame', () => {
    const { seen } = walk(60, 10, 0, 0.05);
    const smoothed = smoothTrack(seen);
    const rawSteps = seen.slice(1).map((s, i) => Math.abs(s.box.x1 - seen[i].box.x1));
    const steps = smoothed.slice(1).map((b, i) => Math.abs(b.x1 - smoothed[i].x1));
    expect(Math.max(...rawSteps)).toBeGreaterThan(4);
    expect(Math.max(...steps)).toBeLessThan(Math.max(...rawSteps) / 4);
  });

  it('smooths alike at 10 and at 30 fps (noise is set in time, not in frames)', () => {
    const slow = walk(30, 10, 60, 0.05),
      fast = walk(90, 30, 60, 0.05);
    expect(framesUnder(smoothTrack(slow.seen), slow.truth, 0.8)).toBe(0);
    expect(framesUnder(smoothTrack(fast.seen), fast.truth, 0.8)).toBe(0);
  });

  it('leaves a track of two boxes as it is, and keeps smoothed boxes inside the frame', () => {
    const two = walk(2, 30, 0, 0.05).seen;
    expect(smoothTrack(two)).toEqual(two.map((s) => s.box));
    const rows = Array.from({ length: 10 }, (_, i) => ({
      trackId: 1,
      frame: i,
      x1: 0,
      y1: 0.5,
      x2: 0.1 + (i % 2) * 0.02,
      y2: 1,
    }));
    for (const d of smoothDetections(rows, 30, 640, 360)) {
      expect(d.x1).toBeGreaterThanOrEqual(0);
      expect(d.y2).toBeLessThanOrEqual(1);
    }
  });
});
