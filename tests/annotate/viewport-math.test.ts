// The player's zoom and pan arithmetic: screen ↔ video both ways, zoom around a point, the limits, the
// pan clamp, 1:1, and a stored view made safe.
import { describe, expect, it } from 'vitest';
import {
  FIT,
  KEEP_VISIBLE_PX,
  clampPan,
  fitScale,
  oneToOne,
  sanitize,
  scaleOf,
  toScreen,
  toVideo,
  wheelFactor,
  zoomAt,
  zoomLimits,
} from '../../src/annotate/canvas/viewport-math';

// A 1280×720 video in a 960×600 box: fitted at 0.75, letterboxed 30 px top and bottom.
const g = { boxW: 960, boxH: 600, videoW: 1280, videoH: 720 };

describe('viewport math', () => {
  it('fit letterboxes the picture in the box, and screen ↔ video are inverse', () => {
    expect(fitScale(g)).toBeCloseTo(0.75);
    expect(toScreen(FIT, g, { x: 0, y: 0 })).toEqual({ x: 0, y: 30 });
    expect(toScreen(FIT, g, { x: 1280, y: 720 })).toEqual({ x: 960, y: 570 });
    const v = { zoom: 3, panX: 40, panY: -25 };
    const back = toVideo(v, g, toScreen(v, g, { x: 321, y: 123 }));
    expect(back.x).toBeCloseTo(321, 9);
    expect(back.y).toBeCloseTo(123, 9);
  });

  it('zooming at a point keeps the video point under it where it is', () => {
    const at = { x: 700, y: 150 };
    const under = toVideo(FIT, g, at);
    const z = zoomAt(FIT, g, at, 4);
    expect(z.zoom).toBe(4);
    const still = toScreen(z, g, under);
    expect(still.x).toBeCloseTo(at.x, 9);
    expect(still.y).toBeCloseTo(at.y, 9);
    // and again from there, out to 2×
    const z2 = zoomAt(z, g, { x: 100, y: 500 }, 2);
    const p = toVideo(z, g, { x: 100, y: 500 });
    expect(toScreen(z2, g, p).x).toBeCloseTo(100, 9);
    expect(toScreen(z2, g, p).y).toBeCloseTo(500, 9);
  });

  it('zoom stays between fit and 8× fit; a tiny video may go below fit to reach 1:1', () => {
    expect(zoomAt(FIT, g, { x: 480, y: 300 }, 50).zoom).toBe(8);
    expect(zoomAt(FIT, g, { x: 480, y: 300 }, 0.1).zoom).toBe(1);
    const small = { boxW: 960, boxH: 540, videoW: 320, videoH: 180 };
    expect(zoomLimits(small).min).toBeCloseTo(1 / 3);
    expect(scaleOf(oneToOne(FIT, small), small)).toBeCloseTo(1);
  });

  it('1:1 shows one video pixel per screen pixel around the box centre', () => {
    const v = oneToOne(FIT, g);
    expect(scaleOf(v, g)).toBeCloseTo(1);
    const centre = toVideo(FIT, g, { x: 480, y: 300 });
    expect(toScreen(v, g, centre).x).toBeCloseTo(480, 9);
  });

  it('a pan cannot take the picture out of the box: a strip stays in view', () => {
    const far = clampPan({ zoom: 4, panX: 1e6, panY: -1e6 }, g);
    const left = toScreen(far, g, { x: 0, y: 0 }).x;
    const bottom = toScreen(far, g, { x: 1280, y: 720 }).y;
    expect(left).toBeCloseTo(g.boxW - KEEP_VISIBLE_PX);
    expect(bottom).toBeCloseTo(KEEP_VISIBLE_PX);
  });

  it('one wheel notch zooms by 1.25, back and forth', () => {
    expect(wheelFactor(-100)).toBeCloseTo(1.25);
    expect(wheelFactor(100) * wheelFactor(-100)).toBeCloseTo(1);
  });

  it('a stored view is made safe: junk becomes fit, a zoom past the limit is clamped', () => {
    expect(sanitize(null, g)).toEqual(FIT);
    expect(sanitize({ zoom: Number.NaN, panX: 'x' as never }, g)).toEqual(FIT);
    expect(sanitize({ zoom: 99, panX: 0, panY: 0 }, g).zoom).toBe(8);
  });
});
