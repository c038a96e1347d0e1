// The correction benchmark's scripted reviewer on tiny synthetic clips: which commands it picks with the
// new correction commands (set A) and with today's editor (set B), and how many it needs.
import { describe, expect, it } from 'vitest';
import type { Box, GtPerson } from '../../bench/eval/metrics';
import { review, stepGain } from '../../bench/correction/reviewer';
import { toFractions, type ReviewClip, type TrackBox } from '../../bench/correction/review-state';

const W = 640,
  H = 360,
  N = 20;
// two people on separate rows walking towards each other, so every box is unambiguous
const personA = (n: number): Box => ({ x1: 20 + 10 * n, y1: 10, x2: 80 + 10 * n, y2: 130 });
const personB = (n: number): Box => ({ x1: 560 - 12 * n, y1: 200, x2: 620 - 12 * n, y2: 330 + n });

function clipOf(people: Array<[string, (n: number) => Box]>): ReviewClip {
  const frames = Array.from({ length: N }, (_, n) => ({
    frame: n,
    gt: people.map(([id, at]): GtPerson => ({ id, box: at(n) })),
  }));
  return { name: 'synthetic', width: W, height: H, fps: 30, duration: N / 30, frames };
}
const clip = clipOf([
  ['a', personA],
  ['b', personB],
]);
const aiBox = (trackId: number, frame: number, box: Box): TrackBox => ({
  trackId,
  frame,
  ...toFractions(clip, box),
  score: 0.9,
});

describe('correction reviewer', () => {
  // track 1 follows a, track 2 follows b, until frame 10 where the tracker exchanged them
  const SWITCH = 10;
  const swapped = Array.from({ length: N }, (_, n) => [
    aiBox(n < SWITCH ? 1 : 2, n, personA(n)),
    aiBox(n < SWITCH ? 2 : 1, n, personB(n)),
  ]).flat();

  it('fixes an identity swap with one swap command in set A', () => {
    const r = review(clip, swapped, 'A');
    expect(r.start.idf1).toBeLessThan(0.95);
    expect(r.reached).toBe(true);
    expect(r.commands).toBe(1);
    expect(r.steps.map((s) => s.command.kind)).toEqual(['swap']);
    expect(r.end).toEqual({ recall: 1, precision: 1, idf1: 1 });
  });

  it('needs a per-frame edit of both boxes on every frame after the swap in set B', () => {
    const r = review(clip, swapped, 'B');
    expect(r.reached).toBe(true);
    expect(r.steps.every((s) => s.command.kind === 'per-frame box edits')).toBe(true);
    expect(r.commands).toBe(2 * (N - SWITCH));
  });

  // track 1 follows a throughout; nobody found b
  const missed = Array.from({ length: N }, (_, n) => aiBox(1, n, personA(n)));

  it('adds a missed person with two keyframes and one interpolate in set A', () => {
    const r = review(clip, missed, 'A');
    expect(r.start.recall).toBe(0.5);
    expect(r.reached).toBe(true);
    expect(r.commands).toBe(3);
    expect(r.steps).toHaveLength(1);
    const step = r.steps[0].command;
    expect(step.kind).toBe('draw keyframes');
    if (step.kind === 'draw keyframes') expect(step.keys.map((k) => k.frame)).toEqual([0, N - 1]);
    expect(r.byKind).toEqual({ 'draw keyframes': 2, interpolate: 1 });
    expect(r.boxes.filter((b) => b.trackId === 2)).toHaveLength(N);
  });

  it('cannot add a missed person in set B and reports the recall it is stuck at', () => {
    const r = review(clip, missed, 'B');
    expect(r.reached).toBe(false);
    expect(r.commands).toBe(0);
    expect(r.end.recall).toBe(0.5);
  });

  it('deletes a false track in both sets with one command', () => {
    const ghost = Array.from({ length: N }, (_, n) => aiBox(7, n, { x1: 300, y1: 140, x2: 340, y2: 190 }));
    const both = [
      ...Array.from({ length: N }, (_, n) => [aiBox(1, n, personA(n)), aiBox(2, n, personB(n))]).flat(),
      ...ghost,
    ];
    for (const set of ['A', 'B'] as const) {
      const r = review(clip, both, set);
      expect(r.start.precision).toBeCloseTo(2 / 3, 10);
      expect(r.commands).toBe(1);
      expect(r.boxes.some((b) => b.trackId === 7)).toBe(false);
    }
  });

  it('does not take a command that closes the gap but drops a metric that had reached the target', () => {
    const now = { recall: 0.97, precision: 0.8, idf1: 0.8 };
    expect(stepGain(now, { recall: 0.9, precision: 1, idf1: 1 }, 1)).toBeNull();
    const kept = stepGain(now, { recall: 0.96, precision: 0.9, idf1: 0.8 }, 2);
    expect(kept?.byGap).toBeCloseTo(0.05, 10);
    expect(stepGain(now, now, 1)).toBeNull();
  });
});
