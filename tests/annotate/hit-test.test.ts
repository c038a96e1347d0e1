// The overlay's pure hit-test: the selected box's corner handles first, then its joints, then its body,
// then other tracks (smallest first), then the empty picture; handles hit at screen size at every zoom.
import { describe, expect, it } from 'vitest';
import { hitTest } from '../../src/annotate/canvas/hit-test';
import type { JointHandle, OverlayModel } from '../../src/annotate/canvas/overlay-model';
import { FIT, toScreen, zoomAt } from '../../src/annotate/canvas/viewport-math';

const geo = { boxW: 1280, boxH: 720, videoW: 1280, videoH: 720 };
const fit = { state: FIT, geo };

/** A person 80 px tall at (600, 300) whose 17 joints are spread over the whole box, ankles at the bottom corners. */
function smallPerson(): JointHandle[] {
  return Array.from({ length: 17 }, (_, i) => ({
    index: i,
    x: 600 + (i % 2 ? 30 : 2),
    y: 300 + (i * 78) / 16,
    visibility: 2 as const,
  }));
}

const model = (selected: number | null): OverlayModel => ({
  selectedTrackId: selected,
  selectedKeypoint: null,
  tracks: [
    { trackId: 1, box: { x1: 600, y1: 300, x2: 632, y2: 380 }, joints: selected === 1 ? smallPerson() : [] },
    { trackId: 2, box: { x1: 100, y1: 100, x2: 700, y2: 600 }, joints: [] },
    { trackId: 3, box: { x1: 900, y1: 100, x2: 1000, y2: 300 }, joints: [] },
  ],
});

describe('overlay hit-test', () => {
  it('a corner of the selected small box beats the ankle joint on it', () => {
    // joint 16 sits at (602, 378), 2 px from the bottom-left corner (600, 380)
    expect(hitTest(model(1), fit, { x: 601, y: 379 })).toEqual({ kind: 'corner', trackId: 1, corner: 'bl' });
    expect(hitTest(model(1), fit, { x: 632, y: 300 })).toEqual({ kind: 'corner', trackId: 1, corner: 'tr' });
  });

  it('a joint away from the corners is the joint, and between joints the body', () => {
    expect(hitTest(model(1), fit, { x: 603, y: 339 })).toEqual({ kind: 'keypoint', trackId: 1, index: 8 });
    expect(hitTest(model(1), fit, { x: 616, y: 320 })).toEqual({ kind: 'box', trackId: 1 });
  });

  it('other tracks: the smallest box under the point, else the empty picture, else outside', () => {
    expect(hitTest(model(null), fit, { x: 610, y: 350 })).toEqual({ kind: 'box', trackId: 1 });
    expect(hitTest(model(null), fit, { x: 300, y: 350 })).toEqual({ kind: 'box', trackId: 2 });
    expect(hitTest(model(3), fit, { x: 300, y: 350 })).toEqual({ kind: 'box', trackId: 2 });
    expect(hitTest(model(null), fit, { x: 1200, y: 700 })).toEqual({ kind: 'empty' });
    const letterboxed = { state: FIT, geo: { ...geo, boxW: 1600 } };
    expect(hitTest(model(null), letterboxed, { x: 50, y: 360 })).toEqual({ kind: 'outside' });
  });

  it('the selected box is above the others where they overlap', () => {
    expect(hitTest(model(2), fit, { x: 616, y: 320 })).toEqual({ kind: 'box', trackId: 2 });
  });

  it('handles keep their screen size at 4×: a press 6 px off a corner takes it, 12 px off does not', () => {
    const view = { state: zoomAt(FIT, geo, { x: 616, y: 340 }, 4), geo };
    const corner = toScreen(view.state, geo, { x: 632, y: 380 });
    expect(hitTest(model(1), view, { x: corner.x - 6, y: corner.y })).toEqual({
      kind: 'corner',
      trackId: 1,
      corner: 'br',
    });
    expect(hitTest(model(1), view, { x: corner.x - 12, y: corner.y - 12 }).kind).not.toBe('corner');
  });

  it('a finger gets a larger hit radius than a mouse', () => {
    const p = { x: 632 + 11, y: 380 };
    expect(hitTest(model(1), fit, p).kind).not.toBe('corner');
    expect(hitTest(model(1), fit, p, { pointerType: 'touch' })).toEqual({ kind: 'corner', trackId: 1, corner: 'br' });
  });
});
