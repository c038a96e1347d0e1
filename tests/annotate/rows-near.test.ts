// The timeline's 'Near playhead' rows: the tracks present within 2 s of the playhead, and the selected one.
import { expect, it } from 'vitest';
import { tracksNear } from '../../src/annotate/timeline/rows-near';

it('keeps the tracks whose range reaches within 2 s of the playhead, in order, and the selected track', () => {
  const ranges = {
    1: { first: 0, last: 100 },
    2: { first: 200, last: 300 },
    3: { first: 161, last: 170 },
    4: { first: 0, last: 45 },
  };
  expect(tracksNear([1, 2, 3, 4], ranges, 100, 30, null)).toEqual([1, 4]);
  expect(tracksNear([1, 2, 3, 4], ranges, 100, 30, 2)).toEqual([1, 2, 4]);
  expect(tracksNear([1, 2, 3, 4], ranges, 140, 30, null)).toEqual([1, 2, 3]);
  expect(tracksNear([1, 2, 3, 4], ranges, 1000, 30, null)).toEqual([]);
});
