// The rules a follow shares with the editor: when its box has run into another person's, and the
// confidence a followed frame is stored with (a low pose score falls under the review's low mark).
import { describe, expect, it } from 'vitest';
import { FOLLOW_LOW_POSE_SCORE, followConfidence, ranInto } from '../../domain/ops/follow-rules';
import { REVIEW_LOW_CONFIDENCE } from '../../domain/constants';

const box = (x1: number, w = 0.2) => ({ x1, y1: 0.2, x2: x1 + w, y2: 0.6 });

describe('follow rules', () => {
  it('a box overlapping another by the heavy-overlap mark has run into it (the largest overlap named)', () => {
    expect(ranInto(box(0.1), [{ trackId: 4, box: box(0.35) }])).toBeNull(); // beside: no overlap
    expect(ranInto(box(0.1), [{ trackId: 4, box: box(0.2) }])).toBeNull(); // IoU 1/3
    expect(
      ranInto(box(0.1), [
        { trackId: 4, box: box(0.15) }, // IoU 0.6
        { trackId: 5, box: box(0.11) }, // IoU ≈ 0.9
      ]),
    ).toBe(5);
  });

  it('a frame whose pose score is low is stored under the review mark, and so in the problem list', () => {
    expect(followConfidence(FOLLOW_LOW_POSE_SCORE)).toBeCloseTo(REVIEW_LOW_CONFIDENCE);
    expect(followConfidence(0.3)).toBeLessThan(REVIEW_LOW_CONFIDENCE);
    expect(followConfidence(0.5)).toBe(1);
  });
});
