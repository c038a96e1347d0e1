// The correction dialogs offer tracks nearest to the playhead first, each with the box its thumbnail shows.
import { expect, it } from 'vitest';
import { toBlocked } from '../../src/annotate/document/frame-blocks';
import { tracksByNearness, whereText } from '../../src/annotate/edit/track-choice';
import { det, sampleDoc } from '../annotate-edit/fixtures';

it('orders the tracks present here first, then by frames to their start or end; the thumbnail is the nearest loaded box', () => {
  const doc = {
    ...sampleDoc(),
    trackIds: [1, 2, 3, 4, 5],
    trackRanges: {
      1: { first: 0, last: 40 },
      2: { first: 95, last: 200 },
      3: { first: 120, last: 130 },
      4: { first: 60, last: 90 },
      5: { first: 300, last: 310 },
    },
    detections: {
      2: toBlocked({ 95: det(0.2), 150: det(0.4) }),
      4: toBlocked({ 60: det(0.1), 90: { ...det(0.3), source: 'outside' as const }, 89: det(0.5) }),
    },
  };
  const choices = tracksByNearness(doc, 100, [3]);
  expect(choices.map((c) => [c.trackId, c.where, c.distance])).toEqual([
    [2, 'here', 0],
    [4, 'before', 10],
    [1, 'before', 60],
    [5, 'after', 200],
  ]);
  expect(choices[0].thumb).toEqual({ frame: 95, box: { x1: 0.2, y1: 0.1, x2: 0.4, y2: expect.any(Number) } });
  expect(choices[1].thumb?.frame).toBe(89); // the outside keyframe at 90 draws nothing
  expect(choices[2].thumb).toBeNull(); // no frame of T1 loaded
  expect(choices.map(whereText)).toEqual([
    'here now',
    'ended 10 frames ago',
    'ended 60 frames ago',
    'starts in 200 frames',
  ]);
});
