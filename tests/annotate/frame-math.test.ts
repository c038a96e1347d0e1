import { describe, expect, it } from 'vitest';
import {
  clampFrame,
  formatClock,
  frameAtMediaTime,
  frameAtTime,
  parseEntry,
  seekTimeForFrame,
} from '../../src/annotate/playback/frame-math';

describe('frame math', () => {
  it('maps a presented mediaTime to its frame, also with container rounding', () => {
    expect(frameAtMediaTime(0, 30)).toBe(0);
    expect(frameAtMediaTime(10 / 30, 30)).toBe(10);
    expect(frameAtMediaTime(0.333322, 30)).toBe(10);
    expect(frameAtMediaTime((1001 / 30000) * 7, 30000 / 1001)).toBe(7);
  });

  it('seeks to the middle of a frame, which maps back to the same frame', () => {
    for (const fps of [24, 25, 30, 30000 / 1001, 60]) {
      for (const n of [0, 1, 17, 299, 53999]) {
        const t = seekTimeForFrame(n, fps);
        expect(frameAtTime(t, fps)).toBe(n);
        expect(t).toBeGreaterThan(n / fps);
        expect(t).toBeLessThan((n + 1) / fps);
      }
    }
  });

  it('falls back to 30 fps for a missing or broken frame rate', () => {
    expect(seekTimeForFrame(3, 0)).toBeCloseTo(3.5 / 30);
    expect(frameAtMediaTime(1, Number.NaN)).toBe(30);
  });

  it('clamps frames to the video', () => {
    expect(clampFrame(-4, 100)).toBe(0);
    expect(clampFrame(150, 100)).toBe(99);
    expect(clampFrame(12.4, 100)).toBe(12);
  });

  it('formats m:ss.t readouts without rounding up to the next second', () => {
    expect(formatClock(0)).toBe('0:00.0');
    expect(formatClock(9.99)).toBe('0:09.9');
    expect(formatClock(65.25)).toBe('1:05.2');
    expect(formatClock(1800)).toBe('30:00.0');
    expect(formatClock(Number.NaN)).toBe('0:00.0');
  });

  it('parses the Time/Frame entry and ignores non-numeric input', () => {
    expect(parseEntry('2.5', 'time', 30, 900)).toBe(75);
    expect(parseEntry('75', 'frame', 30, 900)).toBe(75);
    expect(parseEntry(' 10 ', 'frame', 30, 900)).toBe(10);
    expect(parseEntry('5000', 'frame', 30, 900)).toBe(899);
    expect(parseEntry('abc', 'time', 30, 900)).toBeNull();
    expect(parseEntry('', 'time', 30, 900)).toBeNull();
    expect(parseEntry('-3', 'frame', 30, 900)).toBeNull();
    expect(parseEntry('1e3', 'frame', 30, 900)).toBeNull();
  });
});
