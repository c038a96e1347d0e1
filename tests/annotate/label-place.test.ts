// Labels of overlapping boxes do not hide each other: each keeps its place above its box when free, else
// moves to the nearest free place inside the frame; the renderer, which draws one track at a time, places
// them as the editor does.
import { describe, expect, it } from 'vitest';
import { placeLabels } from '../../domain/overlay/label-place';
import { drawOverlay, placeOverlayLabels, type OverlayContext, type OverlayItem } from '../../domain/overlay/draw';
import type { CompactDetection } from '../../domain/overlay/detection';

const det = (x1: number, y1: number): CompactDetection => ({
  x1,
  y1,
  x2: x1 + 0.2,
  y2: y1 + 0.4,
  confidence: 0.9,
  keypoints: null,
  source: 'ai',
  visibility: null,
});
const item = (trackId: number, x1: number, y1: number): OverlayItem => ({ trackId, det: det(x1, y1), action: null });
const labelsOnly = { boxes: true, skeletons: false, keypoints: false, confidence: true };

/** The label tags drawn (fillRect calls), in drawing order. */
function tags(draw: (ctx: OverlayContext) => void) {
  const rects: { x: number; y: number; w: number; h: number }[] = [];
  const ctx: OverlayContext = {
    font: '',
    textBaseline: '',
    lineJoin: '',
    lineWidth: 1,
    strokeStyle: '',
    fillStyle: '',
    beginPath() {},
    moveTo() {},
    lineTo() {},
    arc() {},
    stroke() {},
    fill() {},
    strokeRect() {},
    fillText() {},
    fillRect(x, y, w, h) {
      rects.push({ x, y, w, h });
    },
    measureText: (s: string) => ({ width: s.length * 6 }),
  };
  draw(ctx);
  return rects;
}
const overlap = (a: { x: number; y: number; w: number; h: number }, b: typeof a) =>
  a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

describe('label placement', () => {
  it('keeps a free label where it is and moves a colliding one to the nearest free place', () => {
    expect(
      placeLabels(
        [
          { x: 0, y: 100, w: 50, h: 14 },
          { x: 200, y: 100, w: 50, h: 14 },
        ],
        400,
      ),
    ).toEqual([0, 0]);
    // 4 px lower than the first: just above it is 19 px away, just below 11 px
    expect(
      placeLabels(
        [
          { x: 0, y: 100, w: 50, h: 14 },
          { x: 20, y: 104, w: 50, h: 14 },
        ],
        400,
      ),
    ).toEqual([0, 11]);
    // at the same height: up first
    expect(
      placeLabels(
        [
          { x: 0, y: 100, w: 50, h: 14 },
          { x: 20, y: 100, w: 50, h: 14 },
        ],
        400,
      ),
    ).toEqual([0, -15]);
    // at the top edge there is no room above: it goes below
    expect(
      placeLabels(
        [
          { x: 0, y: 0, w: 50, h: 14 },
          { x: 10, y: 0, w: 50, h: 14 },
        ],
        400,
      ),
    ).toEqual([0, 15]);
  });

  it('three boxes on top of each other: no drawn label covers another', () => {
    const items = [item(1, 0.3, 0.3), item(2, 0.31, 0.31), item(3, 0.32, 0.3)];
    const drawn = tags((ctx) => drawOverlay(ctx, items, 640, 360, labelsOnly));
    expect(drawn).toHaveLength(3);
    for (let i = 0; i < 3; i++)
      for (let j = i + 1; j < 3; j++) expect(overlap(drawn[i], drawn[j]), `${i} and ${j}`).toBe(false);
  });

  it('the renderer, drawing one track at a time after placing the frame, draws the same tags as the editor', () => {
    const items = [item(1, 0.3, 0.3), item(2, 0.31, 0.31), item(4, 0.7, 0.5)];
    const editor = tags((ctx) => drawOverlay(ctx, items, 640, 360, labelsOnly));
    const renderer = tags((ctx) => {
      for (const it of placeOverlayLabels(ctx, items, 640, 360, labelsOnly))
        drawOverlay(ctx, [it], 640, 360, labelsOnly);
    });
    expect(renderer).toEqual(editor);
  });
});
