// Hidden joints in the editor: the J key cycles the selected joint visible → occluded → absent → visible,
// the data panel's buttons set it and place a missing joint again, each as one command with undo / redo,
// and every change is saved as the detection's PATCH carrying keypoint_visibility and the version.
import { afterEach, describe, expect, it } from 'vitest';
import { TestEditor } from './test-editor';
import { frameAt } from '../../src/annotate/document/frame-blocks';
import { detectionBody, type ServerOp } from '../../src/annotate/save/server-ops';
import { jointVisibilityArgs } from '../../src/annotate/commands/keypoint-visibility';
import { shownAt } from '../../src/annotate/document/interpolate';

let te: TestEditor;
afterEach(() => te.dispose());

const visOf = (track: number, frame: number) => {
  const v = frameAt(te.doc.detections[track], frame)!.visibility;
  return v ? Array.from(v) : null;
};
const sentBody = (i: number) => detectionBody((te.sent[i] as Extract<ServerOp, { kind: 'detection.put' }>).det);
const all = (v: number) => Array<number>(17).fill(v);
const withJoint = (j: number, v: number) => all(2).map((x, i) => (i === j ? v : x));

describe('the J key on the selected joint', () => {
  it('a press on a keypoint selects that joint; O cycles it and each step is saved with its version', async () => {
    te = new TestEditor(undefined, { frame: 2 }).enterEditMode();
    // every keypoint of track 2 is at (0.6, 0.6) → (768, 432) px
    expect(te.pointerDownKeypoint(2, 5, 768, 432)).toBe(true);
    te.pointerUp();
    expect(te.ui).toMatchObject({ selectedTrackId: 2, selectedKeypoint: 5 });

    // each press is saved before the next (waiting saves of one frame would be replaced by the latest)
    expect(te.keyDown('j')).toBe(true);
    expect(visOf(2, 2)).toEqual(withJoint(5, 1));
    await te.settle();
    te.keyDown('j');
    expect(visOf(2, 2)).toEqual(withJoint(5, 0));
    await te.settle();
    te.keyDown('J');
    expect(visOf(2, 2)).toEqual(withJoint(5, 2));
    await te.settle();
    expect(te.sent.map((op) => op.kind)).toEqual(['detection.put', 'detection.put', 'detection.put']);
    expect([0, 1, 2].map((i) => sentBody(i).keypoint_visibility)).toEqual([
      withJoint(5, 1),
      withJoint(5, 0),
      withJoint(5, 2),
    ]);
    // the box and keypoints travel unchanged with it
    expect(sentBody(0)).toMatchObject({ x1: 0.5, x2: expect.closeTo(0.7, 6) });
    // each save is based on the version the last one answered (the fixture has none stored: a new row first)
    expect(te.sentVersions).toEqual([undefined, 1, 2]);
  });

  it('undo puts the previous visibility back and sends it; undoing the first change clears the stored one (null)', async () => {
    te = new TestEditor(undefined, { frame: 3, selectedTrackId: 2, selectedKeypoint: 0 }).enterEditMode();
    const press = async (key: string, ctrl = false) => {
      te.keyDown(key, { ctrl });
      await te.settle();
    };
    await press('j');
    await press('j');
    await press('z', true);
    expect(visOf(2, 3)).toEqual(withJoint(0, 1));
    await press('z', true);
    expect(visOf(2, 3)).toBeNull();
    await press('y', true);
    expect(visOf(2, 3)).toEqual(withJoint(0, 1));
    expect(te.sent.map((_, i) => sentBody(i).keypoint_visibility)).toEqual([
      withJoint(0, 1),
      withJoint(0, 0),
      withJoint(0, 1),
      null,
      withJoint(0, 1),
    ]);
  });

  it('does nothing without a selected joint, or in view mode', () => {
    te = new TestEditor(undefined, { frame: 2, selectedTrackId: 2 }).enterEditMode();
    expect(te.keyDown('j')).toBe(false);
    te.editor.updateUi({ selectedKeypoint: 3, mode: 'view' });
    expect(te.keyDown('j')).toBe(false);
    expect(visOf(2, 2)).toBeNull();
  });
});

describe('setting and placing from the data panel', () => {
  it('sets a joint occluded, then absent; placing it again puts it at the box centre, visible; undo makes it absent again', async () => {
    te = new TestEditor(undefined, { frame: 0, selectedTrackId: 1 }).enterEditMode();
    const perform = (index: number, v: 0 | 1 | 2, place = false) => {
      const shown = shownAt(te.doc, te.ui, 0)(1)!;
      return te.editor.perform('keypoint.visibility', jointVisibilityArgs(1, 0, shown, index, v, place));
    };
    expect(perform(9, 1)).toBe(true);
    await te.settle();
    expect(perform(9, 0)).toBe(true);
    await te.settle();
    expect(visOf(1, 0)).toEqual(withJoint(9, 0));
    expect(perform(9, 2, true)).toBe(true);
    await te.settle();
    const det = frameAt(te.doc.detections[1], 0)!;
    // track 1's box at frame 0: x 0.1 … 0.3, y 0.1 … 0.5
    expect([det.keypoints![27], det.keypoints![28]]).toEqual([expect.closeTo(0.2, 6), expect.closeTo(0.3, 6)]);
    expect(visOf(1, 0)).toEqual(all(2));
    te.keyDown('z', { ctrl: true });
    expect(visOf(1, 0)).toEqual(withJoint(9, 0));
    await te.settle();
    expect(sentBody(2).keypoints![9]).toEqual([expect.closeTo(0.2, 6), expect.closeTo(0.3, 6), expect.closeTo(0.2, 6)]);
    expect(sentBody(3).keypoint_visibility).toEqual(withJoint(9, 0));
  });
});
