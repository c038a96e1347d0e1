// Interaction machine with its actors and host actions provided: pointing → one drag state per kind,
// each marking on entry, squashing its preview on every move, committing on release and bailing on Escape.
// Pointer moves arrive through the invoked pointerEvents actor, which exists only while a press is active.
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, SimulatedClock } from 'xstate';
import { interactionMachine } from '../../machines/interaction';
import type {
  DragEdit,
  DragOptions,
  DragTarget,
  InteractionEvent,
  PointerInput,
} from '../../machines/interaction-types';
import type { CompactDetection } from '../../src/annotate/document/types';

const size = { width: 1280, height: 720 };
const box = { x1: 100, y1: 100, x2: 300, y2: 400 };
const shown: CompactDetection = {
  x1: 100 / 1280,
  y1: 100 / 720,
  x2: 300 / 1280,
  y2: 400 / 720,
  confidence: 0.9,
  keypoints: null,
  source: 'ai',
};
const opts = (over: Partial<DragOptions> = {}): DragOptions => ({ grid: false, size, threshold: 3, ...over });
/** The box of a box edit, back in video pixels. */
const px = (e: DragEdit) => {
  const b = (e as Extract<DragEdit, { args: { box: unknown } }>).args.box;
  return { x1: b.x1 * 1280, y1: b.y1 * 720, x2: b.x2 * 1280, y2: b.y2 * 720 };
};

function pointer() {
  const calls: string[] = [];
  const edits: DragEdit[] = [];
  const clicks: DragTarget[] = [];
  let sendBack: ((e: InteractionEvent) => void) | null = null;
  const machine = interactionMachine.provide({
    actions: {
      mark: () => {
        calls.push('mark');
      },
      squash: (_, edit) => {
        calls.push('squash');
        edits.push(edit);
      },
      bail: () => {
        calls.push('bail');
      },
      commit: () => {
        calls.push('commit');
      },
      click: (_, target) => {
        calls.push('click');
        clicks.push(target);
      },
    },
    actors: {
      pointerEvents: fromCallback<InteractionEvent, PointerInput>(({ sendBack: send }) => {
        sendBack = send;
        return () => {
          sendBack = null;
        };
      }),
    },
  });
  const actor = createActor(machine, { clock: new SimulatedClock() }).start();
  const last = () => edits[edits.length - 1];
  return {
    actor,
    calls,
    edits,
    clicks,
    last,
    down: (target: DragTarget, x: number, y: number, o = opts()) =>
      actor.send({
        type: 'pointer.down',
        target,
        x,
        y,
        options: o,
        frame: 4,
        shown,
        source: new EventTarget(),
        toPoint: (e) => ({ x: e.clientX, y: e.clientY }),
      }),
    /** A window pointer move, through the invoked listener (none when no press is active). */
    move: (x: number, y: number) => sendBack?.({ type: 'pointer.move', x, y }),
    up: () => sendBack?.({ type: 'pointer.up' }),
    escape: () => actor.send({ type: 'key.escape' }),
    state: () => actor.getSnapshot().value,
    listening: () => sendBack !== null,
  };
}

describe('interaction machine', () => {
  it('goes pointing → boxTranslate past the 3 px threshold: mark, a squash per move, one commit on release', () => {
    const p = pointer();
    expect(p.listening()).toBe(false);
    p.down({ kind: 'box', trackId: 1, box }, 150, 150);
    expect(p.state()).toEqual({ active: 'pointing' });
    expect(p.listening()).toBe(true);
    p.move(151, 151);
    expect(p.state()).toEqual({ active: 'pointing' });
    expect(p.calls).toEqual([]);
    p.move(170, 160);
    expect(p.state()).toEqual({ active: 'boxTranslate' });
    p.move(190, 170);
    expect(p.last()).toMatchObject({ name: 'box.move', args: { trackId: 1, frame: 4, shown } });
    expect(px(p.last())).toEqual({ x1: 140, y1: 120, x2: 340, y2: 420 });
    p.up();
    expect(p.state()).toBe('idle');
    expect(p.calls).toEqual(['mark', 'squash', 'squash', 'commit']);
    expect(p.listening()).toBe(false);
  });

  it('a press and release without movement is a click: nothing marked or committed', () => {
    const p = pointer();
    const target: DragTarget = { kind: 'segment', segmentId: 5, span: { start: 2, end: 4 } };
    p.down(target, 3, 0, opts({ threshold: 0.05 }));
    p.up();
    expect(p.state()).toBe('idle');
    expect(p.calls).toEqual(['click']);
    expect(p.clicks).toEqual([target]);
  });

  it('Escape during a resize bails back to the mark; the release after it does nothing', () => {
    const p = pointer();
    p.down({ kind: 'corner', trackId: 1, box, corner: 'br' }, 300, 400);
    p.move(350, 450);
    expect(p.state()).toEqual({ active: 'boxResize' });
    p.escape();
    expect(p.state()).toBe('idle');
    expect(p.calls).toEqual(['mark', 'squash', 'bail']);
    p.up();
    expect(p.calls).toHaveLength(3);
  });

  it('snaps a resized corner to the 8 px grid when Snap grid is on', () => {
    const p = pointer();
    p.down({ kind: 'corner', trackId: 1, box, corner: 'br' }, 300, 400, opts({ grid: true }));
    p.move(351, 453);
    expect(p.last().name).toBe('box.resize');
    expect(px(p.last())).toMatchObject({ x1: 100, x2: 352, y2: expect.closeTo(456, 6) });
  });

  it('clamps a dragged box and keypoint to the video size', () => {
    const p = pointer();
    p.down({ kind: 'box', trackId: 1, box }, 150, 150);
    p.move(-900, 5000);
    expect(px(p.last())).toEqual({ x1: 0, y1: 420, x2: 200, y2: 720 });
    p.up();
    p.down({ kind: 'keypoint', trackId: 1, index: 3, x: 10, y: 10 }, 10, 10);
    p.move(2000, 50);
    expect(p.state()).toEqual({ active: 'keypointDrag' });
    expect(p.last()).toMatchObject({
      name: 'keypoint.move',
      args: { trackId: 1, frame: 4, index: 3, x: 1, y: 50 / 720 },
    });
  });

  it('drags a segment edge in seconds with timeline snapping, min length and bounds', () => {
    const p = pointer();
    const snap = { snapTimeline: true, snapPlayhead: true, visibleSpan: 10, playhead: 6.1 };
    p.down(
      { kind: 'segmentEdge', segmentId: 5, span: { start: 2, end: 4 }, edge: 'end' },
      4,
      0,
      opts({ snap, duration: 10, threshold: 0.05 }),
    );
    const changes = () => (p.last() as Extract<DragEdit, { args: { changes: unknown } }>).args.changes;
    p.move(5.3, 0);
    expect(p.state()).toEqual({ active: 'segmentResize' });
    expect(p.last()).toEqual({ name: 'segment.resize', args: { id: 5, changes: { start_time: 2, end_time: 5.5 } } });
    p.move(6.0, 0);
    expect(changes()).toEqual({ start_time: 2, end_time: 6.1 }); // playhead within 0.2 s
    p.move(0, 0);
    expect(changes()).toEqual({ start_time: 2, end_time: 2.1 });
    p.move(30, 0);
    expect(changes()).toEqual({ start_time: 2, end_time: 10 });
    p.up();
    expect(p.calls.at(-1)).toBe('commit');
  });

  it('moves a whole segment keeping its length', () => {
    const p = pointer();
    p.down(
      { kind: 'segment', segmentId: 5, span: { start: 2, end: 4 } },
      3,
      0,
      opts({ duration: 10, threshold: 0.05 }),
    );
    p.move(4.2, 0);
    expect(p.state()).toEqual({ active: 'segmentMove' });
    expect(p.last()).toEqual({ name: 'segment.move', args: { id: 5, changes: { start_time: 3.2, end_time: 5.2 } } });
  });

  it('the default pointerEvents actor listens on the press source and stops with the drag', () => {
    const source = new EventTarget();
    const edits: DragEdit[] = [];
    const actor = createActor(
      interactionMachine.provide({
        actions: {
          squash: (_, e) => {
            edits.push(e);
          },
        },
      }),
    ).start();
    actor.send({
      type: 'pointer.down',
      target: { kind: 'box', trackId: 1, box },
      x: 150,
      y: 150,
      options: opts(),
      frame: 0,
      shown,
      source,
      toPoint: (e) => ({ x: e.clientX / 2, y: e.clientY / 2 }),
    });
    const fire = (type: string, clientX = 0, clientY = 0) => {
      const e = new Event(type);
      Object.defineProperties(e, { clientX: { value: clientX }, clientY: { value: clientY } });
      source.dispatchEvent(e);
    };
    fire('pointermove', 400, 300); // (200, 150) in video pixels
    expect(actor.getSnapshot().value).toEqual({ active: 'boxTranslate' });
    expect(px(edits[0])).toMatchObject({ x1: 150, y1: 100 });
    fire('pointerup');
    expect(actor.getSnapshot().value).toBe('idle');
    fire('pointermove', 800, 600);
    expect(edits).toHaveLength(1);
  });
  it('boxDraw: a press on an empty area dragged past the threshold draws a box from the press to the pointer, in either direction', () => {
    const p = pointer();
    p.down({ kind: 'draw', trackId: 3, newTrack: true }, 400, 300);
    p.move(401, 300);
    expect(p.state()).toEqual({ active: 'pointing' });
    p.move(200, 500); // up-left of the press: the box is normalised
    expect(p.state()).toEqual({ active: 'boxDraw' });
    expect(p.last()).toMatchObject({ name: 'box.draw', args: { trackId: 3, frame: 4, newTrack: true } });
    expect(px(p.last())).toEqual({ x1: 200, y1: 300, x2: 400, y2: 500 });
    p.move(2000, 900); // past the video: clamped to its size
    expect(px(p.last())).toEqual({ x1: 400, y1: 300, x2: 1280, y2: 720 });
    p.up();
    expect(p.calls).toEqual(['mark', 'squash', 'squash', 'commit']);
    expect(p.state()).toBe('idle');
  });

  it('boxDraw: Escape bails the draw back to the mark; a press without a drag is a click', () => {
    const p = pointer();
    p.down({ kind: 'draw', trackId: 1, newTrack: false }, 100, 100);
    p.move(300, 250);
    p.escape();
    expect(p.calls).toEqual(['mark', 'squash', 'bail']);
    expect(p.state()).toBe('idle');
    p.down({ kind: 'draw', trackId: 1, newTrack: false }, 100, 100);
    p.up();
    expect(p.calls.slice(3)).toEqual(['click']);
  });

  it('segmentCreate: a drag on an empty row previews a new action of that track over the snapped span; a press alone is a click', () => {
    const p = pointer();
    const o = opts({
      threshold: 0.03,
      duration: 20,
      snap: { snapTimeline: true, snapPlayhead: false, visibleSpan: 20, playhead: 0 },
    });
    p.down({ kind: 'segmentNew', trackId: 3, at: 4.2 }, 4.2, 0, o);
    p.move(6.1, 0);
    expect(p.state()).toEqual({ active: 'segmentCreate' });
    expect(p.last()).toMatchObject({
      name: 'segment.create',
      args: { segment: { id: -1, track_id: 3, start_time: 4, end_time: 6, action_class: 'run', human_verified: true } },
    });
    p.move(2.6, 0); // back past the press: the span runs leftwards
    expect(p.last()).toMatchObject({ args: { segment: { start_time: 3, end_time: 4 } } });
    p.up();
    expect(p.calls).toEqual(['mark', 'squash', 'squash', 'commit']);
    const q = pointer();
    q.down({ kind: 'segmentNew', trackId: 3, at: 4.2 }, 4.2, 0, o);
    q.up();
    expect(q.calls).toEqual(['click']);
  });
});
