// Drawing a person through the TestEditor: a drag on an empty area of the frame makes a new human-made
// track (or a keyframe of the selected track with no box here), the pose assist fills its skeleton into the
// same history entry, a drawn track is interpolated between its keyframes, and Escape bails a draw.
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

  it('with a selected track that has no box at this frame, the drawn box becomes its keyframe (PUT, no version)', async () => {
    te = new TestEditor(withVersions(), { selectedTrackId: 2 }).enterEditMode();
    te.pointerDownEmpty(100, 100);
    te.pointerMove(300, 400).pointerUp();
    await te.settle();
    expect(te.doc.trackIds).toEqual([1, 2]);
    expect(frameAt(te.doc.detections[2], 0)).toMatchObject({ x1: 100 / 1280, source: 'human' });
    expect(te.doc.trackRanges[2]).toEqual({ first: 0, last: 3 });
    expect(te.sent).toEqual([expect.objectContaining({ kind: 'detection.keyframe', trackId: 2, frame: 0 })]);
    expect(te.sentVersions).toEqual([undefined]);
  });

  it('a drawn track is interpolated between its keyframes (box and joints present at both ends)', async () => {
    te = new TestEditor(withVersions()).enterEditMode();
    te.pointerDownEmpty(0, 0);
    te.pointerMove(100, 100).pointerUp();
    te.assistCalls[0].answer(skeleton());
    await tick();
    await te.settle();
    te.editor.updateUi({ frame: 4 });
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
    expect(te.ui.drawTool).toBe(true);
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
