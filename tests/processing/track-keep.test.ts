// Which tracks survive after tracking: the rule a reviewer relies on to see people, not window frames.
import { describe, expect, it } from 'vitest';
import { isUnconvincing, unconvincingTracks } from '../../server/processing/track-keep';

const steady = (n: number, c: number) => ({ confidences: Array(n).fill(c), firstStep: 0, lastStep: n - 1 });

describe('tracks kept after tracking', () => {
  it('keeps a person found on every frame, and drops a track whose median is below even odds', () => {
    expect(isUnconvincing(steady(40, 0.99))).toBe(false);
    expect(isUnconvincing(steady(40, 0.45))).toBe(true);
    expect(isUnconvincing(steady(40, 0.55))).toBe(false); // steady at 0.55: kept, under the review mark
  });

  it('drops a box that comes and goes at middling confidence: 15 finds over a 38-frame span at 0.55', () => {
    expect(isUnconvincing({ confidences: Array(15).fill(0.55), firstStep: 2, lastStep: 39 })).toBe(true);
  });

  it('keeps a confident person even when found on few frames of her span (hidden in between)', () => {
    expect(isUnconvincing({ confidences: Array(15).fill(0.95), firstStep: 2, lastStep: 39 })).toBe(false);
  });

  it('keeps a middling track found on at least half the frames of its span', () => {
    expect(isUnconvincing({ confidences: Array(20).fill(0.6), firstStep: 0, lastStep: 39 })).toBe(false);
    expect(isUnconvincing({ confidences: Array(19).fill(0.6), firstStep: 0, lastStep: 39 })).toBe(true);
  });

  it('lists the ids to drop', () => {
    const tracks = new Map([
      [1, steady(40, 0.99)],
      [2, { confidences: Array(15).fill(0.55), firstStep: 12, lastStep: 49 }],
      [3, steady(10, 0.2)],
    ]);
    expect([...unconvincingTracks(tracks)].sort()).toEqual([2, 3]);
  });
});

describe('tracks seen on one model pass only', () => {
  it('drops a confident box that one pass found and the optical flow carried to the next pass, where it was not found again', () => {
    // six frames: the pass and five frames of flow after it
    const once = { confidences: Array(6).fill(0.9), firstStep: 30, lastStep: 35, passSightings: 1 };
    expect(isUnconvincing(once)).toBe(true);
    expect(isUnconvincing({ ...once, confidences: Array(11).fill(0.9), lastStep: 40, passSightings: 2 })).toBe(false);
  });
});
