// Edits through the TestEditor that are not drags: track merge and delete, action delete, the keys
// (arrows, undo / redo), and leaving edit mode while a save keeps failing. Each asserts the document and
// the server ops the API edge received.
import { afterEach, describe, expect, it } from 'vitest';
import { deleteTrack, mergeTracks } from '../../src/annotate/edit/track-edits';
import { deleteSegment, saveAll } from '../../src/annotate/edit/segment-saves';
import { TestEditor } from './test-editor';
import { frameAt } from '../../src/annotate/document/frame-blocks';

let te: TestEditor;
afterEach(() => te.dispose());

describe('track merge', () => {
  it('merges on the server first, then in the document; undo restores with the token, redo merges again', async () => {
    te = new TestEditor(undefined, { selectedTrackId: 2 }).enterEditMode();
    expect(await mergeTracks(te.editor, 1, 2)).toBe(true);
    expect(te.sent).toEqual([
      { kind: 'track.merge', videoId: 7, baseTrackId: 1, mergeTrackId: 2, token: { value: null } },
    ]);
    expect(te.doc.trackIds).toEqual([1]);
    expect(te.doc.segments.map((s) => [s.id, s.track_id])).toEqual([
      [11, 1],
      [12, 1],
    ]);
    expect(frameAt(te.doc.detections[1], 3)!.x1).toBeCloseTo(0.52, 6); // track 2's frame joined track 1
    expect(te.ui.selectedTrackId).toBe(1);
    expect(te.keyDown('z', { ctrl: true })).toBe(true);
    await te.settle();
    expect(te.sent[1]).toEqual({ kind: 'track.restore', videoId: 7, token: { value: 1 } });
    expect(te.doc.trackIds).toEqual([1, 2]);
    expect(te.doc.segments.map((s) => [s.id, s.track_id])).toEqual([
      [11, 1],
      [12, 2],
    ]);
    expect(te.keyDown('y', { ctrl: true })).toBe(true);
    await te.settle();
    expect(te.sent[2]).toMatchObject({ kind: 'track.merge', baseTrackId: 1, mergeTrackId: 2 });
    expect(te.doc.trackIds).toEqual([1]);
  });

  it('a failed merge changes nothing and says why', async () => {
    te = new TestEditor().enterEditMode();
    te.failWith = (op) => (op.kind === 'track.merge' ? new TypeError('Failed to fetch') : null);
    expect(await mergeTracks(te.editor, 1, 2)).toBe(false);
    expect(te.doc.trackIds).toEqual([1, 2]);
    expect(te.messages).toEqual(['Merge failed (network error): Failed to fetch']);
    expect(te.editor.history.getState().canUndo).toBe(false);
  });
});

describe('delete', () => {
  it('deletes a track with its actions; undo restores it', async () => {
    te = new TestEditor(undefined, { selectedTrackId: 2, selectedSegmentId: 12 }).enterEditMode();
    expect(await deleteTrack(te.editor, 2)).toBe(true);
    expect(te.sent).toEqual([{ kind: 'track.delete', videoId: 7, trackId: 2, token: { value: null } }]);
    expect(te.doc.trackIds).toEqual([1]);
    expect(te.doc.segments.map((s) => s.id)).toEqual([11]);
    expect(te.ui).toMatchObject({ selectedTrackId: null, selectedSegmentId: null });
    te.editor.undo();
    await te.settle();
    expect(te.sent[1]).toEqual({ kind: 'track.restore', videoId: 7, token: { value: 1 } });
    expect(te.doc.trackIds).toEqual([1, 2]);
    expect(te.doc.segments.map((s) => s.id)).toEqual([11, 12]);
  });

  it('deletes an action; undo re-creates it under its id', async () => {
    te = new TestEditor().enterEditMode();
    const was = te.doc.segments[0];
    await deleteSegment(te.editor, 11);
    expect(te.sent).toEqual([{ kind: 'segment.delete', videoId: 7, id: 11 }]);
    expect(te.doc.segments.map((s) => s.id)).toEqual([12]);
    te.editor.undo();
    await te.settle();
    expect(te.sent[1]).toEqual({ kind: 'segment.create', videoId: 7, segment: was, purpose: 'restore' });
    expect(te.doc.segments.map((s) => s.id)).toEqual([11, 12]);
  });
});

describe('keys, undo and redo', () => {
  it('Shift+Arrow moves the selected box 5 px; Ctrl+Z and Ctrl+Shift+Z undo and redo it on the server too', async () => {
    te = new TestEditor().enterEditMode();
    te.pointerDownBox(1, 'body', 200, 200); // a click selects track 1
    te.pointerUp();
    expect(te.ui.selectedTrackId).toBe(1);
    expect(te.keyDown('ArrowRight', { shift: true })).toBe(true);
    expect(frameAt(te.doc.detections[1], 0)!.x1).toBeCloseTo(0.1 + 5 / 1280, 6);
    await te.settle();
    te.keyDown('z', { ctrl: true });
    expect(frameAt(te.doc.detections[1], 0)!.x1).toBeCloseTo(0.1, 6);
    await te.settle();
    te.keyDown('z', { ctrl: true, shift: true });
    await te.settle();
    expect(te.sent.map((o) => o.kind === 'detection.put' && o.det.x1)).toEqual([
      expect.closeTo(0.1 + 5 / 1280, 6),
      expect.closeTo(0.1, 6),
      expect.closeTo(0.1 + 5 / 1280, 6),
    ]);
    expect(te.editor.history.getState()).toMatchObject({ canUndo: true, canRedo: false, undoLabel: 'Move box' });
  });

  it('edit keys change nothing in view mode: an arrow steps the frame instead of moving the selected box', () => {
    te = new TestEditor(undefined, { selectedTrackId: 1 });
    const box = te.doc.detections[1][0][1];
    expect(te.keyDown('ArrowRight')).toBe(true);
    expect(te.keyDown('Delete')).toBe(false);
    expect(te.doc.detections[1][0][1]).toBe(box);
    expect(te.sent).toEqual([]);
  });
});

describe('edit mode', () => {
  it('a guest is asked to sign in and stays in view mode', () => {
    te = new TestEditor();
    te.editor.requestMode('edit', {
      signedIn: false,
      requireSignIn: (text) => {
        te.messages.push(text ?? '');
      },
    });
    expect(te.ui.mode).toBe('view');
    expect(te.messages).toEqual(['Please sign in to edit annotations.']);
  });

  it('leaving waits at most 5 s for a failing save, which keeps retrying until it lands', async () => {
    te = new TestEditor(undefined, { selectedTrackId: 1 }).enterEditMode();
    te.failWith = () => new TypeError('Failed to fetch');
    te.keyDown('ArrowDown');
    await new Promise((r) => setTimeout(r, 0)); // the save failed and waits for its retry
    te.editor.requestMode('view', { signedIn: true, requireSignIn: () => {} });
    expect(te.ui.mode).toBe('view');
    expect(te.editor.mode.getSnapshot().value).toBe('leaving');
    te.clock.advance(4999);
    expect(te.editor.mode.getSnapshot().value).toBe('leaving');
    te.clock.advance(1);
    expect(te.editor.mode.getSnapshot().value).toBe('view');
    expect(te.editor.saves.hasUnsaved()).toBe(true);
    te.failWith = null;
    await new Promise((r) => setTimeout(r, 0)); // the last failed try schedules its retry
    te.clock.advance(60_000);
    await te.settle();
    expect(te.editor.saves.hasUnsaved()).toBe(false);
    expect(te.sent).toEqual([expect.objectContaining({ kind: 'detection.put', trackId: 1, frame: 0 })]);
  });

  it('another video opens in view mode, and edit mode can be entered again', () => {
    te = new TestEditor().enterEditMode();
    te.editor.updateUi((s) => ({ toggles: { ...s.toggles, snapGrid: true } }));
    const close = te.editor.open(8, () => {});
    expect(te.ui.mode).toBe('view');
    expect(te.ui.toggles.snapGrid).toBe(true); // toggles stay from video to video
    te.enterEditMode();
    expect(te.ui.mode).toBe('edit');
    close();
  });

  it('dispose stops the drag and mode actors', () => {
    te = new TestEditor().enterEditMode();
    te.dispose();
    expect(te.editor.interaction.getSnapshot().status).toBe('stopped');
    expect(te.editor.mode.getSnapshot().status).toBe('stopped');
  });
});

describe('Save All', () => {
  it('says that everything is saved, or how many changes are still on their way', async () => {
    te = new TestEditor(undefined, { selectedTrackId: 1 }).enterEditMode();
    expect(saveAll(te.editor)).toBe('Everything is saved.');
    te.keyDown('ArrowRight');
    te.keyDown('ArrowDown');
    expect(saveAll(te.editor)).toBe('Not everything is saved yet: saving 2 changes.');
    expect(te.messages.at(-1)).toBe('Not everything is saved yet: saving 2 changes.');
    await te.settle();
    expect(saveAll(te.editor)).toBe('Everything is saved.');
  });
});
