// Where I interpolates: between keyframes around the playhead, or across a gap between the boxes around
// it, the AI's included; and I says why when it cannot (the TestEditor shows the status line's text).
import { afterEach, describe, expect, it } from 'vitest';
import { interpolationEnds } from '../../src/annotate/commands/interpolation-ends';
import { toBlocked } from '../../src/annotate/document/frame-blocks';
import type { CompactDetection } from '../../src/annotate/document/types';
import { TestEditor } from './test-editor';
import { det, sampleDoc } from '../annotate-edit/fixtures';

const ai = (x: number): CompactDetection => det(x);
const key = (x: number): CompactDetection => ({ ...det(x), source: 'human' });
const out = (x: number): CompactDetection => ({ ...det(x), source: 'outside' });

describe('interpolationEnds', () => {
  // stride 1: AI boxes on every frame 0 … 30 with keyframes at 12 and 24
  const every: Record<number, CompactDetection> = {};
  for (let f = 0; f <= 30; f++) every[f] = f === 12 || f === 24 ? key(f / 100) : ai(f / 100);

  it('between two keyframes, whatever the AI boxes between them (stride 1)', () => {
    expect(interpolationEnds(toBlocked(every), 15, 1)).toEqual({ from: 12, to: 24 });
    expect(interpolationEnds(toBlocked(every), 12, 1)).toEqual({ from: 12, to: 24 });
  });

  it("from a drawn keyframe across a gap to the AI's frame after it, from the playhead in the gap or on the keyframe", () => {
    const gap = toBlocked({ 6: ai(0.06), 12: key(0.12), 24: ai(0.24), 30: ai(0.3) });
    expect(interpolationEnds(gap, 15, 6)).toEqual({ from: 12, to: 24 });
    expect(interpolationEnds(gap, 12, 6)).toEqual({ from: 12, to: 24 });
  });

  it('says why when there is no box on a side, nothing between, or an outside keyframe in the way', () => {
    expect(interpolationEnds(toBlocked({ 12: key(0.1) }), 15, 6)).toEqual({
      refused: 'No box of the selected track after the playhead to interpolate to',
    });
    expect(interpolationEnds(toBlocked(every), 30, 1)).toHaveProperty('refused');
    expect(interpolationEnds(toBlocked({ 0: key(0.1), 10: out(0.1), 20: key(0.3) }), 15, 1)).toEqual({
      refused: 'The track is outside from frame 10: interpolation does not cross an outside keyframe',
    });
  });
});

describe('I in the editor', () => {
  let te: TestEditor;
  afterEach(() => te.dispose());

  it("fills a gap from a drawn keyframe at 12 to the AI's frame at 24, and says why it cannot elsewhere", async () => {
    const doc = sampleDoc();
    doc.info = { ...doc.info, frame_stride: 6 };
    doc.trackIds = [1];
    doc.trackRanges = { 1: { first: 6, last: 30 } };
    doc.trackVersions = { 1: 2 };
    doc.detections = { 1: toBlocked({ 6: ai(0.06), 12: key(0.12), 24: ai(0.24), 30: ai(0.3) }) };
    te = new TestEditor(doc, { selectedTrackId: 1, frame: 15 }).enterEditMode();
    expect(te.keyDown('i')).toBe(true);
    await te.settle();
    expect(te.sent[0]).toMatchObject({ kind: 'track.range', call: { kind: 'interpolate', from: 12, to: 24 } });
    expect(te.doc.detections[1][0][18]).toMatchObject({ source: 'interpolated', x1: expect.closeTo(0.18) });
    te.editor.updateUi({ frame: 31 });
    expect(te.keyDown('i')).toBe(true);
    expect(te.messages.at(-1)).toBe('No box of the selected track after the playhead to interpolate to');
  });
});
