// Interaction machine with its actors and host actions provided: one state node per tool (select, draw,
// pan) and the timeline's drags; each drag marks on entry, squashes its preview on every move, commits on
// release and bails on Escape. Overlay moves are sent by the host; a timeline press's moves arrive through
// the invoked pointerEvents actor, which exists only while that press is active.
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
  const selected: DragTarget[] = [];
  const pans: { x: number; y: number }[] = [];
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
      select: (_, target) => {
        selected.push(target);
      },
      deselect: () => {
        calls.push('deselect');
      },
      panStart: (_, at) => {
        calls.push('panStart');
        pans.push(at);
      },
      panMove: (_, to) => {
        pans.push(to);
      },
    },
    actors: {
      pointerEvents: fromCallback<InteractionEvent, PointerInput>(({ sendBack: send, input }) => {
        if (!input.source) return () => {};
        sendBack = send;
        return () => {
          sendBack = null;
        };
      }),
    },
  });
  const actor = createActor(machine, { clock: new SimulatedClock() }).start();
  const last = () => edits[edits.length - 1];
  const timeline = (t: DragTarget) => ['segment', 'segmentEdge', 'segmentNew'].includes(t.kind);
  const p = {
    actor,
    calls,
    edits,
    clicks,
    selected,
    pans,
    last,
    /** A press: timeline targets listen on a source of their own, overlay presses are sent by the host. */
    down: (
      target: DragTarget,
      x: number,
      y: number,
      o = opts(),
      extra: { pan?: boolean; sx?: number; sy?: number } = {},
    ) =>
      actor.send({
        type: 'pointer.down',
        target,
        x,
        y,
        options: o,
        frame: 4,
        shown,
        newTrackId: 9,
        source: timeline(target) ? new EventTarget() : null,
        toPoint: (e) => ({ x: e.clientX, y: e.clientY }),
        ...extra,
      }),
    /** A pointer move: through the invoked listener for a timeline press, else sent by the host. */
    move: (x: number, y: number, sx?: number, sy?: number) =>
      sendBack ? sendBack({ type: 'pointer.move', x, y }) : actor.send({ type: 'pointer.move', x, y, sx, sy }),
    up: () => (sendBack ? sendBack({ type: 'pointer.up' }) : actor.send({ type: 'pointer.up' })),
    escape: () => actor.send({ type: 'key.escape' }),
    send: (e: InteractionEvent) => actor.send(e),
    state: () => actor.getSnapshot().value,
    tool: () => actor.getSnapshot().context.tool,
    listening: () => sendBack !== null,
  };
  return p;
}

describe('interaction machine: the select tool', () => {
  it('a press selects the box; past the 3 px threshold it moves it: mark, a squash per move, one commit on release', () => {
    const p = pointer();
    p.down({ kind: 'box', trackId: 1, box }, 150, 150);
    expect(p.state()).toEqual({ select: 'pointing' });
    expect(p.selected).toEqual([{ kind: 'box', trackId: 1, box }]);
    expect(p.listening()).toBe(false);
    p.move(151, 151);
    expect(p.state()).toEqual({ select: 'pointing' });
    expect(p.calls).toEqual([]);
    p.move(170, 160);
    expect(p.state()).toEqual({ select: 'translating' });
    p.move(190, 170);
    expect(p.last()).toMatchObject({ name: 'box.move', args: { trackId: 1, frame: 4, shown } });
    expect(px(p.last())).toEqual({ x1: 140, y1: 120, x2: 340, y2: 420 });
    p.up();
    expect(p.state()).toEqual({ select: 'idle' });
    expect(p.calls).toEqual(['mark', 'squash', 'squash', 'commit']);
  });

  it('Escape during a resize bails back to the mark; the release after it does nothing', () => {
    const p = pointer();
    p.down({ kind: 'corner', trackId: 1, box, corner: 'br' }, 300, 400);
    p.move(350, 450);
    expect(p.state()).toEqual({ select: 'resizing' });
    p.escape();
    expect(p.state()).toEqual({ select: 'idle' });
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
    expect(p.state()).toEqual({ select: 'movingJoint' });
    expect(p.last()).toMatchObject({
      name: 'keypoint.move',
      args: { trackId: 1, frame: 4, index: 3, x: 1, y: 50 / 720 },
    });
  });

  it('on the empty picture: a click clears the selection, a drag draws a new person from the press to the pointer', () => {
    const p = pointer();
    p.down({ kind: 'canvas' }, 400, 300);
    p.up();
    expect(p.calls).toEqual(['deselect']);
    p.down({ kind: 'canvas' }, 400, 300);
    p.move(401, 300);
    expect(p.state()).toEqual({ select: 'pointing' });
    p.move(200, 500); // up-left of the press: the box is normalised
    expect(p.state()).toEqual({ select: 'drawing' });
    expect(p.last()).toMatchObject({ name: 'box.draw', args: { trackId: 9, frame: 4, newTrack: true } });
    expect(px(p.last())).toEqual({ x1: 200, y1: 300, x2: 400, y2: 500 });
    p.move(2000, 900); // past the video: clamped to its size
    expect(px(p.last())).toEqual({ x1: 400, y1: 300, x2: 1280, y2: 720 });
    p.up();
    expect(p.calls).toEqual(['deselect', 'mark', 'squash', 'squash', 'commit']);
    expect(p.state()).toEqual({ select: 'idle' });
  });

  it('Escape with nothing running clears the selection', () => {
    const p = pointer();
    p.escape();
    expect(p.calls).toEqual(['deselect']);
    expect(p.state()).toEqual({ select: 'idle' });
  });
});

describe('interaction machine: the draw tool', () => {
  it("'New box': a press on a box draws a new person instead of moving it, and the tool stays on", () => {
    const p = pointer();
    p.send({ type: 'tool.draw' });
    expect(p.state()).toEqual({ draw: 'idle' });
    p.down({ kind: 'box', trackId: 1, box }, 150, 150);
    expect(p.selected).toEqual([]);
    p.move(250, 300);
    expect(p.last()).toMatchObject({ name: 'box.draw', args: { trackId: 9, newTrack: true } });
    p.up();
    expect(p.state()).toEqual({ draw: 'idle' });
    p.down({ kind: 'canvas' }, 10, 10);
    p.up(); // a click draws nothing and clears nothing
    expect(p.calls).toEqual(['mark', 'squash', 'commit']);
    p.escape();
    expect(p.state()).toEqual({ select: 'idle' });
    expect(p.tool()).toBe('select');
  });

  it('a redraw draws into the chosen track, then goes back to select; Escape bails it and stays', () => {
    const p = pointer();
    p.send({ type: 'tool.draw', into: 2 });
    p.down({ kind: 'canvas' }, 100, 100);
    p.move(300, 250);
    p.escape();
    expect(p.state()).toEqual({ draw: 'idle' });
    expect(p.calls).toEqual(['mark', 'squash', 'bail']);
    p.down({ kind: 'canvas' }, 100, 100);
    p.move(300, 250);
    expect(p.last()).toMatchObject({ name: 'box.draw', args: { trackId: 2, newTrack: false } });
    p.up();
    expect(p.state()).toEqual({ select: 'idle' });
    expect(p.tool()).toBe('select');
  });

  it('tools do not change during a press', () => {
    const p = pointer();
    p.down({ kind: 'box', trackId: 1, box }, 150, 150);
    p.move(200, 200);
    p.send({ type: 'tool.draw' });
    expect(p.state()).toEqual({ select: 'translating' });
    p.up();
    p.send({ type: 'tool.draw' });
    expect(p.state()).toEqual({ draw: 'idle' });
  });
});

describe('interaction machine: panning', () => {
  it('the hand tool pans from the press by the screen offset; Escape leaves it', () => {
    const p = pointer();
    p.send({ type: 'tool.pan' });
    p.down({ kind: 'box', trackId: 1, box }, 150, 150, opts(), { sx: 10, sy: 20 });
    expect(p.state()).toEqual({ pan: 'panning' });
    p.move(0, 0, 40, 60);
    p.up();
    expect(p.pans).toEqual([
      { x: 10, y: 20 },
      { x: 40, y: 60 },
    ]);
    expect(p.selected).toEqual([]);
    expect(p.state()).toEqual({ pan: 'idle' });
    p.escape();
    expect(p.state()).toEqual({ select: 'idle' });
  });

  it('a Space or middle-button press pans in any tool and comes back to it', () => {
    const p = pointer();
    p.send({ type: 'tool.draw' });
    p.down({ kind: 'canvas' }, 0, 0, opts(), { pan: true, sx: 5, sy: 5 });
    expect(p.state()).toEqual({ pan: 'panning' });
    p.up();
    expect(p.state()).toEqual({ draw: 'idle' });
    expect(p.calls).toEqual(['panStart']);
  });
});

describe('interaction machine: the timeline', () => {
  it('a press and release without movement is a click: it seeks, then back to the tool', () => {
    const p = pointer();
    p.send({ type: 'tool.draw' });
    const target: DragTarget = { kind: 'segment', segmentId: 5, trackId: 1, span: { start: 2, end: 4 } };
    p.down(target, 3, 0, opts({ threshold: 0.05 }));
    expect(p.state()).toEqual({ timeline: 'pointing' });
    expect(p.listening()).toBe(true);
    p.up();
    expect(p.state()).toEqual({ draw: 'idle' });
    expect(p.calls).toEqual(['click']);
    expect(p.clicks).toEqual([target]);
    expect(p.listening()).toBe(false);
  });

  it('drags a segment edge in seconds with timeline snapping, min length and bounds', () => {
    const p = pointer();
    const snap = { snapTimeline: true, snapPlayhead: true, visibleSpan: 10, playhead: 6.1 };
    p.down(
      { kind: 'segmentEdge', segmentId: 5, trackId: 1, span: { start: 2, end: 4 }, edge: 'end' },
      4,
      0,
      opts({ snap, duration: 10, threshold: 0.05 }),
    );
    const changes = () => (p.last() as Extract<DragEdit, { args: { changes: unknown } }>).args.changes;
    p.move(5.3, 0);
    expect(p.state()).toEqual({ timeline: 'resizingSegment' });
    expect(p.last()).toEqual({ name: 'segment.resize', args: { id: 5, changes: { start_time: 2, end_time: 5.5 } } });
    p.move(6.0, 0);
    expect(changes()).toEqual({ start_time: 2, end_time: 6.1 }); // playhead within 0.2 s
    p.move(0, 0);
    expect(changes()).toEqual({ start_time: 2, end_time: 2.1 });
    p.move(30, 0);
    expect(changes()).toEqual({ start_time: 2, end_time: 10 });
    p.up();
    expect(p.calls.at(-1)).toBe('commit');
    expect(p.state()).toEqual({ select: 'idle' });
  });

  it('moves a whole segment keeping its length', () => {
    const p = pointer();
    p.down(
      { kind: 'segment', segmentId: 5, trackId: 1, span: { start: 2, end: 4 } },
      3,
      0,
      opts({ duration: 10, threshold: 0.05 }),
    );
    p.move(4.2, 0);
    expect(p.state()).toEqual({ timeline: 'movingSegment' });
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
      target: { kind: 'segment', segmentId: 5, trackId: 1, span: { start: 2, end: 4 } },
      x: 3,
      y: 0,
      options: opts({ duration: 10, threshold: 0.05 }),
      frame: 0,
      shown: null,
      newTrackId: 3,
      source,
      toPoint: (e) => ({ x: e.clientX / 100, y: 0 }),
    });
    const fire = (type: string, clientX = 0) => {
      const e = new Event(type);
      Object.defineProperties(e, { clientX: { value: clientX }, clientY: { value: 0 } });
      source.dispatchEvent(e);
    };
    fire('pointermove', 400); // 4 s
    expect(actor.getSnapshot().value).toEqual({ timeline: 'movingSegment' });
    expect(edits[0]).toMatchObject({ args: { changes: { start_time: 3, end_time: 5 } } });
    fire('pointerup');
    expect(actor.getSnapshot().value).toEqual({ select: 'idle' });
    fire('pointermove', 800);
    expect(edits).toHaveLength(1);
  });

  it('a drag on an empty row previews a new action of that track over the snapped span; a press alone is a click', () => {
    const p = pointer();
    const o = opts({
      threshold: 0.03,
      duration: 20,
      snap: { snapTimeline: true, snapPlayhead: false, visibleSpan: 20, playhead: 0 },
    });
    p.down({ kind: 'segmentNew', trackId: 3, at: 4.2 }, 4.2, 0, o);
    p.move(6.1, 0);
    expect(p.state()).toEqual({ timeline: 'creatingSegment' });
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
