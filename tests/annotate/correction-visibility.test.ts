// The editor's own preview of interpolate and propagate shows the joints' visibility as the server stores
// it: between keyframes the shared rule (absent at either end absent, occluded at either end occluded),
// after propagate the keyframe's.
import { afterEach, describe, expect, it } from 'vitest';
import { TestEditor } from './test-editor';
import { frameAt, toBlocked } from '../../src/annotate/document/frame-blocks';
import type { CompactDetection, EditorDoc } from '../../src/annotate/document/types';
import { jointVisibility } from '../../domain/overlay/detection';
import { det, sampleDoc } from '../annotate-edit/fixtures';

let te: TestEditor;
afterEach(() => te.dispose());

const vis = (occluded: number[], absent: number[] = []) =>
  Array.from({ length: 17 }, (_, i) => (absent.includes(i) ? 0 : occluded.includes(i) ? 1 : 2));
const human = (x1: number, v: number[] | null): CompactDetection => ({
  ...det(x1),
  source: 'human',
  version: 3,
  visibility: v ? Uint8Array.from(v) : null,
});
const docWith = (frames: Record<number, CompactDetection>): EditorDoc => ({
  ...sampleDoc(),
  trackVersions: { 1: 4, 2: 9 },
  trackRanges: { 1: { first: 0, last: 4 }, 2: { first: 2, last: 3 } },
  detections: { ...sampleDoc().detections, 1: toBlocked(frames) },
});
const shownVis = (frame: number) =>
  Array.from({ length: 17 }, (_, j) => jointVisibility(frameAt(te.doc.detections[1], frame)!, j));

describe('visibility in the editor after a correction', () => {
  it('I: the interpolated frames take the blend of the keyframes around them', async () => {
    te = new TestEditor(
      docWith({ 0: human(0.1, vis([1], [0])), 1: det(0.3), 2: det(0.3), 3: det(0.3), 4: human(0.5, vis([2], [3])) }),
      { selectedTrackId: 1, frame: 2 },
    ).enterEditMode();
    expect(te.keyDown('i')).toBe(true);
    await te.settle();
    expect(Array.from(frameAt(te.doc.detections[1], 2)!.visibility!)).toEqual(vis([1, 2], [0, 3]));
    expect(shownVis(2)).toEqual(vis([1, 2], [0, 3]));
  });

  it("P: each changed frame takes the keyframe's visibility", async () => {
    te = new TestEditor(
      docWith({ 0: det(0.1), 1: human(0.2, vis([8], [9])), 2: det(0.12), 3: det(0.13), 4: human(0.5, null) }),
      { selectedTrackId: 1, frame: 1 },
    ).enterEditMode();
    expect(te.keyDown('p')).toBe(true); // shows the range
    expect(te.keyDown('p')).toBe(true); // applies it
    await te.settle();
    expect(shownVis(2)).toEqual(vis([8], [9]));
    expect(shownVis(3)).toEqual(vis([8], [9]));
  });
});
