// The real op runner for a drawn track: the server never hands out a track id twice, so running the same
// 'track.create' op again (Redo of an undone draw) must put the box back under the id the server made,
// not make yet another track the editor does not show.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { executeOp } from '../../src/annotate/save/execute-op';
import type { ServerOp } from '../../src/annotate/save/server-ops';

const { createTrack, putKeyframe } = vi.hoisted(() => ({ createTrack: vi.fn(), putKeyframe: vi.fn() }));
vi.mock('../../src/api/track-corrections', () => ({ createTrack, putKeyframe }));

beforeEach(() => {
  createTrack.mockReset();
  putKeyframe.mockReset();
  createTrack.mockResolvedValue({ track_id: 5, track_version: 1, detection: { frame: 3, version: 1 } });
  putKeyframe.mockResolvedValue({ detection: { frame: 3, version: 1 }, track_version: 3, filled_frames: 0 });
});

const drawn = () =>
  ({
    kind: 'track.create',
    videoId: 7,
    trackId: 5,
    frame: 3,
    made: { value: null },
    det: { x1: 0.4, y1: 0.2, x2: 0.55, y2: 0.6, confidence: 1, keypoints: null, source: 'human' },
  }) as ServerOp;

describe("executeOp('track.create')", () => {
  it('creates the track the first time, and puts the box back under that id when run again', async () => {
    const op = drawn();
    await executeOp(op, undefined);
    expect(createTrack).toHaveBeenCalledTimes(1);
    expect(createTrack.mock.calls[0][0]).toBe(7);
    expect(createTrack.mock.calls[0][1]).toMatchObject({ frame: 3, box: { x1: 0.4, y1: 0.2, x2: 0.55, y2: 0.6 } });
    await executeOp(op, undefined);
    expect(createTrack).toHaveBeenCalledTimes(1);
    expect(putKeyframe).toHaveBeenCalledTimes(1);
    expect(putKeyframe.mock.calls[0].slice(0, 3)).toEqual([7, 5, 3]);
    expect(putKeyframe.mock.calls[0][3]).toEqual({ x1: 0.4, y1: 0.2, x2: 0.55, y2: 0.6 });
  });

  it('a server that made another id than the editor counted gets the redo under its own id', async () => {
    createTrack.mockResolvedValue({ track_id: 9, track_version: 1, detection: { frame: 3, version: 1 } });
    const op = drawn();
    await executeOp(op, undefined);
    await executeOp(op, undefined);
    expect(putKeyframe.mock.calls[0].slice(0, 3)).toEqual([7, 9, 3]);
  });
});
