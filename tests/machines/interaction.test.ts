// Interaction machine with a pointer harness: pointing → translating/resizing/…, Escape restores, grid, clamp.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { interactionMachine, type DragOptions, type DragTarget, type InteractionEmitted } from '../../machines/interaction';

const size = { width: 1280, height: 720 };
const box = { x1: 100, y1: 100, x2: 300, y2: 400 };
const opts = (over: Partial<DragOptions> = {}): DragOptions => ({ grid: false, size, threshold: 3, ...over });

function pointer() {
  const actor = createActor(interactionMachine).start();
  const emitted: InteractionEmitted[] = [];
  actor.on('commit', (e) => emitted.push(e));
  actor.on('cancel', (e) => emitted.push(e));
  return {
    actor, emitted,
    down: (target: DragTarget, x: number, y: number, o = opts()) => actor.send({ type: 'pointer.down', target, x, y, options: o }),
    move: (x: number, y: number) => actor.send({ type: 'pointer.move', x, y }),
    up: () => actor.send({ type: 'pointer.up' }),
    escape: () => actor.send({ type: 'key.escape' }),
    state: () => actor.getSnapshot().value,
    preview: () => actor.getSnapshot().context.preview,
  };
}

describe('interaction machine', () => {
  it('goes pointing → translating past the 3 px threshold and commits one move on pointer up', () => {
    const p = pointer();
    p.down({ kind: 'box', trackId: 1, box }, 150, 150);
    expect(p.state()).toBe('pointing');
    p.move(151, 151);
    expect(p.state()).toBe('pointing');
    p.move(170, 160);
    expect(p.state()).toEqual({ dragging: 'translating' });
    p.move(190, 170);
    expect(p.preview()).toEqual({ kind: 'box', box: { x1: 140, y1: 120, x2: 340, y2: 420 } });
    p.up();
    expect(p.state()).toBe('idle');
    expect(p.emitted).toEqual([{ type: 'commit', target: { kind: 'box', trackId: 1, box }, preview: { kind: 'box', box: { x1: 140, y1: 120, x2: 340, y2: 420 } } }]);
  });

  it('a click without movement commits nothing', () => {
    const p = pointer();
    p.down({ kind: 'box', trackId: 1, box }, 150, 150);
    p.up();
    expect(p.state()).toBe('idle');
    expect(p.emitted).toEqual([]);
  });

  it('Escape during a drag cancels and restores (no commit, preview cleared)', () => {
    const p = pointer();
    p.down({ kind: 'corner', trackId: 1, box, corner: 'br' }, 300, 400);
    p.move(350, 450);
    expect(p.state()).toEqual({ dragging: 'resizing' });
    p.escape();
    expect(p.state()).toBe('idle');
    expect(p.preview()).toBeNull();
    expect(p.emitted).toEqual([{ type: 'cancel', target: { kind: 'corner', trackId: 1, box, corner: 'br' } }]);
    p.up();
    expect(p.emitted).toHaveLength(1);
  });

  it('snaps a resized corner to the 8 px grid when Snap grid is on', () => {
    const p = pointer();
    p.down({ kind: 'corner', trackId: 1, box, corner: 'br' }, 300, 400, opts({ grid: true }));
    p.move(351, 453);
    expect(p.preview()).toEqual({ kind: 'box', box: { x1: 100, y1: 100, x2: 352, y2: 456 } });
  });

  it('clamps a dragged box and keypoint to the video size', () => {
    const p = pointer();
    p.down({ kind: 'box', trackId: 1, box }, 150, 150);
    p.move(-900, 5000);
    expect(p.preview()).toEqual({ kind: 'box', box: { x1: 0, y1: 420, x2: 200, y2: 720 } });
    p.up();
    p.down({ kind: 'keypoint', trackId: 1, index: 3, x: 10, y: 10 }, 10, 10);
    p.move(2000, 50);
    expect(p.state()).toEqual({ dragging: 'draggingKeypoint' });
    expect(p.preview()).toEqual({ kind: 'keypoint', x: 1280, y: 50 });
  });

  it('drags a segment edge in seconds with timeline snapping, min length and bounds', () => {
    const p = pointer();
    const snap = { snapTimeline: true, snapPlayhead: true, visibleSpan: 10, playhead: 6.1 };
    p.down({ kind: 'segmentEdge', segmentId: 5, span: { start: 2, end: 4 }, edge: 'end' }, 4, 0, opts({ snap, duration: 10, threshold: 0.05 }));
    p.move(5.3, 0);
    expect(p.state()).toEqual({ dragging: 'draggingSegmentEdge' });
    expect(p.preview()).toEqual({ kind: 'span', span: { start: 2, end: 5.5 } });
    p.move(6.0, 0);
    expect(p.preview()).toEqual({ kind: 'span', span: { start: 2, end: 6.1 } }); // playhead within 0.2 s
    p.move(0, 0);
    expect(p.preview()).toEqual({ kind: 'span', span: { start: 2, end: 2.1 } });
    p.move(30, 0);
    expect(p.preview()).toEqual({ kind: 'span', span: { start: 2, end: 10 } });
    p.up();
    expect(p.emitted[0]).toMatchObject({ type: 'commit', preview: { span: { start: 2, end: 10 } } });
  });

  it('moves a whole segment keeping its length', () => {
    const p = pointer();
    p.down({ kind: 'segment', segmentId: 5, span: { start: 2, end: 4 } }, 3, 0, opts({ duration: 10, threshold: 0.05 }));
    p.move(4.2, 0);
    expect(p.state()).toEqual({ dragging: 'translating' });
    expect(p.preview()).toEqual({ kind: 'span', span: { start: 3.2, end: 5.2 } });
  });
});
