// The frames between two model passes: each gets the people the flow followed onto it, from its own pixels,
// and a person the flow carried onto someone else (they went behind them) is dropped, not shown twice.
import { describe, expect, it } from 'vitest';
import { FlowSegment } from '../../server/processing/flow-segment';
import type { PosePool } from '../../server/processing/pose-pool';
import { OUT_ROW } from '../../server/processing/pose-protocol';
import { flowStandIn } from './pool-stand-ins';

const W = 64,
  H = 64;
const frame = (n: number) => ({ frame: n, rgb: new Uint8Array(W * H * 3).fill(n) });
const person = (x: number, score: number) => ({
  box: { x1: x, y1: 10, x2: x + 10, y2: 40 },
  keypoints: Array.from({ length: 17 }, (): [number, number, number] => [x + 5, 20, 0.8]),
  detectorScore: score,
});

/** Flow stand-in: person 0 stays; person 1 moves 5 px a frame left, onto person 0 by the third frame. */
const pool = { flow: flowStandIn((_row, i) => (i === 1 ? -5 : 0)) } as unknown as PosePool;
/** Everyone stands still. */
const still = { flow: flowStandIn() } as unknown as PosePool;

describe('a flow segment between two passes', () => {
  it('answers each frame with its own boxes and drops a person carried onto another, for the rest of the segment', async () => {
    const seg = new FlowSegment(frame(0), [person(10, 0.9), person(25, 0.6)], W, H);
    for (let n = 1; n <= 4; n++) seg.add(frame(n));
    const end = await seg.finish(pool, frame(5));
    const xs = end.between.map((f) => {
      const rows = f.rows;
      return Array.from({ length: rows.length / OUT_ROW }, (_, i) => Math.round(rows[i * OUT_ROW + 52] * W));
    });
    // frame 1: 10 and 20; frame 2: person 1 at x 15 overlaps person 0 (IoU 0.33) and stays; frame 3: at 10, gone
    expect(xs).toEqual([[10, 20], [10, 15], [10], [10]]);
    expect(end.followed).toEqual([true, false]);
    // where the flow last had them: person 1 before they merged
    expect(end.last[1].box.x1).toBe(15);
  });

  it('keeps two people the pass handed on with one body’s joints (one crop read the other’s): the flow did not join them', async () => {
    const left = person(10, 0.9);
    const right = {
      ...person(30, 0.8),
      keypoints: left.keypoints.map(([x, y, sc], k) => [x + (k % 3), y + k, sc] as [number, number, number]),
    };
    const seg = new FlowSegment(frame(0), [{ ...left, keypoints: right.keypoints }, right], W, H);
    for (let n = 1; n <= 3; n++) seg.add(frame(n));
    const end = await seg.finish(still, frame(4));
    expect(end.between.map((f) => f.rows.length / OUT_ROW)).toEqual([2, 2, 2]);
    expect(end.followed).toEqual([true, true]);
  });
});

/** Flow stand-in for following back: a person whose box starts right of x 30 moves 6 px right a frame. */
const walkingIn = { flow: flowStandIn((row) => (row[0] >= 30 ? 6 : 0)) } as unknown as PosePool;
const xsOf = (rows: Float32Array) =>
  Array.from({ length: rows.length / OUT_ROW }, (_, i) => Math.round(rows[i * OUT_ROW + 52] * W));

describe('someone the next pass finds who was not followed', () => {
  it('is followed back over the segment, so their track starts where they came into view', async () => {
    const seg = new FlowSegment(frame(0), [person(5, 0.9)], W, H);
    for (let n = 1; n <= 3; n++) seg.add(frame(n));
    const end = await seg.finish(walkingIn, frame(4));
    // found on frame 4 at x 32: on frame 3 they were at 38, on 2 at 44, on 1 at 50 (walking in from the right)
    await seg.backfill(walkingIn, frame(4), [person(32, 0.8)], end.between);
    expect(end.between.map((f) => xsOf(f.rows))).toEqual([
      [5, 50],
      [5, 44],
      [5, 38],
    ]);
    expect(end.between[2].boxes).toHaveLength(2);
  });

  it('is not followed back onto frames where their box overlaps someone already there', async () => {
    const seg = new FlowSegment(frame(0), [person(44, 0.9)], W, H);
    for (let n = 1; n <= 3; n++) seg.add(frame(n));
    // the person followed over the segment stands still at 44
    const end = await seg.finish(still, frame(4));
    // someone found at 32 on frame 4, coming out from behind them: at 38 on frame 3 they overlap (IoU 0.25)
    await seg.backfill(walkingIn, frame(4), [person(32, 0.8)], end.between);
    expect(end.between.map((f) => xsOf(f.rows))).toEqual([[44], [44], [44]]);
  });
});
