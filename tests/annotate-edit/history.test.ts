// Undo/redo with patches, and the server following: undo queues the inverse ops, redo the forward ops.
import { describe, expect, it } from 'vitest';
import { EditHistory, historyKey } from '../../src/annotate/history/history';
import type { EditorDoc } from '../../src/annotate/document/types';
import type { ServerOp } from '../../src/annotate/save/server-ops';
import { det, sampleDoc, seg } from './fixtures';
import { frameAt } from '../../src/annotate/document/frame-blocks';

function setup() {
  let doc: EditorDoc | null = sampleDoc();
  const sent: ServerOp[] = [];
  const h = new EditHistory(
    {
      get: () => doc,
      set: (d) => {
        doc = d;
      },
    },
    (op) => sent.push(op),
  );
  return { h, sent, doc: () => doc! };
}

describe('edit history', () => {
  it('box move: saves the new box, undo saves the old box back, redo the new one again', () => {
    const { h, sent, doc } = setup();
    const original = doc();
    h.perform('box.move', { trackId: 1, frame: 1, box: { x1: 0.3, y1: 0.2, x2: 0.5, y2: 0.6 }, shown: det(0.11) });
    expect(frameAt(doc().detections[1], 1)!.x1).toBe(0.3);
    expect(sent).toEqual([
      expect.objectContaining({
        kind: 'detection.put',
        trackId: 1,
        frame: 1,
        det: expect.objectContaining({ x1: 0.3 }),
      }),
    ]);
    h.undo();
    expect(doc()).toEqual(original);
    expect(sent[1]).toEqual(
      expect.objectContaining({ kind: 'detection.put', det: expect.objectContaining({ x1: 0.11 }) }),
    );
    h.redo();
    expect(frameAt(doc().detections[1], 1)!.x1).toBe(0.3);
    expect(sent[2]).toEqual(
      expect.objectContaining({ kind: 'detection.put', det: expect.objectContaining({ x1: 0.3 }) }),
    );
  });

  it('undo of an edit on an interpolated frame deletes the stored row', () => {
    const { h, sent } = setup();
    h.perform('box.resize', { trackId: 1, frame: 9, box: { x1: 0.3, y1: 0.2, x2: 0.5, y2: 0.6 }, shown: det(0.2) });
    h.undo();
    expect(sent[1]).toEqual({ kind: 'detection.delete', videoId: 7, trackId: 1, frame: 9 });
  });

  it('a segment change saves only the changed fields, undo the old values', () => {
    const { h, sent } = setup();
    h.perform('segment.move', { id: 11, changes: { start_time: 1, end_time: 3 } });
    h.undo();
    expect(sent).toEqual([
      { kind: 'segment.patch', videoId: 7, id: 11, fields: { start_time: 1, end_time: 3 } },
      { kind: 'segment.patch', videoId: 7, id: 11, fields: { start_time: 0, end_time: 2 } },
    ]);
  });

  it('an add the server already did is not sent again; undo deletes it, redo re-creates it under its id', () => {
    const { h, sent, doc } = setup();
    h.perform('segment.add', { segment: seg(30, 1, 4, 6) }, { synced: true });
    expect(sent).toEqual([]);
    expect(doc().segments.map((s) => s.id)).toEqual([11, 12, 30]);
    h.undo();
    expect(sent[0]).toEqual({ kind: 'segment.delete', videoId: 7, id: 30 });
    h.redo();
    expect(sent[1]).toMatchObject({ kind: 'segment.create', purpose: 'restore', segment: { id: 30 } });
  });

  it('track delete undo restores with the token the server gave, redo deletes again', () => {
    const { h, sent, doc } = setup();
    h.perform('track.delete', { trackId: 2 }, { synced: true, token: 55 });
    expect(doc().trackIds).toEqual([1]);
    h.undo();
    expect(doc().trackIds).toEqual([1, 2]);
    expect(sent[0]).toMatchObject({ kind: 'track.restore', token: { value: 55 } });
    h.redo();
    expect(sent[1]).toMatchObject({ kind: 'track.delete', trackId: 2 });
  });

  it('a new edit clears redo; labels follow the stacks', () => {
    const { h } = setup();
    h.perform('segment.delete', { id: 11 }, { synced: true });
    expect(h.getState()).toMatchObject({ canUndo: true, canRedo: false, undoLabel: 'segment.delete' });
    h.undo();
    expect(h.getState()).toMatchObject({ canUndo: false, canRedo: true });
    h.perform('segment.resize', { id: 12, changes: { end_time: 5 } });
    expect(h.getState().canRedo).toBe(false);
    expect(h.perform('segment.resize', { id: 12, changes: { end_time: 5 } })).toBe(false); // no change, no entry
  });

  it('a drag: squashes replace each other on the mark, a window loaded meanwhile survives, commit records one entry', () => {
    const { h, sent, doc } = setup();
    const original = doc();
    h.mark();
    h.squash('segment.move', { id: 11, changes: { start_time: 1, end_time: 3 } });
    h.squash('segment.move', { id: 11, changes: { start_time: 2, end_time: 4 } });
    expect(doc().segments[0]).toMatchObject({ start_time: 2, end_time: 4 });
    expect(sent).toEqual([]);
    expect(h.getState().canUndo).toBe(false);
    h.commit();
    expect(h.getState()).toMatchObject({ canUndo: true, undoLabel: 'segment.move' });
    expect(sent).toEqual([{ kind: 'segment.patch', videoId: 7, id: 11, fields: { start_time: 2, end_time: 4 } }]);
    h.undo();
    expect(doc()).toEqual(original);
  });

  it('bail goes back to the mark and keeps what was loaded during the drag', () => {
    let current: EditorDoc | null = sampleDoc();
    const h = new EditHistory(
      {
        get: () => current,
        set: (d) => {
          current = d;
        },
      },
      () => {},
    );
    h.mark();
    h.squash('box.move', { trackId: 1, frame: 1, box: { x1: 0.3, y1: 0.2, x2: 0.5, y2: 0.6 }, shown: det(0.11) });
    current = { ...current!, windows: [...current!.windows, { from: 300, to: 450 }] }; // the loader merged a window
    h.bail();
    expect(frameAt(current!.detections[1], 1)!.x1).toBe(0.11);
    expect(current!.windows).toEqual([
      { from: 0, to: 300 },
      { from: 300, to: 450 },
    ]);
    expect(h.commit()).toBe(false);
    expect(h.getState().canUndo).toBe(false);
  });

  it('maps Ctrl+Z to undo and Ctrl+Shift+Z / Ctrl+Y to redo', () => {
    const k = (key: string, shiftKey = false, ctrlKey = true) =>
      historyKey({ key, shiftKey, ctrlKey, metaKey: false, altKey: false });
    expect(k('z')).toBe('undo');
    expect(k('Z', true)).toBe('redo');
    expect(k('y')).toBe('redo');
    expect(k('z', false, false)).toBeNull();
  });
});
