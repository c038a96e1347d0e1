// The labelling aid that measures a person's silhouette box against the empty room (bench/eval/
// silhouette-boxes.ts): the box is around the person, not the camera's exposure drift or a speck of noise,
// and the keyframes it proposes keep the interpolation on the measured boxes. Synthetic pixels only.
import { describe, expect, it } from 'vitest';
import { backgroundOf, greedyKeyframes, silhouetteBox, type Rgb } from '../../bench/eval/silhouette-boxes';
import { iou, type Box } from '../../bench/eval/metrics';

const W = 60,
  H = 40;
/** A wall of grey 120/140/160 times `gain`, with dark rectangles painted on it. */
function frame(gain: number, rects: Box[] = []): Rgb {
  const data = new Uint8Array(W * H * 3);
  for (let p = 0; p < W * H; p++) [120, 140, 160].forEach((v, c) => (data[p * 3 + c] = Math.round(v * gain)));
  for (const r of rects)
    for (let y = r.y1; y < r.y2; y++)
      for (let x = r.x1; x < r.x2; x++) data.fill(20, (y * W + x) * 3, (y * W + x) * 3 + 3);
  return { width: W, height: H, data };
}

describe('silhouette boxes', () => {
  const bg = backgroundOf([frame(1), frame(1.05), frame(0.97)]);

  it('boxes the person and nothing else, though the exposure drifted', () => {
    const person = { x1: 20, y1: 5, x2: 32, y2: 35 };
    const speck = { x1: 50, y1: 2, x2: 52, y2: 4 };
    expect(silhouetteBox(frame(1.4, [person, speck]), bg, { minArea: 50 })).toEqual(person);
  });

  it('finds nobody in an empty frame at another exposure', () => {
    expect(silhouetteBox(frame(0.6), bg, { minArea: 50 })).toBeNull();
  });

  it('leaves out blobs under the minimum area, and takes a person cut by the frame edge to the edge', () => {
    const atEdge = { x1: 48, y1: 20, x2: 60, y2: 40 };
    const small = { x1: 5, y1: 5, x2: 12, y2: 12 };
    expect(silhouetteBox(frame(1, [atEdge, small]), bg, { minArea: 100 })).toEqual(atEdge);
  });
});

describe('proposed keyframes', () => {
  const at = (x: number, h = 30): Box => ({ x1: x, y1: 5, x2: x + 12, y2: 5 + h });

  it('keeps the two ends of a walk at even speed', () => {
    const walk = [0, 1, 2, 3, 4, 5, 6].map((k) => at(10 + 2 * k));
    expect(greedyKeyframes(walk, 0.9)).toEqual([0, 6]);
  });

  it('adds a keyframe where the person stops, so that the interpolation stays on them', () => {
    const walkThenStand = [0, 1, 2, 3, 4, 5, 6, 7, 8].map((k) => at(10 + 3 * Math.min(k, 4)));
    const keys = greedyKeyframes(walkThenStand, 0.9);
    expect(keys[0]).toBe(0);
    expect(keys[keys.length - 1]).toBe(8);
    expect(keys.length).toBeGreaterThan(2);
    const lerp = (a: Box, b: Box, s: number) => ({
      x1: a.x1 + (b.x1 - a.x1) * s,
      y1: a.y1 + (b.y1 - a.y1) * s,
      x2: a.x2 + (b.x2 - a.x2) * s,
      y2: a.y2 + (b.y2 - a.y2) * s,
    });
    for (let k = 0; k + 1 < keys.length; k++)
      for (let f = keys[k] + 1; f < keys[k + 1]; f++) {
        const s = (f - keys[k]) / (keys[k + 1] - keys[k]);
        expect(
          iou(lerp(walkThenStand[keys[k]], walkThenStand[keys[k + 1]], s), walkThenStand[f]),
        ).toBeGreaterThanOrEqual(0.9);
      }
  });

  it('keeps a single frame as its own keyframe', () => {
    expect(greedyKeyframes([at(10)], 0.9)).toEqual([0]);
  });
});
