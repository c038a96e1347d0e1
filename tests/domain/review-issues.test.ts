// The words every side uses for review issues, and open issues in the problem walk.
import { describe, expect, it } from 'vitest';
import { describeIssue, issueFrames, openIssuesRefusal, openIssuesShort } from '../../domain/review-issues';
import { findProblems, type ReviewSummary } from '../../domain/review-navigation';

const ref = { id: 12, frame: 40, to_frame: null, track_label: 'T2', kind: 'wrong_box' as const, text: 'box too loose' };

describe('review issue words', () => {
  it('names an issue by number, kind, frames, track and text', () => {
    expect(describeIssue(ref)).toBe('#12 Wrong box at frame 40 (T2): "box too loose"');
    expect(issueFrames({ frame: 100, to_frame: 140 })).toBe('frames 100–140');
    expect(describeIssue({ ...ref, track_label: null, text: 'x'.repeat(100) })).toMatch(/: "x{79}…"$/);
  });

  it('says why reviewed and labelled wait, with the count and the first issue', () => {
    expect(openIssuesRefusal('reviewed', 2, ref)).toBe(
      'Cannot mark reviewed: 2 open issues to resolve first. First: #12 Wrong box at frame 40 (T2): "box too loose"',
    );
    expect(openIssuesRefusal('labelled', 1, null)).toBe('Cannot mark labelled: 1 open issue to resolve first');
    expect(openIssuesShort(3)).toBe('3 open issues to resolve first');
  });
});

describe('open issues in the problem walk', () => {
  it('are walked even on hidden and verified tracks, and an issue on no track keeps no track', () => {
    const summary: ReviewSummary = {
      video_id: 1,
      annotation_version: 1,
      frame_stride: 1,
      low_confidence_threshold: 0.7,
      overlap_iou: 0.5,
      tracks: [
        {
          track_id: 1,
          runs: [0, 50],
          low: [],
          verified: { by_id: 'x', by_name: null, at: '2026-01-01T00:00:00Z', edited_at: null, edited_by_id: null },
        },
      ],
      overlaps: [],
      overlaps_capped: null,
    };
    const problems = findProblems('issue', {
      summary,
      proposals: [],
      hidden: [1],
      skipVerified: true,
      issues: [
        { frame: 30, trackId: 1, id: 5 },
        { frame: 10, trackId: null, id: 6 },
      ],
    });
    expect(problems).toEqual([
      { frame: 10, kind: 'issue', trackId: null, issueId: 6 },
      { frame: 30, kind: 'issue', trackId: 1, issueId: 5 },
    ]);
  });
});
