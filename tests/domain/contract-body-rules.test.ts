// The body rules live in the contract, so every party that reads it refuses a broken body the same way:
// the server before its route runs, the editor's contract-checking fake server, and an OpenAPI client's
// own validation of the schema. Each message is what the API answers as its 400 detail.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { actionPatchBody, detectionPatchBody } from '../../domain/contract/annotation-edits';
import { keyframeBody, newTrackBody, poseAssistBody } from '../../domain/contract/track-corrections';

const reversed = { x1: 0.5, y1: 0.1, x2: 0.4, y2: 0.5 };
const good = { x1: 0.1, y1: 0.1, x2: 0.4, y2: 0.5 };

/** The refusal's messages, or [] when the body passes. */
const refusal = (schema: z.ZodType, body: unknown) => schema.safeParse(body).error?.issues.map((i) => i.message) ?? [];

describe('the box rules of the contract', () => {
  it('refuse a detection patch with a reversed box, a partial box, or nothing to write', () => {
    expect(refusal(detectionPatchBody, { ...reversed, version: 1 })).toEqual(['The box needs x1 < x2 and y1 < y2']);
    expect(refusal(detectionPatchBody, { x1: 0.1, y1: 0.1 })).toEqual(['Send all of x1, y1, x2, y2 for a box']);
    expect(refusal(detectionPatchBody, { version: 1 })).toEqual([
      'Send a box {x1, y1, x2, y2}, {keypoints} or {keypoint_visibility}',
    ]);
    expect(refusal(detectionPatchBody, { ...good, version: 1 })).toEqual([]);
    expect(refusal(detectionPatchBody, { keypoint_visibility: null })).toEqual([]);
  });

  it('refuse a keyframe without a box unless it is outside, and a reversed one', () => {
    expect(refusal(keyframeBody, { version: 1 })).toEqual([
      'Send the box {x1, y1, x2, y2} (only an outside keyframe may go without)',
    ]);
    expect(refusal(keyframeBody, { outside: true, version: 1 })).toEqual([]);
    expect(refusal(keyframeBody, { ...reversed, outside: true })).toEqual(['The box needs x1 < x2 and y1 < y2']);
    expect(refusal(keyframeBody, { x2: 0.4 })).toEqual(['Send all of x1, y1, x2, y2 for a box']);
  });

  it('refuse a new track or a pose assist whose box is reversed', () => {
    expect(refusal(newTrackBody, { frame: 0, box: reversed })).toEqual(['The box needs x1 < x2 and y1 < y2']);
    expect(refusal(poseAssistBody, { frame: 0, box: { ...good, y2: 0.05 } })).toEqual([
      'The box needs x1 < x2 and y1 < y2',
    ]);
    expect(refusal(newTrackBody, { frame: 0, box: good })).toEqual([]);
  });
});

describe('the action segment patch of the contract', () => {
  it('refuses a patch that changes nothing, and takes one that changes a field', () => {
    expect(refusal(actionPatchBody, { version: 3 })).toEqual([
      'Send at least one of track_id, action_class, start_time, end_time, confidence, human_verified',
    ]);
    expect(refusal(actionPatchBody, { human_verified: true, version: 3 })).toEqual([]);
  });
});
