// Crop tracking where one person walks behind another: a detector box around both re-anchors neither. A
// stand-in pool answers, so no model runs.
import { describe, expect, it } from 'vitest';
import { twoTakenForOne } from '../../server/processing/crop-follow';
import { trackPeopleByCrops } from '../../server/processing/crop-tracking';
import type { DecodedFrame } from '../../server/processing/frames';
import type { PosePool } from '../../server/processing/pose-pool';
import { cropStandIn, flowStandIn } from './pool-stand-ins';

const g = { scaledW: 200, scaledH: 200, inputW: 200, inputH: 200 };
const box = (x1: number, y1: number, x2: number, y2: number) => ({ x1, y1, x2, y2 });
/** The street composite's frame 24: a walker 62 px tall behind one 80 px tall, and the detector's box on both. */
const behind = box(471, 198, 491, 260),
  inFront = box(481, 243, 508, 323),
  both = box(472, 199, 501, 325);

describe('a detector box that took two people for one', () => {
  it('is one walking behind the other boxed together, or two found apart too, not a person alone', () => {
    expect(twoTakenForOne(both, [behind, inFront])).toBe(true);
    // the one in front found on their own: their box overlaps the one behind too little
    expect(twoTakenForOne(box(479, 241, 506, 324), [behind, inFront])).toBe(false);
    // two people side by side at a bar, and the detector's box around them: often the only box one gets
    const bar = [box(267, 10, 419, 359), box(397, 42, 590, 359)];
    const group = box(276, 31, 583, 360);
    expect(twoTakenForOne(group, bar, [group])).toBe(false);
    // …unless the same pass found each of them apart too: then the box around both is one too many
    const apart = [box(265, 12, 420, 358), box(398, 40, 588, 360)];
    expect(twoTakenForOne(group, bar, [group, ...apart])).toBe(true);
    expect(twoTakenForOne(group, bar, [group, apart[0]])).toBe(false);
  });

  it('keeps each of two people their own box when a pass finds only the box around both', async () => {
    // frame 0: the two found apart (the one behind higher in the frame); frame 1: one box around both
    const rows = [
      [90, 40, 110, 100, 0.9, 95, 80, 120, 160, 0.9],
      [91, 41, 120, 162, 0.9],
    ];
    const pool = {
      threads: 2,
      detect: async (rgb: Uint8Array) => Float32Array.from(rows[rgb[0]]),
      crop: cropStandIn(),
      flow: flowStandIn(),
    } as unknown as PosePool;
    async function* frames(): AsyncGenerator<DecodedFrame> {
      for (let i = 0; i < 2; i++) yield { frame: i, rgb: new Uint8Array(200 * 200 * 3).fill(i) };
    }
    const heights: number[][] = [];
    await trackPeopleByCrops(frames(), g, pool, { detectEvery: 1 }, 0.1, (_, people) =>
      heights.push(people.map((p) => Math.round((p.box.y2 - p.box.y1) * g.inputH)).sort((a, b) => a - b)),
    );
    expect(heights[0]).toEqual([60, 80]);
    // before, the box around both became the one behind's, 121 px tall, and the one in front was not read
    expect(heights[1]).toHaveLength(2);
    expect(Math.max(...heights[1])).toBeLessThan(100);
  });
});
