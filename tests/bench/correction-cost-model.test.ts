// Hand-worked cases for the correction cost model: commands to draw people from scratch against commands
// to correct the AI's output into them.
import { describe, expect, it } from 'vitest';
import { correctionCost, keyframesOver, type CostFrame, type OutputBox } from '../../bench/correction/cost-model';
import type { Box } from '../../bench/eval/metrics';

const N = 10;
/** Person a walks right 10 px a frame; person b stands far to the right. */
const walkA = (f: number): Box => ({ x1: 10 * f, y1: 0, x2: 10 * f + 50, y2: 150 });
const B: Box = { x1: 600, y1: 0, x2: 650, y2: 150 };
const frames = (out: (f: number) => OutputBox[], inView = (_f: number) => true): CostFrame[] =>
  Array.from({ length: N }, (_, f) => ({
    frame: f,
    gt: [...(inView(f) ? [{ id: 'a', box: walkA(f) }] : []), { id: 'b', box: B }],
    out: out(f),
  }));
const exact = (f: number): OutputBox[] => [
  { trackId: 1, box: walkA(f) },
  { trackId: 2, box: B },
];

describe('drawing from scratch', () => {
  it('a straight walk is its two end keyframes; a turn adds the frame where it turns', () => {
    expect(keyframesOver(0, 9, walkA)).toBe(2);
    const turn = (f: number) => walkA(f <= 5 ? f : 10 - f);
    expect(keyframesOver(0, 9, turn)).toBe(3);
    expect(keyframesOver(4, 4, walkA)).toBe(1);
  });

  it('a person out of view for a while costs one outside per gap', () => {
    const c = correctionCost(frames(exact, (f) => f < 4 || f > 6));
    expect(c.people.find((p) => p.id === 'a')!.draw).toBe(2 + 2 + 1);
    expect(c.people.find((p) => p.id === 'b')!.draw).toBe(2);
  });
});

describe('correcting the output', () => {
  it('output equal to the truth costs nothing', () => {
    const c = correctionCost(frames(exact));
    expect(c.correct).toBe(0);
    expect(c.draw).toBe(4);
    expect(c.ratio).toBe(0);
  });

  it('a change of output id inside a true track costs 1', () => {
    const c = correctionCost(
      frames((f) => [
        { trackId: f < 5 ? 1 : 3, box: walkA(f) },
        { trackId: 2, box: B },
      ]),
    );
    expect(c.people.find((p) => p.id === 'a')).toMatchObject({ idChanges: 1, fix: 1 });
    expect(c.correct).toBe(1);
    expect(c.ratio).toBe(0.25);
  });

  it('a box under IoU 0.7 for one frame between good ones costs one interpolate, no keyframe', () => {
    // frame 5 shifted 20 px: IoU 30/70 ≈ 0.43 (missed at 0.5); the good boxes at 4 and 6 interpolate it exactly
    const c = correctionCost(
      frames((f) => [
        { trackId: 1, box: f === 5 ? walkA(7) : walkA(f) },
        { trackId: 2, box: B },
      ]),
    );
    expect(c.people.find((p) => p.id === 'a')).toMatchObject({ boxRuns: 1, fix: 1 });
    // and the shifted box sits on nobody: one delete
    expect(c.falseRuns).toBe(1);
    expect(c.correct).toBe(2);
  });

  it('a run the good neighbours cannot interpolate needs keyframes over it, plus the interpolate', () => {
    // a turns at frame 5 and back; the output loses it on frames 3–7 and is exact elsewhere
    const turn = (f: number) => walkA(f <= 5 ? f : 10 - f);
    const fr: CostFrame[] = Array.from({ length: N }, (_, f) => ({
      frame: f,
      gt: [{ id: 'a', box: turn(f) }],
      out: f >= 3 && f <= 7 ? [] : [{ trackId: 1, box: turn(f) }],
    }));
    // anchors at 2 and 8; interpolating 2 → 8 misses the turn, so one keyframe at 5
    expect(correctionCost(fr).people[0]).toMatchObject({ boxRuns: 1, fix: 1 + 1 });
  });

  it('a person never found costs their keyframes plus the interpolate', () => {
    const c = correctionCost(frames(() => [{ trackId: 2, box: B }]));
    expect(c.people.find((p) => p.id === 'a')).toMatchObject({ draw: 2, fix: 3, redrawn: false });
  });

  it('each run of boxes on nobody is one delete', () => {
    const far: Box = { x1: 300, y1: 300, x2: 340, y2: 400 };
    const c = correctionCost(
      frames((f) => [...exact(f), ...([2, 3, 4, 7].includes(f) ? [{ trackId: 9, box: far }] : [])]),
    );
    expect(c.falseRuns).toBe(2);
    expect(c.correct).toBe(2);
  });

  it('a person dearer to fix than to redraw costs a delete plus the redraw', () => {
    // the output id flips every frame: 9 changes against 1 + 2 to delete and redraw
    const c = correctionCost(
      frames((f) => [
        { trackId: f % 2 ? 1 : 4, box: walkA(f) },
        { trackId: 2, box: B },
      ]),
    );
    expect(c.people.find((p) => p.id === 'a')).toMatchObject({ idChanges: 9, fix: 3, redrawn: true });
  });
});
