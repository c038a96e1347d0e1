// The correction commands through the TestEditor: Delete vs Shift+Delete, the timeline's range delete,
// split, swap, move of a frame range, interpolate, propagate, the outside keyframe and 'Follow this person'.
// Each asserts the document after it, the server ops with the track versions they carry, undo and redo.
import { afterEach, describe, expect, it } from 'vitest';
import { TestEditor } from './test-editor';
import { frameAt, framesOf, toBlocked } from '../../src/annotate/document/frame-blocks';
import { performCorrection } from '../../src/annotate/edit/range-edits';
import { startFollow } from '../../src/annotate/edit/follow';
import { navCommand } from '../../src/annotate/keys/key-registry';
import type { CompactDetection, EditorDoc } from '../../src/annotate/document/types';
import { det, sampleDoc } from '../annotate-edit/fixtures';

let te: TestEditor;
afterEach(() => te.dispose());

const withVersions = (): EditorDoc => ({ ...sampleDoc(), trackVersions: { 1: 4, 2: 9 } });
const human = (x1: number): CompactDetection => ({ ...det(x1), source: 'human', version: 3 });
/** Track 1 over frames 0..4: keyframes at 0 and 4 around AI frames. */
const keyed = (): EditorDoc => ({
  ...withVersions(),
  trackRanges: { 1: { first: 0, last: 4 }, 2: { first: 2, last: 3 } },
  detections: {
    ...sampleDoc().detections,
    1: toBlocked({ 0: human(0.1), 1: det(0.3), 2: det(0.3), 3: det(0.3), 4: human(0.5) }),
  },
});
const frames = (track: number) => framesOf(te.doc.detections[track]).map(([f]) => f);

describe('Delete and Shift+Delete', () => {
  it('Delete removes the selected box at this frame only; undo stores it again', async () => {
    te = new TestEditor(withVersions(), { selectedTrackId: 1, frame: 1 }).enterEditMode();
    expect(te.keyDown('Delete')).toBe(true);
    expect(frames(1)).toEqual([0, 2]);
    await te.settle();
    expect(te.sent).toEqual([{ kind: 'detection.delete', videoId: 7, trackId: 1, frame: 1 }]);
    te.keyDown('z', { ctrl: true });
    await te.settle();
    expect(frames(1)).toEqual([0, 1, 2]);
    expect(te.sent[1]).toMatchObject({ kind: 'detection.put', trackId: 1, frame: 1 });
  });

  it("Delete sends the removed box's stored version (the box is gone from the document by the time it saves)", async () => {
    const doc = withVersions();
    doc.detections[1] = toBlocked({ 0: det(0.1), 1: { ...det(0.3), version: 6 }, 2: det(0.3) });
    te = new TestEditor(doc, { selectedTrackId: 1, frame: 1 }).enterEditMode();
    te.keyDown('Delete');
    await te.settle();
    expect(te.sent[0]).toMatchObject({ kind: 'detection.delete', trackId: 1, frame: 1 });
    expect(te.sentVersions[0]).toBe(6);
    // its undo stores the box anew: no version, since the row it was read from is gone
    te.keyDown('z', { ctrl: true });
    await te.settle();
    expect(te.sent[1]).toMatchObject({ kind: 'detection.put', trackId: 1, frame: 1 });
    expect(te.sentVersions[1]).toBeUndefined();
  });

  it('Shift+Delete removes from this frame to the track end with the track version; undo restores by token, redo deletes again', async () => {
    te = new TestEditor(withVersions(), { selectedTrackId: 1, frame: 1 }).enterEditMode();
    expect(te.keyDown('Delete', { shift: true })).toBe(true);
    await te.settle();
    expect(te.sent).toEqual([
      { kind: 'track.range', videoId: 7, trackId: 1, call: { kind: 'delete', from: 1, to: 2 }, token: { value: null } },
    ]);
    expect(te.sentTrackVersions[0]).toEqual({ 1: 4 });
    expect(frames(1)).toEqual([0]);
    expect(te.doc.trackRanges[1]).toEqual({ first: 0, last: 0 });
    expect(te.doc.trackVersions![1]).toBe(5);
    te.keyDown('z', { ctrl: true });
    await te.settle();
    expect(te.sent[1]).toEqual({ kind: 'track.restore', videoId: 7, token: { value: 1 } });
    expect(frames(1)).toEqual([0, 1, 2]);
    te.keyDown('y', { ctrl: true });
    await te.settle();
    expect(te.sent[2]).toMatchObject({ kind: 'track.range', call: { kind: 'delete', from: 1, to: 2 } });
    expect(te.sentTrackVersions[2]).toEqual({ 1: 5 });
    expect(frames(1)).toEqual([0]);
  });

  it('Shift+Delete stops before the next keyframe', async () => {
    te = new TestEditor(keyed(), { selectedTrackId: 1, frame: 1 }).enterEditMode();
    te.keyDown('Delete', { shift: true });
    await te.settle();
    expect(te.sent[0]).toMatchObject({ call: { kind: 'delete', from: 1, to: 3 } });
    expect(frames(1)).toEqual([0, 4]);
  });

  it("the timeline's range delete removes the chosen frames; a refused one (409) changes nothing", async () => {
    te = new TestEditor(withVersions()).enterEditMode();
    te.failWith = (op) =>
      op.kind === 'track.range' ? Object.assign(new Error('Changed by ann at 10:00'), { status: 409 }) : null;
    expect(await performCorrection(te.editor, 'track.range-delete', { trackId: 2, from: 2, to: 2 })).toBe(false);
    expect(frames(2)).toEqual([2, 3]);
    te.failWith = null;
    expect(await performCorrection(te.editor, 'track.range-delete', { trackId: 2, from: 2, to: 2 })).toBe(true);
    expect(frames(2)).toEqual([3]);
    expect(te.sentTrackVersions[0]).toEqual({ 2: 9 });
    expect(te.doc.trackRanges[2]).toEqual({ first: 3, last: 3 });
  });
});

describe('identities: split, swap, move', () => {
  it('S splits the selected track here: the rest becomes the new track the server names; undo brings it back', async () => {
    te = new TestEditor(withVersions(), { selectedTrackId: 1, frame: 1 }).enterEditMode();
    expect(te.keyDown('s')).toBe(true);
    await te.settle();
    expect(te.sent[0]).toMatchObject({ kind: 'track.range', trackId: 1, call: { kind: 'split', frame: 1 } });
    expect(te.sentTrackVersions[0]).toEqual({ 1: 4 });
    expect(te.doc.trackIds).toEqual([1, 2, 3]);
    expect(frames(1)).toEqual([0]);
    expect(frames(3)).toEqual([1, 2]);
    expect(te.doc.trackRanges[3]).toEqual({ first: 1, last: 2 });
    expect(te.doc.trackVersions).toMatchObject({ 1: 5, 3: 1 });
    te.editor.undo();
    await te.settle();
    expect(te.sent[1]).toMatchObject({ kind: 'track.restore', token: { value: 1 } });
    expect(te.doc.trackIds).toEqual([1, 2]);
    expect(frames(1)).toEqual([0, 1, 2]);
  });

  it('a split through an action says the server cut it there', async () => {
    // action 11 of track 1 runs 0 s to 2 s; frame 30 is 1 s
    const doc = withVersions();
    doc.trackRanges[1] = { first: 0, last: 40 };
    te = new TestEditor(doc, { selectedTrackId: 1, frame: 30 }).enterEditMode();
    te.keyDown('s');
    await te.settle();
    expect(te.messages).toEqual([
      'An action spans frame 30: the server cut it there. Reload the video to see both parts.',
    ]);
  });

  it('W opens the swap dialog; the swap exchanges boxes and actions from this frame on, sending both versions', async () => {
    te = new TestEditor(withVersions(), { selectedTrackId: 1, frame: 2 }).enterEditMode();
    te.keyDown('w');
    expect(te.editor.dialogs.get().correction).toEqual({ kind: 'swap', shift: false });
    expect(await performCorrection(te.editor, 'track.swap', { trackId: 1, otherTrackId: 2, from: 2 })).toBe(true);
    expect(te.sent[0]).toMatchObject({
      kind: 'track.range',
      trackId: 1,
      call: { kind: 'swap', otherTrackId: 2, from: 2 },
    });
    expect(te.sentTrackVersions[0]).toEqual({ 1: 4, 2: 9 });
    expect(frameAt(te.doc.detections[1], 2)!.x1).toBeCloseTo(0.5, 6);
    expect(frameAt(te.doc.detections[1], 3)!.x1).toBeCloseTo(0.52, 6);
    expect(frames(2)).toEqual([2]);
    expect(frameAt(te.doc.detections[2], 2)!.x1).toBeCloseTo(0.12, 6);
    expect(te.doc.segments.map((s) => [s.id, s.track_id])).toEqual([
      [11, 1],
      [12, 1],
    ]);
    expect(te.doc.trackRanges).toMatchObject({ 1: { first: 0, last: 3 }, 2: { first: 2, last: 2 } });
    expect(te.doc.trackVersions).toMatchObject({ 1: 5, 2: 10 });
    te.editor.undo();
    expect(frameAt(te.doc.detections[2], 3)!.x1).toBeCloseTo(0.52, 6);
    expect(te.doc.segments.map((s) => [s.id, s.track_id])).toEqual([
      [11, 1],
      [12, 2],
    ]);
  });

  it('M moves a frame range to a new track (the server names it) or to an existing one with both versions', async () => {
    te = new TestEditor(withVersions(), { selectedTrackId: 1 }).enterEditMode();
    te.keyDown('m');
    expect(te.editor.dialogs.get().correction?.kind).toBe('move-range');
    await performCorrection(te.editor, 'track.move-range', {
      trackId: 1,
      from: 1,
      to: 2,
      targetTrackId: 99,
      newTrack: true,
    });
    expect(te.sent[0]).toMatchObject({ call: { kind: 'move', from: 1, to: 2, targetTrackId: null } });
    expect(te.doc.trackIds).toEqual([1, 2, 3]);
    expect(frames(3)).toEqual([1, 2]);
    await performCorrection(te.editor, 'track.move-range', {
      trackId: 2,
      from: 3,
      to: 3,
      targetTrackId: 1,
      newTrack: false,
    });
    expect(te.sent[1]).toMatchObject({ trackId: 2, call: { kind: 'move', from: 3, to: 3, targetTrackId: 1 } });
    expect(te.sentTrackVersions[1]).toEqual({ 2: 9, 1: 5 });
    expect(frames(1)).toEqual([0, 3]);
    te.editor.undo();
    te.editor.undo();
    expect(frames(1)).toEqual([0, 1, 2]);
    expect(te.doc.trackIds).toEqual([1, 2]);
  });
});

describe('keyframes', () => {
  it('I interpolates between the keyframes around the playhead (box and joints); undo restores the AI frames', async () => {
    te = new TestEditor(keyed(), { selectedTrackId: 1, frame: 2 }).enterEditMode();
    expect(te.keyDown('i')).toBe(true);
    await te.settle();
    expect(te.sent[0]).toMatchObject({
      kind: 'track.range',
      trackId: 1,
      call: { kind: 'interpolate', from: 0, to: 4 },
    });
    expect(te.sentTrackVersions[0]).toEqual({ 1: 4 });
    expect(framesOf(te.doc.detections[1]).map(([f, d]) => [f, d.source, Number(d.x1.toFixed(4))])).toEqual([
      [0, 'human', 0.1],
      [1, 'interpolated', 0.2],
      [2, 'interpolated', 0.3],
      [3, 'interpolated', 0.4],
      [4, 'human', 0.5],
    ]);
    te.editor.undo();
    expect(frameAt(te.doc.detections[1], 1)).toMatchObject({ source: 'ai', x1: 0.3 });
  });

  it('P propagates the correction at this keyframe to the following AI frames, relative to each one, until the next keyframe', async () => {
    const doc = keyed();
    // frame 1 is the keyframe: the AI box before it (frame 0 here is AI) sat 0.1 further left
    doc.detections[1] = toBlocked({ 0: det(0.1), 1: human(0.2), 2: det(0.12), 3: det(0.13), 4: human(0.5) });
    te = new TestEditor(doc, { selectedTrackId: 1, frame: 1 }).enterEditMode();
    expect(te.keyDown('p')).toBe(true);
    await te.settle();
    expect(te.sent[0]).toEqual({
      kind: 'track.range',
      videoId: 7,
      trackId: 1,
      call: { kind: 'propagate', from: 1 },
      token: { value: null },
    });
    expect(frameAt(te.doc.detections[1], 2)).toMatchObject({
      source: 'interpolated',
      x1: expect.closeTo(0.22, 6),
      x2: expect.closeTo(0.42, 6),
    });
    expect(frameAt(te.doc.detections[1], 3)!.x1).toBeCloseTo(0.23, 6);
    expect(frameAt(te.doc.detections[1], 4)).toMatchObject({ source: 'human', x1: 0.5 });
    te.keyDown('p', { shift: true });
    expect(te.editor.dialogs.get().correction).toEqual({ kind: 'propagate', shift: true });
  });

  it('O writes an outside keyframe (nothing drawn from there) and O on it removes it again', async () => {
    te = new TestEditor(withVersions(), { selectedTrackId: 1, frame: 1 }).enterEditMode();
    expect(te.keyDown('o')).toBe(true);
    expect(frameAt(te.doc.detections[1], 1)!.source).toBe('outside');
    expect(te.editor.getUi().frame).toBe(1);
    await te.settle();
    expect(te.sent[0]).toMatchObject({ kind: 'detection.keyframe', trackId: 1, frame: 1, det: { source: 'outside' } });
    te.keyDown('o');
    expect(frameAt(te.doc.detections[1], 1)).toBeUndefined();
    await te.settle();
    expect(te.sent[1]).toEqual({ kind: 'detection.delete', videoId: 7, trackId: 1, frame: 1 });
    expect(te.sentVersions[1]).toBe(1);
  });
});

describe('follow this person', () => {
  it('F opens the follow dialog; starting it sends the frame, direction, frames and track version', async () => {
    te = new TestEditor(withVersions(), { selectedTrackId: 2, frame: 3 }).enterEditMode();
    navCommand('track.follow').run(
      te.editor,
      { requireSignIn: () => true },
      { key: 'F', shiftKey: true, ctrlKey: false, metaKey: false, altKey: false },
    );
    expect(te.editor.dialogs.get().correction).toEqual({ kind: 'follow', shift: true });
    expect(await startFollow(te.editor, 2, 'backward', 5000)).toBe(77);
    expect(te.followCalls).toEqual([
      { trackId: 2, body: { from_frame: 3, direction: 'backward', max_frames: 1800, version: 9 } },
    ]);
    expect(te.messages[0]).toContain('Following T2 backward');
  });
});
