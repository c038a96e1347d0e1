import { describe, expect, it } from 'vitest';
import {
  detectionReason,
  lumaThumbnail,
  readAhead,
  SCENE_CHANGE,
  scoreDropped,
  thumbnailDifference,
} from '../../server/processing/crop-schedule';

describe('when crop tracking runs the detector', () => {
  const at = (o: Partial<Parameters<typeof detectionReason>[0]>) =>
    detectionReason({
      analysedIndex: 1,
      detectEvery: 5,
      sceneDifference: 0,
      scoreDropPending: false,
      following: 2,
      ...o,
    });

  it('runs it on the first and every k-th analysed frame, so people who walk in are found', () => {
    expect([0, 1, 4, 5, 10].map((analysedIndex) => at({ analysedIndex }))).toEqual([
      'periodic',
      null,
      null,
      'periodic',
      'periodic',
    ]);
  });

  it("runs it when the picture changes abruptly, or after a followed person's score fell", () => {
    expect(at({ sceneDifference: SCENE_CHANGE + 1 })).toBe('scene change');
    expect(at({ scoreDropPending: true })).toBe('score drop');
    expect(at({ scoreDropPending: true, following: 0 })).toBeNull();
  });

  it('calls a score that fell below its share of the detection score, or below the floor, a drop', () => {
    expect(scoreDropped(0.7, 0.6)).toBe(false);
    expect(scoreDropped(0.7, 0.35)).toBe(true);
    expect(scoreDropped(0.3, 0.2)).toBe(true);
  });

  it('tells a cut from the same picture by a cheap frame difference', () => {
    const dark = new Uint8Array(64 * 32 * 3).fill(20),
      light = new Uint8Array(64 * 32 * 3).fill(200);
    expect(thumbnailDifference(lumaThumbnail(dark, 64, 32), lumaThumbnail(dark, 64, 32))).toBe(0);
    expect(thumbnailDifference(lumaThumbnail(dark, 64, 32), lumaThumbnail(light, 64, 32))).toBeGreaterThan(
      SCENE_CHANGE,
    );
  });
});

describe('reading frames ahead', () => {
  it('holds at most `ahead` items before they are asked for, and hands them on in order', async () => {
    let produced = 0;
    async function* src() {
      for (let i = 0; i < 10; i++) {
        produced++;
        yield i;
      }
    }
    const seen: number[] = [];
    const arrivedOrder: number[] = [];
    for await (const v of readAhead(src(), 3, (i) => {
      arrivedOrder.push(i);
      return i * 2;
    })) {
      await new Promise((r) => setTimeout(r, 1));
      expect(produced - seen.length).toBeLessThanOrEqual(4);
      seen.push(v);
    }
    expect(seen).toEqual([0, 2, 4, 6, 8, 10, 12, 14, 16, 18]);
    expect(arrivedOrder).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('raises a source error where the item is awaited', async () => {
    async function* src() {
      yield 1;
      throw new Error('ffmpeg could not decode');
    }
    const got: number[] = [];
    await expect(
      (async () => {
        for await (const v of readAhead(src(), 2, (i) => i)) got.push(v);
      })(),
    ).rejects.toThrow(/could not decode/);
    expect(got).toEqual([1]);
  });
});
