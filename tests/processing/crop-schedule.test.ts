import { describe, expect, it } from 'vitest';
import {
  callAtEnd,
  EXTRA_AHEAD_BYTES,
  framesAhead,
  lumaThumbnail,
  passInterval,
  passReason,
  readAhead,
  SCENE_CHANGE,
  thumbnailDifference,
} from '../../server/processing/crop-schedule';

describe('when crop tracking runs a model pass', () => {
  it('sets the cadence in time: five passes a second whether the video runs at 30, 25 or 10 fps', () => {
    expect(passInterval(30, 1)).toBe(6);
    expect(passInterval(25, 1)).toBe(5);
    expect(passInterval(10, 1)).toBe(2);
    // a stride keeps its meaning: every analysed frame of every 6th at 30 fps is already five a second
    expect(passInterval(30, 6)).toBe(1);
    expect(passInterval(30, 2)).toBe(3);
    // never less than every analysed frame, even for footage slower than the cadence
    expect(passInterval(4, 1)).toBe(1);
    expect(passInterval(30, 1, 10)).toBe(3);
  });

  it('decodes two detector gaps ahead, the second only up to a bounded number of bytes', () => {
    const frame = 640 * 384 * 3;
    // 30 fps: a pass every 6th frame, two to a detector pass: 12 frames a gap, 25 ahead (18 MB)
    expect(framesAhead(12, frame, 6)).toBe(25);
    // 10 fps: 4 a gap; never fewer than the least asked for
    expect(framesAhead(4, frame, 6)).toBe(9);
    expect(framesAhead(1, frame, 6)).toBe(6);
    // 240 fps: 96 frames a gap; the second gap is cut to what EXTRA_AHEAD_BYTES holds
    const cut = Math.floor(EXTRA_AHEAD_BYTES / frame);
    expect(cut).toBeLessThan(96);
    expect(framesAhead(96, frame, 6)).toBe(96 + 1 + cut);
    expect((framesAhead(96, frame, 6) - 97) * frame).toBeLessThanOrEqual(EXTRA_AHEAD_BYTES);
  });

  it('runs one on the first frame, then after each interval, and at a cut in between', () => {
    const at = (sinceLastPass: number | null, sceneDifference: number | null = 0) =>
      passReason({ sinceLastPass, interval: 6, sceneDifference });
    expect(at(null, null)).toBe('cadence');
    expect([1, 3, 5].map((n) => at(n))).toEqual([null, null, null]);
    expect(at(6)).toBe('cadence');
    expect(at(2, SCENE_CHANGE + 1)).toBe('scene change');
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

describe('the end of the frames', () => {
  async function* three(fail = false) {
    yield 1;
    yield 2;
    if (fail) throw new Error('could not decode');
    yield 3;
  }

  it('is told once, after the last frame, when decoding fails, and when the reader stops early', async () => {
    const told: string[] = [];
    const got: number[] = [];
    for await (const v of callAtEnd(three(), () => told.push(`end after ${got.length}`))) got.push(v);
    expect(told).toEqual(['end after 3']);
    await expect(
      (async () => {
        for await (const v of callAtEnd(three(true), () => told.push('end on error'))) got.push(v);
      })(),
    ).rejects.toThrow(/could not decode/);
    for await (const v of callAtEnd(three(), () => told.push('end when left'))) if (v === 1) break;
    expect(told).toEqual(['end after 3', 'end on error', 'end when left']);
  });
});
