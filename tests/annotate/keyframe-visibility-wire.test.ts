// @vitest-environment jsdom
// The editor sends a keyframe's and a new track's joint visibility with the correction calls, so the server
// stores it (and the undo of a keyframe that had none clears the one a change stored, as PATCH does).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { executeOp } from '../../src/annotate/save/execute-op';
import { setApiBase } from '../../src/api/request';
import type { CompactDetection } from '../../domain/overlay/detection';

const answer = () =>
  new Response(JSON.stringify({ detection: { frame: 4, version: 1 }, track_version: 2, track_id: 3 }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
const det = (visibility: number[] | null): CompactDetection => ({
  x1: 0.1,
  y1: 0.2,
  x2: 0.3,
  y2: 0.4,
  confidence: 1,
  keypoints: new Float32Array(51).fill(0.5),
  source: 'human',
  visibility: visibility ? Uint8Array.from(visibility) : null,
});
const marked = Array.from({ length: 17 }, (_, j) => (j === 3 ? 0 : j === 4 ? 1 : 2));

beforeEach(() => {
  localStorage.clear();
  setApiBase('');
});
afterEach(() => vi.restoreAllMocks());

async function bodyOf(op: Parameters<typeof executeOp>[0], version?: number) {
  const f = vi.spyOn(globalThis, 'fetch').mockResolvedValue(answer());
  await executeOp(op, version);
  return JSON.parse(String((f.mock.calls[f.mock.calls.length - 1][1] as RequestInit).body));
}

describe('the correction calls carry keypoint_visibility', () => {
  it('a keyframe PUT sends the joints as marked, and null for a keyframe with none stored', async () => {
    expect(
      (await bodyOf({ kind: 'detection.keyframe', videoId: 1, trackId: 3, frame: 4, det: det(marked) }, 2))
        .keypoint_visibility,
    ).toEqual(marked);
    expect(
      (await bodyOf({ kind: 'detection.keyframe', videoId: 1, trackId: 3, frame: 4, det: det(null) }, 2))
        .keypoint_visibility,
    ).toBeNull();
  });

  it('a new track sends the joints as marked', async () => {
    expect(
      (
        await bodyOf({
          kind: 'track.create',
          videoId: 1,
          trackId: 3,
          frame: 4,
          det: det(marked),
          made: { value: null },
        })
      ).keypoint_visibility,
    ).toEqual(marked);
  });
});
