// Undo gives a box back where it came from: undoing a nudge of an AI box puts back the AI's box and its AI
// source (no keyframe is left, in the document or on the server), so Propagate, the keyframe jumps and the
// problem list treat the frame as the AI's again.
import { afterEach, expect, it } from 'vitest';
import { TestEditor } from './test-editor';
import { frameAt } from '../../src/annotate/document/frame-blocks';
import { detectionBody } from '../../src/annotate/save/server-ops';
import { isKeyframe } from '../../src/annotate/commands/track-frames';
import { sampleDoc } from '../annotate-edit/fixtures';

let te: TestEditor;
afterEach(() => te.dispose());

it("undoing a nudge of an AI box sends the AI's box back as the AI's, and the frame is no keyframe", async () => {
  te = new TestEditor(sampleDoc(), { selectedTrackId: 1, frame: 1 }).enterEditMode();
  const ai = frameAt(te.doc.detections[1], 1)!;
  expect(ai.source).toBe('ai');
  te.keyDown('ArrowRight');
  await te.settle();
  expect(frameAt(te.doc.detections[1], 1)!.source).toBe('human');
  expect(detectionBody((te.sent[0] as { det: typeof ai }).det).source).toBeUndefined(); // a person's change
  te.keyDown('z', { ctrl: true });
  await te.settle();
  const back = te.sent[1] as { kind: string; det: typeof ai };
  expect(back.kind).toBe('detection.put');
  expect(detectionBody(back.det)).toMatchObject({ x1: ai.x1, source: 'ai' });
  expect(isKeyframe(frameAt(te.doc.detections[1], 1))).toBe(false);
});
