// The editor's side of optimistic concurrency (TestEditor, fake server): every change of a stored box or
// action sends the version it was based on, a save's answered version is the next one's base, and a 409
// keeps the user's draft on screen with a conflict naming who changed it and when.
import { afterEach, describe, expect, it } from 'vitest';
import { TestEditor } from '../annotate/test-editor';
import { sampleDoc } from './fixtures';
import { frameAt } from '../../src/annotate/document/frame-blocks';
import { ApiError } from '../../src/api/request';
import type { CompactDetection, EditorDoc } from '../../src/annotate/document/types';

let te: TestEditor;
afterEach(() => te.dispose());

function docWithVersions(): EditorDoc {
  const doc = sampleDoc();
  for (const f of [0, 1, 2]) frameAt(doc.detections[1], f)!.version = 4;
  return doc;
}
const shownAt = (frame: number) => frameAt(te.doc.detections[1], frame)!;
const move = (frame: number, x1: number, shown: CompactDetection = shownAt(frame)) =>
  te.editor.perform('box.move', { trackId: 1, frame, box: { x1, y1: 0.1, x2: x1 + 0.2, y2: 0.5 }, shown });

describe('versions the editor sends', () => {
  it('a box edit sends the version it read, and the next one the version the server answered', async () => {
    te = new TestEditor(docWithVersions()).enterEditMode();
    move(1, 0.3);
    await te.settle();
    move(1, 0.35);
    await te.settle();
    expect(te.sentVersions).toEqual([4, 5]);
    expect(shownAt(1).version).toBe(6); // the document keeps the saved version
  });

  it('a new box on a frame without a stored one sends no version, even when shown from a held detection', async () => {
    te = new TestEditor(docWithVersions()).enterEditMode();
    move(40, 0.3, shownAt(2)); // interpolation off: frame 40 shows frame 2's stored box
    await te.settle();
    expect(te.sent[0]).toMatchObject({ kind: 'detection.put', frame: 40 });
    expect(te.sentVersions).toEqual([undefined]);
    te.editor.undo(); // removes the new box again: based on the version the create answered
    await te.settle();
    expect(te.sent[1]).toMatchObject({ kind: 'detection.delete', frame: 40 });
    expect(te.sentVersions[1]).toBe(1);
  });

  it("an action delete sends the action's version", async () => {
    te = new TestEditor().enterEditMode();
    te.editor.perform('segment.delete', { id: 12 });
    await te.settle();
    expect(te.sent[0]).toMatchObject({ kind: 'segment.delete', id: 12 });
    expect(te.sentVersions).toEqual([1]);
  });
});

describe('a save someone else got in the way of', () => {
  it('keeps the draft on screen and a conflict naming who changed it and when, until it is dealt with', async () => {
    te = new TestEditor(docWithVersions()).enterEditMode();
    const detail =
      'This box was changed by ann.two at 2026-11-25T13:00:00.000Z (version 5). Reload to see the latest version before saving.';
    te.failWith = (op) => (op.kind === 'detection.put' ? new ApiError(409, detail) : null);
    move(1, 0.3);
    await te.settle();
    expect(shownAt(1).x1).toBeCloseTo(0.3);
    expect(te.editor.saves.getState().conflicts).toEqual([
      expect.objectContaining({ detail, op: expect.objectContaining({ kind: 'detection.put', frame: 1 }) }),
    ]);
    expect(te.editor.saves.hasUnsaved()).toBe(true);
    move(1, 0.32); // a second refused save of the same box replaces the first: one conflict, the newest draft
    await te.settle();
    const conflicts = te.editor.saves.getState().conflicts;
    expect(conflicts).toHaveLength(1);
    expect((conflicts[0].op as { det: CompactDetection }).det.x1).toBeCloseTo(0.32);
    te.editor.saves.dropConflict(conflicts[0].key);
    expect(te.editor.saves.hasUnsaved()).toBe(false);
  });
});

describe('versions after a track merge', () => {
  it('a merged box takes the version the server gives it: above the box it replaces, its own on an empty frame', async () => {
    const doc = docWithVersions();
    for (const f of [2, 3]) frameAt(doc.detections[2], f)!.version = 1;
    te = new TestEditor(doc).enterEditMode();
    te.editor.perform('track.merge', { baseTrackId: 1, mergeTrackId: 2 });
    await te.settle();
    expect(frameAt(te.doc.detections[1], 2)!.version).toBe(5); // replaced track 1's version-4 box
    expect(frameAt(te.doc.detections[1], 3)!.version).toBe(1);
    move(2, 0.3);
    await te.settle();
    expect(te.sentVersions.at(-1)).toBe(5);
  });
});
