// Problem finding for review navigation: the frames a reviewer jumps between, from the compact summary.
import { describe, expect, it } from 'vitest';
import { nextProblem, problemFrames, type ReviewSummary } from '../../domain/review-navigation';

const summary: ReviewSummary = {
  video_id: 1,
  annotation_version: 3,
  frame_stride: 1,
  low_confidence_threshold: 0.7,
  overlap_iou: 0.5,
  tracks: [
    { track_id: 1, runs: [0, 99, 120, 299], low: [40, 60, 250, 260], verified: null },
    {
      track_id: 2,
      runs: [10, 50],
      low: [],
      verified: { by_id: 'a', by_name: null, at: '2026-01-01T00:00:00Z', edited_at: null, edited_by_id: null },
    },
    {
      track_id: 3,
      runs: [100, 199],
      low: [],
      verified: {
        by_id: 'a',
        by_name: null,
        at: '2026-01-01T00:00:00Z',
        edited_at: '2026-01-02T00:00:00Z',
        edited_by_id: 'b',
      },
    },
  ],
  overlaps: [
    [1, 3, 150, 160],
    [1, 2, 20, 25],
  ],
  overlaps_capped: null,
};
const proposals = [
  [2, 45],
  [1, 300],
] as const;

describe('problemFrames', () => {
  it('finds each kind: track starts and ends, the first frame of each gap, low-confidence runs, proposals, overlaps', () => {
    const inp = { summary, proposals };
    expect(problemFrames('edge', inp)).toEqual([0, 10, 50, 100, 199, 299]);
    expect(problemFrames('gap', inp)).toEqual([100]);
    expect(problemFrames('low', inp)).toEqual([40, 250]);
    expect(problemFrames('proposal', inp)).toEqual([45, 300]);
    expect(problemFrames('overlap', inp)).toEqual([20, 150]);
    expect(problemFrames('all', inp)).toEqual([0, 10, 20, 40, 45, 50, 100, 150, 199, 250, 299, 300]);
  });

  it('leaves out hidden tracks, and verified tracks not edited since when asked', () => {
    expect(problemFrames('edge', { summary, proposals, hidden: [1] })).toEqual([10, 50, 100, 199]);
    expect(problemFrames('overlap', { summary, proposals, hidden: [3] })).toEqual([20]);
    // track 2 is verified: its edges go; track 3's mark was edited since, so it still counts
    expect(problemFrames('edge', { summary, proposals, skipVerified: true })).toEqual([0, 100, 199, 299]);
    // an overlap stays while one of its two tracks is not verified
    expect(problemFrames('overlap', { summary, proposals, skipVerified: true })).toEqual([20, 150]);
  });

  it('is empty without a summary except for proposals', () => {
    expect(problemFrames('all', { summary: null, proposals })).toEqual([45, 300]);
    expect(problemFrames('gap', { summary: null, proposals: [] })).toEqual([]);
  });
});

describe('nextProblem', () => {
  const frames = [0, 10, 20, 40, 45];
  it('goes to the first problem after the playhead, or the last before it', () => {
    expect(nextProblem(frames, 0, 1)).toBe(10);
    expect(nextProblem(frames, 11, 1)).toBe(20);
    expect(nextProblem(frames, 45, 1)).toBeNull();
    expect(nextProblem(frames, 20, -1)).toBe(10);
    expect(nextProblem(frames, 21, -1)).toBe(20);
    expect(nextProblem(frames, 0, -1)).toBeNull();
    expect(nextProblem([], 5, 1)).toBeNull();
  });
});
