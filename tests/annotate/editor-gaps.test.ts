// Delete on any frame a box is drawn on, through the TestEditor: on a strided video a filled-in frame
// becomes a gap (the server cuts it, and the document shows what it stores), Shift+Delete cuts a track so
// that it is drawn up to the frame before only, and a keyframe deleted on a drawn track makes the frames
// around it refilled from the keyframes left, as the server does, with the versions the server answered.
import { afterEach, describe, expect, it } from 'vitest';
import { TestEditor } from './test-editor';
import { frameAt, toBlocked } from '../../src/annotate/document/frame-blocks';
import { trackBoxShown } from '../../src/annotate/document/interpolate';
import type { CompactDetection, EditorDoc } from '../../src/annotate/document/types';
import { det, sampleDoc } from '../annotate-edit/fixtures';

let te: TestEditor;
afterEach(() => te.dispose());

/** Track 1 analysed every 6th frame, 0 … 24, moving right. */
function strided(): EditorDoc {
  const doc = sampleDoc();
  const frames: Record<number, CompactDetection> = {};
  for (let f = 0; f <= 24; f += 6) frames[f] = { ...det(0.1 + f / 100), version: 2 };
  return {
    ...doc,
    info: { ...doc.info, frame_stride: 6 },
    trackIds: [1],
    trackRanges: { 1: { first: 0, last: 24 } },
    trackVersions: { 1: 3 },
    detections: { 1: toBlocked(frames) },
  };
}
/** What is drawn of track 1 on frames 0 … n-1: x1 to 4 places, null for nothing. */
const drawn = (n = 26) =>
  Array.from({ length: n }, (_, f) => {
    const b = trackBoxShown(te.doc, { interpolation: true }, f)(1);
    return b ? Math.round(b.det.x1 * 1e4) / 1e4 : null;
  });

describe('Delete on a strided video', () => {
  it('Delete on a filled-in frame leaves a gap there and every other frame as it was; undo brings it back', async () => {
    te = new TestEditor(strided(), { selectedTrackId: 1, frame: 14 }).enterEditMode();
    const before = drawn();
    expect(before[14]).not.toBeNull();
    expect(te.keyDown('Delete')).toBe(true);
    await te.settle();
    expect(te.sent).toEqual([
      {
        kind: 'track.range',
        videoId: 7,
        trackId: 1,
        call: { kind: 'delete', from: 14, to: 14 },
        token: { value: null },
      },
    ]);
    expect(drawn()).toEqual(before.map((x, f) => (f === 14 ? null : x)));
    expect(frameAt(te.doc.detections[1], 14)?.source).toBe('outside');
    te.keyDown('z', { ctrl: true });
    await te.settle();
    expect(te.sent[1]).toEqual({ kind: 'track.restore', videoId: 7, token: { value: 1 } });
    expect(drawn()).toEqual(before);
  });

  it('Delete on a stored frame between two others cuts a gap of that frame only', async () => {
    te = new TestEditor(strided(), { selectedTrackId: 1, frame: 12 }).enterEditMode();
    const before = drawn();
    te.keyDown('Delete');
    await te.settle();
    expect(te.sent[0]).toMatchObject({ kind: 'track.range', call: { kind: 'delete', from: 12, to: 12 } });
    expect(drawn()).toEqual(before.map((x, f) => (f === 12 ? null : x)));
  });

  it('Shift+Delete at frame 20 cuts the track: drawn up to 19 only, as before up to there', async () => {
    te = new TestEditor(strided(), { selectedTrackId: 1, frame: 20 }).enterEditMode();
    const before = drawn();
    te.keyDown('Delete', { shift: true });
    await te.settle();
    expect(te.sent[0]).toMatchObject({ kind: 'track.range', call: { kind: 'delete', from: 20, to: 24 } });
    expect(drawn()).toEqual(before.map((x, f) => (f >= 20 ? null : x)));
    expect(te.doc.trackRanges[1]).toEqual({ first: 0, last: 19 });
  });
});

describe('Delete of a keyframe on a drawn track', () => {
  /** A drawn track: keyframes at 0, 10 (off the line) and 20, the server's interpolated boxes between. */
  function drawnTrack(): EditorDoc {
    const doc = sampleDoc();
    const frames: Record<number, CompactDetection> = {};
    const key = (f: number) => ({ ...det(f === 10 ? 0.5 : 0.1 + f / 100), source: 'human' as const, version: 2 });
    for (const f of [0, 10, 20]) frames[f] = key(f);
    for (let f = 1; f < 20; f++) {
      if (f === 10) continue;
      const [a, b] = f < 10 ? [0, 10] : [10, 20];
      const t = (f - a) / (b - a);
      frames[f] = { ...det(frames[a].x1 + (frames[b].x1 - frames[a].x1) * t), source: 'interpolated', version: 2 };
    }
    return {
      ...doc,
      trackIds: [1],
      trackRanges: { 1: { first: 0, last: 20 } },
      trackVersions: { 1: 3 },
      detections: { 1: toBlocked(frames) },
    };
  }

  it('the frames around it are refilled from the keyframes left, saved under the versions the server answered', async () => {
    te = new TestEditor(drawnTrack(), { selectedTrackId: 1, frame: 10 }).enterEditMode();
    // the server refills 1 … 19 and names their new versions
    te.storedVersions = (op) =>
      op.kind === 'detection.delete'
        ? Array.from({ length: 19 }, (_, i) => ({ track_id: 1, frame: i + 1, version: 7 }))
        : [];
    te.keyDown('Delete');
    await te.settle();
    expect(te.sent[0]).toMatchObject({ kind: 'detection.delete', trackId: 1, frame: 10 });
    const at = (f: number) => frameAt(te.doc.detections[1], f)!;
    expect(at(10).source).toBe('interpolated');
    expect(at(10).x1).toBeCloseTo(0.2); // halfway from 0.1 (frame 0) to 0.3 (frame 20)
    expect(at(5).x1).toBeCloseTo(0.15);
    // the next change of a refilled frame is based on the version the server gave it
    te.editor.updateUi({ frame: 5 });
    te.keyDown('ArrowRight');
    await te.settle();
    expect(te.sent[1]).toMatchObject({ kind: 'detection.put', trackId: 1, frame: 5 });
    expect(te.sentVersions[1]).toBe(7);
  });

  it('its undo puts the keyframe back with PUT, so the server refills around it as before', async () => {
    te = new TestEditor(drawnTrack(), { selectedTrackId: 1, frame: 10 }).enterEditMode();
    te.keyDown('Delete');
    await te.settle();
    te.keyDown('z', { ctrl: true });
    await te.settle();
    expect(te.sent[1]).toMatchObject({ kind: 'detection.keyframe', trackId: 1, frame: 10, det: { x1: 0.5 } });
    expect(frameAt(te.doc.detections[1], 5)!.x1).toBeCloseTo(0.3);
  });
});
