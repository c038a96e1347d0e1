// A track's colour comes from its id only: deleting or hiding another track changes no colour, and the
// server's renderer (the shared overlay code on @napi-rs/canvas, over its own list of stored tracks)
// paints each box in the editor palette's colour of that track.
import { describe, expect, it } from 'vitest';
import { createCanvas } from '@napi-rs/canvas';
import { collectOverlay, drawOverlay, type OverlayContext } from '../../domain/overlay/draw';
import type { CompactDetection } from '../../domain/overlay/detection';
import { TRACK_COLORS, trackColor } from '../../src/annotate/colors';

const box = (x: number): CompactDetection => ({
  x1: x,
  y1: 0.2,
  x2: x + 0.15,
  y2: 0.8,
  confidence: 0.9,
  keypoints: null,
  source: 'ai',
  visibility: null,
});
const shown = (id: number) => box(0.05 + (id - 1) * 0.2);
const onlyBoxes = { boxes: true, skeletons: false, keypoints: false, confidence: false, labels: false };

/** The stroke colour each track's box is drawn with. */
function strokeColours(trackIds: number[], hidden: number[] = []): Map<number, string> {
  const items = collectOverlay({ trackIds, segments: [] }, 0, hidden, shown);
  const out = new Map<number, string>();
  let current = 0;
  const ctx = {
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
    fillRect() {},
    fillText() {},
    measureText: () => ({ width: 10 }),
    strokeRect() {
      out.set(items[current++].trackId, String(ctx.strokeStyle));
    },
  } satisfies OverlayContext;
  drawOverlay(ctx, items, 100, 100, onlyBoxes);
  return out;
}

const hex = (r: number, g: number, b: number) => `#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`;

describe('track colours', () => {
  it('has at least 10 distinct colours, and neighbouring ids never share one', () => {
    expect(new Set(TRACK_COLORS).size).toBeGreaterThanOrEqual(10);
    for (let id = 1; id < 40; id++) expect(trackColor(id)).not.toBe(trackColor(id + 1));
  });

  it('keeps every colour when another track is deleted or hidden', () => {
    const all = strokeColours([1, 2, 3, 4]);
    const afterDelete = strokeColours([1, 3, 4]);
    const afterHide = strokeColours([1, 2, 3, 4], [1]);
    for (const id of [3, 4]) {
      expect(afterDelete.get(id)).toBe(all.get(id));
      expect(afterHide.get(id)).toBe(all.get(id));
      expect(all.get(id)).toBe(trackColor(id));
    }
    expect(all.get(3)).not.toBe(all.get(4));
  });

  it('the renderer paints a box in the editor palette colour of its track, whatever tracks it lists', () => {
    // the renderer lists the stored tracks: here T2 has no boxes any more, so it is not in its list
    const canvas = createCanvas(200, 100);
    const ctx = canvas.getContext('2d');
    const items = collectOverlay({ trackIds: [3, 7], segments: [] }, 0, [], (id) => ({
      ...box(id === 3 ? 0.1 : 0.6),
      y1: 0.2,
      y2: 0.8,
    }));
    drawOverlay(ctx as unknown as OverlayContext, items, 200, 100, onlyBoxes);
    for (const [id, x] of [
      [3, 0.1],
      [7, 0.6],
    ] as const) {
      // the middle of the box's left edge (a 2 px stroke on the edge)
      const [r, g, b] = ctx.getImageData(Math.round(x * 200), 50, 1, 1).data;
      expect(hex(r, g, b)).toBe(trackColor(id));
    }
  });
});
