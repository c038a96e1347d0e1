// Every command: apply → undo → redo round trip (undo gives back the original, redo the edited document).
import { applyPatches } from 'immer';
import { describe, expect, it } from 'vitest';
import { allCommands, applyCommand, commandForKey } from '../../src/annotate/commands/registry';
import type { CommandArgs, CommandName, EditContext } from '../../src/annotate/commands/types';
import { initialUiState } from '../../src/annotate/document/ui-state';
import { det, sampleDoc, seg } from './fixtures';
import { frameAt, framesOf } from '../../src/annotate/document/frame-blocks';

const cases: { [N in CommandName]: CommandArgs[N] } = {
  'box.move': { trackId: 1, frame: 1, box: { x1: 0.3, y1: 0.2, x2: 0.5, y2: 0.6 }, shown: det(0.11) },
  'box.resize': { trackId: 1, frame: 5, box: { x1: 0.3, y1: 0.2, x2: 0.6, y2: 0.7 }, shown: det(0.15) },
  'keypoint.move': { trackId: 2, frame: 3, index: 4, x: 0.9, y: 0.05, shown: det(0.52, 0.6) },
  'keypoint.visibility': { trackId: 2, frame: 3, index: 4, visibility: 1, shown: det(0.52, 0.6) },
  'segment.move': { id: 11, changes: { start_time: 1, end_time: 3 } },
  'segment.resize': { id: 12, changes: { end_time: 5.5 } },
  'segment.add': { segment: seg(20, 2, 5, 7) },
  'segment.create': { segment: { ...seg(22, 1, 6, 8), human_verified: true } },
  'segment.update': { id: 11, changes: { action_class: 'kick', track_id: 2, confidence: 0.5 } },
  'segment.delete': { id: 11 },
  'segment.duplicate': { segment: { ...seg(21, 1, 0, 2), confidence: 0.7 } },
  'track.merge': { baseTrackId: 1, mergeTrackId: 2 },
  'track.delete': { trackId: 2 },
  'box.draw': { trackId: 3, frame: 5, box: { x1: 0.3, y1: 0.2, x2: 0.5, y2: 0.6 }, newTrack: true },
  'keypoints.assist': { trackId: 1, frame: 1, keypoints: new Float32Array(51).fill(0.3) },
  'box.delete-frame': { trackId: 1, frame: 1 },
  'box.delete-forward': { trackId: 1, from: 1, to: 2 },
  'track.range-delete': { trackId: 2, from: 2, to: 2 },
  'track.split': { trackId: 1, frame: 1, newTrackId: 3 },
  'track.swap': { trackId: 1, otherTrackId: 2, from: 2 },
  'track.move-range': { trackId: 1, from: 1, to: 2, targetTrackId: 3, newTrack: true },
  'keyframe.interpolate': { trackId: 1, from: 0, to: 2 },
  'keyframe.propagate': { trackId: 1, from: 0, to: 2, untilKeyframe: true },
  'keyframe.outside': { trackId: 1, frame: 1, shown: det(0.11) },
};

describe('edit commands', () => {
  it('registers every named command with a label', () => {
    expect(
      allCommands()
        .map((c) => c.name)
        .sort(),
    ).toEqual(Object.keys(cases).sort());
    expect(allCommands().every((c) => c.label.length > 0)).toBe(true);
  });

  for (const name of Object.keys(cases) as CommandName[]) {
    it(`${name}: apply → undo → redo round trip`, () => {
      const original = sampleDoc();
      const { next, patches, inversePatches } = applyCommand(original, name, cases[name] as never);
      expect(next).not.toEqual(original);
      expect(applyPatches(next, inversePatches)).toEqual(original);
      expect(applyPatches(applyPatches(next, inversePatches), patches)).toEqual(next);
    });
  }

  it('box.move on an interpolated frame stores a human detection and extends the track range', () => {
    const { next } = applyCommand(sampleDoc(), 'box.resize', cases['box.resize']);
    expect(frameAt(next.detections[1], 5)).toMatchObject({ x1: 0.3, x2: 0.6, source: 'human' });
    expect(next.trackRanges[1]).toEqual({ first: 0, last: 5 });
  });

  it('keypoint.move assigns a new keypoint array and leaves the old one untouched', () => {
    const doc = sampleDoc();
    const old = frameAt(doc.detections[2], 3)!.keypoints!;
    const { next } = applyCommand(doc, 'keypoint.move', cases['keypoint.move']);
    expect(Array.from(frameAt(next.detections[2], 3)!.keypoints!.subarray(12, 15))).toEqual([
      expect.closeTo(0.9),
      expect.closeTo(0.05),
      expect.closeTo(0.6),
    ]);
    expect(old[12]).toBeCloseTo(0.6);
  });

  it('a box edit is recorded per frame, so its undo keeps the frames the loader brought in after it', () => {
    const { next, patches, inversePatches } = applyCommand(sampleDoc(), 'box.move', cases['box.move']);
    expect(patches.map((p) => p.path.slice(0, 4))).toContainEqual(['detections', '1', '0', '1']);
    // the block of frames 0..149 arrives for track 1 after the edit (the edited frame stays the user's)
    const more = { ...next.detections[1][0], 40: det(0.4), 41: det(0.41), ...{ 1: frameAt(next.detections[1], 1)! } };
    const loaded = { ...next, detections: { ...next.detections, 1: { ...next.detections[1], 0: more } } };
    const undone = applyPatches(loaded, inversePatches);
    expect(frameAt(undone.detections[1], 1)!.x1).toBe(0.11);
    expect(framesOf(undone.detections[1]).map(([f]) => f)).toEqual([0, 1, 2, 40, 41]);
  });

  it("track.merge: the merge track's frames replace the base's and its segments move", () => {
    const { next } = applyCommand(sampleDoc(), 'track.merge', cases['track.merge']);
    expect(framesOf(next.detections[1]).map(([f]) => String(f))).toEqual(['0', '1', '2', '3']);
    expect(frameAt(next.detections[1], 2)!.x1).toBe(0.5);
    expect(next.trackIds).toEqual([1]);
    expect(next.trackRanges[1]).toEqual({ first: 0, last: 3 });
    expect(next.segments.map((s) => s.track_id)).toEqual([1, 1]);
  });
});

describe('hotkeys from the registry', () => {
  const ctx = (over: Partial<typeof initialUiState> = {}): EditContext => {
    const doc = sampleDoc();
    return {
      doc,
      ui: { ...initialUiState, mode: 'edit', selectedTrackId: 1, selectedSegmentId: 11, frame: 1, ...over },
      shownDetection: (t) => frameAt(doc.detections[t], 1) ?? null,
      tool: { name: 'select', drawInto: null },
    };
  };
  const key = (k: string, extra: Partial<{ shiftKey: boolean; code: string }> = {}) => ({
    key: k,
    shiftKey: false,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    ...extra,
  });

  it('arrow keys move the selected box by 1 px, 5 px with Shift (video pixels)', () => {
    const right = commandForKey(key('ArrowRight'), ctx());
    expect(right?.name).toBe('box.move');
    expect((right!.args as CommandArgs['box.move']).box.x1 * 1280).toBeCloseTo(0.11 * 1280 + 1);
    const down = commandForKey(key('ArrowDown', { shiftKey: true }), ctx());
    expect((down!.args as CommandArgs['box.move']).box.y1 * 720).toBeCloseTo(0.1 * 720 + 5);
    expect(commandForKey(key('ArrowRight'), ctx({ selectedTrackId: null }))).toBeNull();
  });

  it("Shift+'[' moves the selected action's start 0.1 s earlier, Shift+']' its end 0.1 s later", () => {
    const start = commandForKey(key('{', { shiftKey: true, code: 'BracketLeft' }), ctx({ selectedSegmentId: 12 }));
    expect(start).toEqual({ name: 'segment.resize', args: { id: 12, changes: { start_time: 2.9, end_time: 4 } } });
    const end = commandForKey(key('}', { shiftKey: true, code: 'BracketRight' }), ctx({ selectedSegmentId: 12 }));
    expect(end?.args).toEqual({ id: 12, changes: { start_time: 3, end_time: 4.1 } });
  });
});

describe('keyboard: bracket keys move both edges both ways, and no key press means two commands', () => {
  const ctx = (over: Partial<typeof initialUiState> = {}): EditContext => {
    const doc = sampleDoc();
    return {
      doc,
      ui: { ...initialUiState, mode: 'edit', selectedTrackId: 1, frame: 1, ...over },
      shownDetection: (t) => frameAt(doc.detections[t], 1) ?? null,
      tool: { name: 'select', drawInto: null },
    };
  };
  const press = (code: 'BracketLeft' | 'BracketRight', altKey = false) => ({
    key: code === 'BracketLeft' ? '{' : '}',
    code,
    shiftKey: true,
    ctrlKey: false,
    metaKey: false,
    altKey,
  });
  const span = (code: 'BracketLeft' | 'BracketRight', alt: boolean) => {
    const hit = commandForKey(press(code, alt), ctx({ selectedSegmentId: 12 }));
    const changes = (hit?.args as { changes: { start_time: number; end_time: number } } | undefined)?.changes;
    return changes && [changes.start_time, changes.end_time];
  };

  it('Shift+[ / Alt+Shift+[ move the start earlier / later; Shift+] / Alt+Shift+] move the end later / earlier', () => {
    // segment 12 runs 3 s to 4 s (tests/annotate-edit/fixtures.ts)
    expect(span('BracketLeft', false)).toEqual([2.9, 4]);
    expect(span('BracketLeft', true)).toEqual([3.1, 4]);
    expect(span('BracketRight', false)).toEqual([3, 4.1]);
    expect(span('BracketRight', true)).toEqual([3, 3.9]);
  });

  it('every command with a key test says what its keys do in the keyboard help', () => {
    expect(
      allCommands()
        .filter((c) => c.keyTest && !c.shortcuts?.length)
        .map((c) => c.name),
    ).toEqual([]);
  });
});
