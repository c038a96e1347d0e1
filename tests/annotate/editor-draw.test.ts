// Drawing a person through the TestEditor: a drag on an empty area of the frame always makes a new
// human-made track (Shift+B redraws the selected track's box instead), the pose assist fills its skeleton
// into the same history entry, a drawn track is interpolated between its keyframes, Escape bails a draw and
// clears the selection, and a click on the empty picture clears it too.
import { afterEach, describe, expect, it } from 'vitest';
import { TestEditor } from './test-editor';
import { frameAt, framesOf } from '../../src/annotate/document/frame-blocks';
import { sampleDoc } from '../annotate-edit/fixtures';

let te: TestEditor;
afterEach(() => te.dispose());

const withVersions = () => ({ ...sampleDoc(), trackVersions: { 1: 4, 2: 9 } });
const skeleton = () => ({
  keypoints: Array.from({ length: 17 }, (_, i) => [0.5 + i / 100, 0.6, 0.9] as [number, number, number]),
  score: 0.8,
  model: 'pose',
});
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('box draw', () => {
  it('a drag on an empty area draws a new track; the assist fills its skeleton; one undo removes both, redo brings both', async () => {
    te = new TestEditor(withVersions()).enterEditMode();
    expect(te.pointerDownEmpty(640, 360)).toBe(true);
    te.pointerMove(900, 600);
    // the preview shows while dragging, without a skeleton
    expect(frameAt(te.doc.detections[3], 0)).toMatchObject({
      x1: 0.5,
      y1: 0.5,
      x2: 900 / 1280,
      y2: 600 / 720,
      source: 'human',
      keypoints: null,
    });
    te.pointerUp();
    expect(te.doc.trackIds).toEqual([1, 2, 3]);
    expect(te.doc.trackRanges[3]).toEqual({ first: 0, last: 0 });
    expect(te.ui.selectedTrackId).toBe(3);
    await te.settle();
    expect(te.sent).toEqual([expect.objectContaining({ kind: 'track.create', trackId: 3, frame: 0 })]);
    expect(te.assistCalls.map((c) => [c.frame, c.box])).toEqual([
      [0, { x1: 0.5, y1: 0.5, x2: 900 / 1280, y2: 600 / 720 }],
    ]);

    te.assistCalls[0].answer(skeleton());
    await tick();
    await te.settle();
    const kp = frameAt(te.doc.detections[3], 0)!.keypoints!;
    expect([kp[0], kp[1], kp[2]]).toEqual([0.5, expect.closeTo(0.6), expect.closeTo(0.9)]);
    // the skeleton is a keyframe PUT based on the version the create answered
    expect(te.sent[1]).toMatchObject({ kind: 'detection.keyframe', trackId: 3, frame: 0 });
    expect(te.sentVersions[1]).toBe(1);
    expect(te.doc.trackVersions![3]).toBe(2);

    expect(te.keyDown('z', { ctrl: true })).toBe(true);
    await te.settle();
    expect(te.doc.trackIds).toEqual([1, 2]);
    expect(te.doc.detections[3]).toBeUndefined();
    expect(te.sent[2]).toEqual({ kind: 'detection.delete', videoId: 7, trackId: 3, frame: 0 });
    expect(te.sentVersions[2]).toBe(2);
    expect(te.editor.history.getState().canUndo).toBe(false);

    te.keyDown('y', { ctrl: true });
    await te.settle();
    expect(frameAt(te.doc.detections[3], 0)!.keypoints).not.toBeNull();
    expect(te.sent.slice(3).map((o) => o.kind)).toEqual(['track.create', 'detection.keyframe']);
  });

  it('with a track selected, a drag on the empty picture still starts a new person, each time', async () => {
    te = new TestEditor(withVersions(), { selectedTrackId: 2 }).enterEditMode();
    te.pointerDownEmpty(100, 100);
    te.pointerMove(300, 400).pointerUp();
    expect(te.ui.selectedTrackId).toBe(3);
    te.editor.updateUi({ frame: 1 });
    te.pointerDownEmpty(120, 100);
    te.pointerMove(320, 400).pointerUp();
    await te.settle();
    expect(te.doc.trackIds).toEqual([1, 2, 3, 4]);
    expect(frameAt(te.doc.detections[2], 0)?.source).not.toBe('human');
    expect(framesOf(te.doc.detections[3]).map(([f]) => f)).toEqual([0]);
    expect(te.sent.filter((o) => o.kind === 'track.create').map((o) => (o as { trackId: number }).trackId)).toEqual([
      3, 4,
    ]);
  });

  it("Shift+B redraws the selected track's box at this frame (its keyframe, a PUT), then the tool is select again", async () => {
    te = new TestEditor(withVersions(), { selectedTrackId: 2 }).enterEditMode();
    expect(te.keyDown('B', { shift: true })).toBe(true);
    expect(te.editor.interaction.getSnapshot().context).toMatchObject({ tool: 'draw', drawInto: 2 });
    te.pointerDownEmpty(100, 100);
    te.pointerMove(300, 400).pointerUp();
    await te.settle();
    expect(te.doc.trackIds).toEqual([1, 2]);
    expect(frameAt(te.doc.detections[2], 0)).toMatchObject({ x1: 100 / 1280, source: 'human' });
    expect(te.doc.trackRanges[2]).toEqual({ first: 0, last: 3 });
    expect(te.sent).toEqual([expect.objectContaining({ kind: 'detection.keyframe', trackId: 2, frame: 0 })]);
    expect(te.sentVersions).toEqual([undefined]);
    expect(te.editor.interaction.getSnapshot().context.tool).toBe('select');
  });

  it('Shift+B with nothing selected does nothing; Escape leaves the redraw before a box is drawn', () => {
    te = new TestEditor(withVersions()).enterEditMode();
    expect(te.keyDown('B', { shift: true })).toBe(false);
    expect(te.editor.interaction.getSnapshot().context.tool).toBe('select');
    te.editor.updateUi({ selectedTrackId: 1 });
    te.keyDown('B', { shift: true });
    expect(te.keyDown('Escape')).toBe(true);
    expect(te.editor.interaction.getSnapshot().context.tool).toBe('select');
    expect(te.ui.selectedTrackId).toBe(1);
  });

  it('Escape clears the selection, and a box drawn afterwards makes a new track', async () => {
    te = new TestEditor(withVersions(), { selectedTrackId: 2, selectedKeypoint: 3 }).enterEditMode();
    expect(te.keyDown('Escape')).toBe(true);
    expect([te.ui.selectedTrackId, te.ui.selectedKeypoint, te.ui.selectedSegmentId]).toEqual([null, null, null]);
    expect(te.keyDown('Escape')).toBe(false); // nothing left to clear: the key is not taken
    te.pointerDownEmpty(100, 100);
    te.pointerMove(300, 400).pointerUp();
    await te.settle();
    expect(te.doc.trackIds).toEqual([1, 2, 3]);
    expect(te.sent).toEqual([expect.objectContaining({ kind: 'track.create', trackId: 3 })]);
  });

  it('a click on an empty part of the picture clears the selection and draws nothing', async () => {
    te = new TestEditor(withVersions(), { selectedTrackId: 1, selectedSegmentId: 11 }).enterEditMode();
    te.pointerDownEmpty(1200, 700);
    te.pointerUp();
    await te.settle();
    expect([te.ui.selectedTrackId, te.ui.selectedSegmentId]).toEqual([null, null]);
    expect(te.doc.trackIds).toEqual([1, 2]);
    expect(te.sent).toEqual([]);
  });

  it('a drawn track is interpolated between its keyframes (box and joints present at both ends)', async () => {
    te = new TestEditor(withVersions()).enterEditMode();
    te.pointerDownEmpty(0, 0);
    te.pointerMove(100, 100).pointerUp();
    te.assistCalls[0].answer(skeleton());
    await tick();
    await te.settle();
    te.editor.updateUi({ frame: 4 });
    te.keyDown('B', { shift: true }); // the drawn track is selected: redraw it at frame 4
    te.pointerDownEmpty(400, 0);
    te.pointerMove(500, 100).pointerUp();
    expect(framesOf(te.doc.detections[3]).map(([f, d]) => [f, d.source])).toEqual([
      [0, 'human'],
      [1, 'interpolated'],
      [2, 'interpolated'],
      [3, 'interpolated'],
      [4, 'human'],
    ]);
    expect(frameAt(te.doc.detections[3], 2)!.x1).toBeCloseTo(200 / 1280, 6);
    // the second keyframe has no skeleton yet: no joint is present at both ends
    expect(frameAt(te.doc.detections[3], 2)!.keypoints).toBeNull();
    te.assistCalls[1].answer(skeleton());
    await tick();
    expect(frameAt(te.doc.detections[3], 4)!.keypoints).not.toBeNull();
  });

  it('Escape bails a draw: nothing drawn, sent or asked of the assist', async () => {
    te = new TestEditor(withVersions()).enterEditMode();
    te.pointerDownEmpty(640, 360);
    te.pointerMove(900, 600);
    expect(te.doc.trackIds).toEqual([1, 2, 3]);
    te.keyDown('Escape');
    te.pointerUp();
    await te.settle();
    expect(te.doc.trackIds).toEqual([1, 2]);
    expect(te.doc.detections[3]).toBeUndefined();
    expect(te.sent).toEqual([]);
    expect(te.assistCalls).toEqual([]);
  });

  it("B switches the 'New box' tool: a press on a box then draws instead of moving it", () => {
    te = new TestEditor(withVersions()).enterEditMode();
    te.keyDown('b');
    expect(te.editor.interaction.getSnapshot().context.tool).toBe('draw');
    te.pointerDownBox(1, 'body', 200, 200);
    te.pointerMove(260, 300).pointerUp();
    expect(frameAt(te.doc.detections[1], 0)!.x1).toBeCloseTo(0.1, 6); // track 1 did not move
    expect(frameAt(te.doc.detections[3], 0)).toMatchObject({ x1: 200 / 1280, x2: 260 / 1280 });
  });

  it('a failed assist leaves the drawn box without a skeleton and says so', async () => {
    te = new TestEditor(withVersions()).enterEditMode();
    te.pointerDownEmpty(10, 10);
    te.pointerMove(60, 90).pointerUp();
    te.assistCalls[0].answer(new Error('Pose model unavailable'));
    await tick();
    expect(frameAt(te.doc.detections[3], 0)!.keypoints).toBeNull();
    expect(te.messages).toEqual(['No skeleton for the drawn box: Pose model unavailable']);
  });
  it("an assist answering after a second box was drawn does not join the second box's undo", async () => {
    te = new TestEditor(withVersions()).enterEditMode();
    te.pointerDownEmpty(10, 10);
    te.pointerMove(60, 90).pointerUp();
    te.pointerDownEmpty(300, 10);
    te.pointerMove(360, 90).pointerUp();
    expect(te.doc.trackIds).toEqual([1, 2, 3, 4]);
    te.assistCalls[0].answer(skeleton());
    await tick();
    expect(frameAt(te.doc.detections[3], 0)!.keypoints).toBeNull();
    te.assistCalls[1].answer(skeleton());
    await tick();
    expect(frameAt(te.doc.detections[4], 0)!.keypoints).not.toBeNull();
    te.editor.undo();
    expect(te.doc.trackIds).toEqual([1, 2, 3]);
    expect(frameAt(te.doc.detections[3], 0)!.keypoints).toBeNull();
  });
});
