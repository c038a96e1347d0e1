// Re-linking broken tracks after the tracker's pass: by where the earlier track was heading and by the
// colours of the clothes; never two people, never two tracks that share a frame.
import { describe, expect, it } from 'vitest';
import { histogramSimilarity } from '../../server/processing/pose-rows';
import { relinkFragments, type FragmentSample } from '../../server/processing/relink-fragments';

const hist = (bin: number) => {
  const h = new Float32Array(64);
  h[bin] = 0.8;
  h[(bin + 1) % 64] = 0.2;
  return h;
};
const walk = (from: number, to: number, x0: number, vx: number, bin: number): FragmentSample[] =>
  Array.from({ length: to - from }, (_, i) => {
    const x = x0 + vx * i;
    return { step: from + i, box: { x1: x - 40, y1: 100, x2: x + 40, y2: 300 }, appearance: hist(bin) };
  });

describe('re-linking track fragments', () => {
  it('joins a person who was lost for 2 s and re-found where she was heading, wearing the same colours', () => {
    const a = walk(0, 30, 100, 4, 10);
    const b = walk(90, 120, 100 + 4 * 90, 4, 10); // 60 steps unseen at 30 steps/s, moving on at the same pace
    const r = relinkFragments(
      new Map([
        [1, a],
        [2, b],
      ]),
      { stepsPerSecond: 30 },
    );
    expect(r).toMatchObject({ links: 1, before: 2, after: 1 });
    expect(r.mapping.get(2)).toBe(r.mapping.get(1));
  });

  it('keeps two people apart: different clothes, or far from where the earlier one was heading', () => {
    const a = walk(0, 30, 100, 4, 10);
    const otherClothes = walk(40, 80, 100 + 4 * 40, 4, 40);
    expect(
      relinkFragments(
        new Map([
          [1, a],
          [2, otherClothes],
        ]),
        { stepsPerSecond: 30 },
      ),
    ).toMatchObject({ links: 0, after: 2 });
    const elsewhere = walk(40, 80, 900, 0, 10);
    expect(
      relinkFragments(
        new Map([
          [1, a],
          [2, elsewhere],
        ]),
        { stepsPerSecond: 30 },
      ),
    ).toMatchObject({ links: 0, after: 2 });
  });

  it('never joins tracks that overlap in time (two people seen together) and numbers tracks by first appearance', () => {
    const a = walk(10, 40, 100, 0, 10);
    const b = walk(0, 20, 110, 0, 10); // same colours, same place, but seen in the same frames
    const r = relinkFragments(
      new Map([
        [7, a],
        [3, b],
      ]),
      { stepsPerSecond: 30 },
    );
    expect(r.links).toBe(0);
    expect(r.mapping.get(3)).toBe(1);
    expect(r.mapping.get(7)).toBe(2);
  });

  // a box 200 px tall from x1 to x2 on `steps` steps from `from`, x moving on a pixel a step
  const slide = (from: number, steps: number, x1: number, x2: number): FragmentSample[] =>
    Array.from({ length: steps }, (_, i) => ({
      step: from + i,
      box: { x1: x1 + i, y1: 100, x2: x2 + i, y2: 300 },
      appearance: hist(10),
    }));
  const two = (first: FragmentSample[], second: FragmentSample[]) =>
    relinkFragments(
      new Map([
        [1, first],
        [2, second],
      ]),
      { stepsPerSecond: 12 },
    );

  it('joins a track that takes over one still running for a moment: the box on someone changed its extent', () => {
    // a person wheeling a bicycle is boxed with it (wide), then alone (narrow, inside the wide box); the wide
    // track runs on for 3 steps beside the narrow one, then ends
    const r = two(slide(0, 25, 100, 200), slide(22, 19, 172, 222));
    expect(r).toMatchObject({ links: 1, after: 1 });
    // the wide track gives way where the narrow one starts: one box per step
    expect(r.cuts.get(1)).toBe(22);
  });

  it('keeps a person walking out from behind another apart: the earlier track runs on, or the new box starts beside it', () => {
    const front = slide(0, 40, 100, 200).map((s) => ({ ...s, box: { x1: 100, y1: 100, x2: 200, y2: 300 } }));
    const runsOn = two(front, slide(20, 30, 150, 200));
    expect(runsOn).toMatchObject({ links: 0, after: 2 });
    expect(runsOn.cuts.size).toBe(0);
    // ends 2 steps after, but the new box starts beside the old one, not inside it
    expect(two(front, slide(38, 30, 170, 290))).toMatchObject({ links: 0, after: 2 });
  });

  it('joins someone who shrank to the part in view as they went behind another, and came back whole', () => {
    // standing at x 400, 200 px tall; the last 3 boxes before she is lost show only her head and shoulders
    // (the top 60 px): measured by that last box, or by its centre's fall, she would be far off and too big
    const before = walk(0, 30, 400, 0, 10).map((s, i) =>
      i >= 27 ? { ...s, box: { ...s.box, y2: s.box.y1 + 60 } } : s,
    );
    const after = walk(49, 80, 400, 0, 10); // 1.9 s later at 10 steps/s, whole again
    const r = relinkFragments(
      new Map([
        [1, before],
        [2, after],
      ]),
      { stepsPerSecond: 10 },
    );
    expect(r).toMatchObject({ links: 1, after: 1 });
  });

  it('does not bridge a gap longer than the limit', () => {
    const a = walk(0, 30, 100, 0, 10);
    const b = walk(30 + 5 * 30, 200, 100, 0, 10); // 5 s later
    expect(
      relinkFragments(
        new Map([
          [1, a],
          [2, b],
        ]),
        { stepsPerSecond: 30, maxGapS: 4 },
      ).links,
    ).toBe(0);
  });

  it('compares colour histograms with the Bhattacharyya coefficient', () => {
    expect(histogramSimilarity(hist(3), hist(3))).toBeCloseTo(1, 5);
    expect(histogramSimilarity(hist(3), hist(30))).toBeCloseTo(0, 5);
  });
});
