// A timeline row as a place to work: a click on an empty part selects the track and seeks there (view and
// edit mode); in edit mode a drag there creates an action of that track over the dragged span, saved on
// the server first and then one undoable edit.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TestEditor } from './test-editor';
import { cursorFor } from '../../src/annotate/timeline/timeline-pointer';
import { seg } from '../annotate-edit/fixtures';

const tick = () => new Promise((r) => setTimeout(r, 0));
let te: TestEditor;
beforeEach(() => {
  te = new TestEditor();
  te.attachVideo();
});
afterEach(() => te.dispose());

describe('a click on a row', () => {
  it('view mode: selects the track and seeks to the time under the pointer', async () => {
    te.pointerDownRow(2, 4);
    await tick();
    expect(te.ui.selectedTrackId).toBe(2);
    expect(te.ui.frame).toBe(120);
    expect(te.sent).toEqual([]);
  });

  it('edit mode: a press and release without a drag selects and seeks, and creates nothing', async () => {
    te.enterEditMode();
    te.editor.updateUi({ selectedSegmentId: 11 });
    te.pointerDownRow(1, 7.5);
    te.pointerUp();
    await tick();
    expect(te.ui).toMatchObject({ selectedTrackId: 1, selectedSegmentId: null, frame: 225 });
    expect(te.doc.segments).toHaveLength(2);
    expect(te.sent).toEqual([]);
  });
});

describe('a drag on a row (edit mode)', () => {
  it('previews the new action while dragging, then saves it, selects it and makes one undoable edit', async () => {
    te.enterEditMode();
    te.pointerDownRow(2, 5.1);
    te.pointerMoveToTime(6.2);
    // the preview, snapped to the 0.5 s step of a 10 s view
    expect(te.doc.segments.find((s) => s.id < 0)).toMatchObject({ track_id: 2, start_time: 5, end_time: 6 });
    expect(te.sent).toEqual([]);
    te.pointerMoveToTime(6.4);
    te.pointerUp();
    await te.settle();
    const made = te.doc.segments.filter((s) => s.start_time === 5);
    expect(made).toEqual([
      expect.objectContaining({
        id: 100,
        track_id: 2,
        action_class: 'run',
        start_time: 5,
        end_time: 6.5,
        human_verified: true,
      }),
    ]);
    expect(te.doc.segments.some((s) => s.id < 0)).toBe(false);
    expect(te.sent).toEqual([
      expect.objectContaining({
        kind: 'segment.create',
        purpose: 'add',
        segment: expect.objectContaining({ track_id: 2, start_time: 5, end_time: 6.5 }),
      }),
    ]);
    expect(te.ui).toMatchObject({ selectedSegmentId: 100, selectedTrackId: 2 });
    expect(te.editor.history.getState().undoLabel).toBe('Create action');

    te.keyDown('z', { ctrl: true });
    await te.settle();
    expect(te.doc.segments.map((s) => s.id)).toEqual([11, 12]);
    expect(te.sent.at(-1)).toMatchObject({ kind: 'segment.delete', id: 100 });
    te.keyDown('y', { ctrl: true });
    await te.settle();
    expect(te.doc.segments.find((s) => s.id === 100)).toMatchObject({ start_time: 5, end_time: 6.5 });
    expect(te.sent.at(-1)).toMatchObject({
      kind: 'segment.create',
      purpose: 'restore',
      segment: expect.objectContaining({ id: 100 }),
    });
  });

  it('works leftwards too, and stays inside the video', async () => {
    te.enterEditMode();
    te.pointerDownRow(1, 1.2);
    te.pointerMoveToTime(-3);
    te.pointerUp();
    await te.settle();
    expect(te.doc.segments.find((s) => s.id === 100)).toMatchObject({ track_id: 1, start_time: 0, end_time: 1 });
  });

  it('Escape during the drag creates nothing', async () => {
    te.enterEditMode();
    te.pointerDownRow(1, 3);
    te.pointerMoveToTime(5);
    te.keyDown('Escape');
    te.pointerUp();
    await te.settle();
    expect(te.doc.segments.map((s) => s.id)).toEqual([11, 12]);
    expect(te.sent).toEqual([]);
  });
});

describe('the cursor over the rows', () => {
  const bar = seg(11, 1, 0, 2);
  it('edit mode: resize on a bar end, move on its body, a crosshair on an empty row; view mode: a pointer', () => {
    expect(cursorFor({ trackId: 1, time: 0, segment: bar, part: 'start' }, false, 'edit')).toBe('ew-resize');
    expect(cursorFor({ trackId: 1, time: 2, segment: bar, part: 'end' }, false, 'edit')).toBe('ew-resize');
    expect(cursorFor({ trackId: 1, time: 1, segment: bar, part: 'body' }, false, 'edit')).toBe('grab');
    expect(cursorFor({ trackId: 1, time: 5, segment: null, part: 'body' }, false, 'edit')).toBe('crosshair');
    expect(cursorFor({ trackId: 1, time: 0, segment: bar, part: 'start' }, false, 'view')).toBe('pointer');
    expect(cursorFor({ trackId: null, time: 5, segment: null, part: 'body' }, true, 'edit')).toBe('pointer');
  });
});
