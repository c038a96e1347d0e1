// Drags through the TestEditor: box translate and resize, keypoint, timeline bar move and resize with
// snapping. Each previews in the document while moving (not an edit, nothing sent), becomes one history
// entry and one server op on release, and Escape goes back to the mark.
import { afterEach, describe, expect, it } from 'vitest';
import type { DocChangeReason } from '../../src/annotate/document/types';
import { TestEditor } from './test-editor';
import { frameAt } from '../../src/annotate/document/frame-blocks';

let te: TestEditor;
afterEach(() => te.dispose());

/** The reasons of every document change from now on. */
function reasons(t: TestEditor): DocChangeReason[] {
  const seen: DocChangeReason[] = [];
  t.editor.doc.subscribe((_d, _p, reason) => seen.push(reason));
  return seen;
}

describe('box drags', () => {
  it('translates a box: previews while moving, one entry and one PUT on release, undo PUTs the old box', async () => {
    te = new TestEditor(undefined, { frame: 1 }).enterEditMode();
    const original = te.doc;
    const seen = reasons(te);
    // Track 1 at frame 1 is x 0.11…0.31, y 0.1…0.5 of 1280×720: (140.8, 72)…(396.8, 360) px.
    expect(te.pointerDownBox(1, 'body', 200, 200)).toBe(true);
    expect(te.ui.selectedTrackId).toBe(1);
    te.pointerMove(201, 201); // below the 3 px threshold: still a click
    expect(te.editor.interaction.getSnapshot().value).toEqual({ select: 'pointing' });
    te.pointerMove(220, 210).pointerMove(250, 250);
    expect(te.editor.interaction.getSnapshot().value).toEqual({ select: 'translating' });
    expect(frameAt(te.doc.detections[1], 1)).toMatchObject({
      x1: expect.closeTo(190.8 / 1280, 6),
      y1: expect.closeTo(122 / 720, 6),
      source: 'human',
    });
    expect(te.sent).toEqual([]);
    expect(te.editor.history.getState().canUndo).toBe(false);
    te.pointerUp();
    await te.settle();
    expect(seen.filter((r) => r === 'edit')).toHaveLength(1);
    expect(seen.filter((r) => r === 'drag-preview').length).toBeGreaterThan(0);
    expect(te.editor.history.getState()).toMatchObject({ canUndo: true, undoLabel: 'Move box' });
    expect(te.sent).toEqual([
      {
        kind: 'detection.put',
        videoId: 7,
        trackId: 1,
        frame: 1,
        det: expect.objectContaining({
          x1: expect.closeTo(190.8 / 1280, 6),
          x2: expect.closeTo(446.8 / 1280, 6),
          source: 'human',
        }),
      },
    ]);
    expect(te.keyDown('z', { ctrl: true })).toBe(true);
    await te.settle();
    // the box as before, at the version the undo's save answered (the fake server's rows start with none)
    expect(frameAt(te.doc.detections[1], 1)).toEqual({ ...frameAt(original.detections[1], 1), version: 2 });
    expect(te.sent[1]).toEqual({
      kind: 'detection.put',
      videoId: 7,
      trackId: 1,
      frame: 1,
      det: frameAt(original.detections[1], 1),
    });
  });

  it('resizes from a corner on the 8 px grid when Snap grid is on', async () => {
    te = new TestEditor(undefined, { frame: 1 }).enterEditMode();
    te.editor.updateUi((s) => ({ toggles: { ...s.toggles, snapGrid: true } }));
    te.pointerDownBox(1, 'br', 396.8, 360);
    te.pointerMove(447.8, 413).pointerUp();
    await te.settle();
    expect(te.editor.interaction.getSnapshot().value).toEqual({ select: 'idle' });
    expect(te.sent).toEqual([
      {
        kind: 'detection.put',
        videoId: 7,
        trackId: 1,
        frame: 1,
        det: expect.objectContaining({ x1: expect.closeTo(0.11, 6), x2: 448 / 1280, y2: expect.closeTo(416 / 720, 6) }),
      },
    ]);
    expect(te.editor.history.getState().undoLabel).toBe('Resize box');
  });

  it('Escape bails back to the mark: the document is as before, nothing recorded or sent', async () => {
    te = new TestEditor(undefined, { frame: 1 }).enterEditMode();
    const original = te.doc;
    te.pointerDownBox(1, 'br', 396.8, 360);
    te.pointerMove(450, 400);
    expect(te.editor.interaction.getSnapshot().value).toEqual({ select: 'resizing' });
    expect(frameAt(te.doc.detections[1], 1)!.x2).toBeCloseTo(450 / 1280, 6);
    te.keyDown('Escape');
    expect(te.editor.interaction.getSnapshot().value).toEqual({ select: 'idle' });
    expect(te.doc).toEqual(original);
    te.pointerMove(500, 500).pointerUp(); // the listeners are gone with the drag
    await te.settle();
    expect(te.doc).toEqual(original);
    expect(te.sent).toEqual([]);
    expect(te.editor.history.getState().canUndo).toBe(false);
  });

  it('a press outside edit mode starts nothing', () => {
    te = new TestEditor(undefined, { frame: 1 });
    expect(te.pointerDownBox(1, 'body', 200, 200)).toBe(false);
    expect(te.editor.interaction.getSnapshot().value).toEqual({ select: 'idle' });
  });
});

describe('keypoint drag', () => {
  it('moves one keypoint of the selected track; the others stay; undo puts the old points back', async () => {
    te = new TestEditor(undefined, { frame: 2 }).enterEditMode();
    const before = frameAt(te.doc.detections[2], 2);
    // Every keypoint of track 2 is at (0.6, 0.6) → (768, 432) px.
    te.pointerDownKeypoint(2, 0, 768, 432);
    te.pointerMove(790, 420).pointerMove(800, 400);
    expect(te.editor.interaction.getSnapshot().value).toEqual({ select: 'movingJoint' });
    te.pointerUp();
    await te.settle();
    expect(te.sent).toHaveLength(1);
    const put = te.sent[0] as Extract<(typeof te.sent)[0], { kind: 'detection.put' }>;
    expect(put).toMatchObject({ kind: 'detection.put', trackId: 2, frame: 2 });
    expect(put.det.keypoints![0]).toBeCloseTo(800 / 1280, 6);
    expect(put.det.keypoints![1]).toBeCloseTo(400 / 720, 6);
    expect(put.det.keypoints![3]).toBeCloseTo(0.6, 6);
    te.editor.undo();
    await te.settle();
    expect(frameAt(te.doc.detections[2], 2)).toEqual({ ...before, version: 2 }); // at the version the undo's save answered
    expect(te.sent[1]).toMatchObject({ kind: 'detection.put', trackId: 2, frame: 2, det: before });
  });
});

describe('timeline bar drags', () => {
  it('moves a bar with timeline snapping (0.5 s steps on a 10 s video): one PATCH, undo PATCHes back', async () => {
    te = new TestEditor().enterEditMode();
    // Segment 11 is 0…2 s on track 1. Press its body at 1 s and move 1.1 s right.
    expect(te.pointerDownBar(11, 'body', 1)).toBe(true);
    expect(te.ui).toMatchObject({ selectedSegmentId: 11, selectedTrackId: 1 });
    te.pointerMoveToTime(1.5).pointerMoveToTime(2.1);
    expect(te.editor.interaction.getSnapshot().value).toEqual({ timeline: 'movingSegment' });
    expect(te.doc.segments[0]).toMatchObject({ start_time: 1, end_time: 3 });
    expect(te.sent).toEqual([]);
    te.pointerUp();
    await te.settle();
    expect(te.sent).toEqual([{ kind: 'segment.patch', videoId: 7, id: 11, fields: { start_time: 1, end_time: 3 } }]);
    expect(te.doc.segments[0]).toMatchObject({ start_time: 1, end_time: 3, version: 2, updated_by_id: 'test.user' });
    expect(te.keyDown('z', { ctrl: true })).toBe(true);
    await te.settle();
    expect(te.sent[1]).toEqual({ kind: 'segment.patch', videoId: 7, id: 11, fields: { start_time: 0, end_time: 2 } });
    expect(te.doc.segments[0]).toMatchObject({ start_time: 0, end_time: 2 });
  });

  it('resizes a bar end onto the playhead within 0.2 s, and keeps it inside the video', async () => {
    te = new TestEditor(undefined, { time: 6.1, frame: 183 }).enterEditMode();
    te.pointerDownBar(12, 'end', 4);
    te.pointerMoveToTime(6.0);
    expect(te.editor.interaction.getSnapshot().value).toEqual({ timeline: 'resizingSegment' });
    expect(te.doc.segments[1]).toMatchObject({ start_time: 3, end_time: 6.1 });
    te.pointerMoveToTime(30);
    expect(te.doc.segments[1]).toMatchObject({ start_time: 3, end_time: 10 });
    te.pointerMoveToTime(6.05).pointerUp();
    await te.settle();
    expect(te.sent).toEqual([{ kind: 'segment.patch', videoId: 7, id: 12, fields: { start_time: 3, end_time: 6.1 } }]);
    expect(te.editor.history.getState().undoLabel).toBe('Resize action');
  });

  it('a click on a bar selects it and changes nothing', async () => {
    te = new TestEditor().enterEditMode();
    const original = te.doc;
    te.pointerDownBar(12, 'body', 3.5);
    te.pointerMoveToTime(3.51).pointerUp();
    await te.settle();
    expect(te.ui.selectedSegmentId).toBe(12);
    expect(te.doc).toBe(original);
    expect(te.sent).toEqual([]);
  });
});
