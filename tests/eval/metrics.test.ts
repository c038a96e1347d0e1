// Hand-worked cases for the eval metrics (MOTChallenge CLEAR MOT + IDF1, COCO OKS, PCK of the torso).
import { describe, expect, it } from 'vitest';
import {
  evaluateSequence,
  iou,
  matchBoxes,
  type Box,
  type EvalFrame,
  type GtKeypoint,
  type PredPerson,
} from '../../bench/eval/metrics';
import { oks, pckCounts } from '../../bench/eval/keypoint-scores';

const b = (x1: number, y1: number, x2: number, y2: number): Box => ({ x1, y1, x2, y2 });
const A = b(0, 0, 100, 200),
  B = b(300, 0, 400, 200);
const pred = (trackId: number, box: Box, score = 0.9): PredPerson => ({ trackId, box, score });
const shift = (box: Box, dx: number): Box => b(box.x1 + dx, box.y1, box.x2 + dx, box.y2);

describe('box matching', () => {
  it('IoU of two half-overlapping squares is 1/3, of disjoint boxes 0', () => {
    expect(iou(b(0, 0, 10, 10), b(5, 0, 15, 10))).toBeCloseTo(1 / 3, 10);
    expect(iou(b(0, 0, 10, 10), b(10, 0, 20, 10))).toBe(0);
  });

  it('pairs each box with its best partner and leaves pairs under IoU 0.5 out', () => {
    // gt0 overlaps p1 (IoU 0.9) and p0 (0.6); gt1 only p0 (0.6): the maximum-IoU matching is gt0–p1, gt1–p0
    const gt = [b(0, 0, 100, 100), b(40, 0, 140, 100)];
    const pr = [b(25, 0, 125, 100), b(5, 0, 105, 100), b(500, 0, 600, 100)];
    expect(matchBoxes(gt, pr).sort()).toEqual([
      [0, 1],
      [1, 0],
    ]);
    expect(matchBoxes([b(0, 0, 100, 100)], [b(60, 0, 160, 100)])).toEqual([]); // IoU 0.25
  });
});

describe('sequence metrics', () => {
  it('perfect tracking of two people scores 1 everywhere, one track per person', () => {
    const frames: EvalFrame[] = [0, 1, 2].map((n) => ({
      frame: n,
      gt: [
        { id: 'a', box: A },
        { id: 'b', box: B },
      ],
      pred: [pred(1, A), pred(2, B)],
    }));
    const m = evaluateSequence(frames);
    expect(m).toMatchObject({
      tp: 6,
      fp: 0,
      fn: 0,
      idSwitches: 0,
      recall: 1,
      precision: 1,
      mota: 1,
      idf1: 1,
      people: 2,
      tracks: 2,
      fragments: 2,
    });
  });

  it('a track handed over to a new id mid-way: one ID switch, two fragments, IDF1 0.5', () => {
    // GT a on 4 frames; track 1 covers frames 0–1, track 2 frames 2–3
    const frames: EvalFrame[] = [0, 1, 2, 3].map((n) => ({
      frame: n,
      gt: [{ id: 'a', box: A }],
      pred: [pred(n < 2 ? 1 : 2, A)],
    }));
    const m = evaluateSequence(frames);
    expect(m.idSwitches).toBe(1);
    expect(m.mota).toBeCloseTo(1 - 1 / 4, 10); // (FN 0 + FP 0 + IDSW 1) / GT 4
    expect(m.idtp).toBe(2); // a ↔ track 1 (or 2): 2 frames
    expect(m.idf1).toBeCloseTo((2 * 2) / (4 + 4), 10);
    expect([m.fragments, m.tracks, m.people]).toEqual([2, 2, 1]);
  });

  it('a box beside the person is a miss and a false positive; MOTA can go negative', () => {
    const m = evaluateSequence([{ frame: 0, gt: [{ id: 'a', box: A }], pred: [pred(1, shift(A, 80))] }]);
    expect(m).toMatchObject({ tp: 0, fn: 1, fp: 1, recall: 0, precision: 0, mota: -1, fragments: 0 });
  });

  it('a person less than half in view is neither a miss nor, when found, a false positive', () => {
    const frames: EvalFrame[] = [
      {
        frame: 0,
        gt: [
          { id: 'a', box: A },
          { id: 'b', box: B, dontCare: true },
        ],
        pred: [pred(1, A), pred(2, B, 0.2)],
      },
      {
        frame: 1,
        gt: [
          { id: 'a', box: A },
          { id: 'b', box: B, dontCare: true },
        ],
        pred: [pred(1, A)],
      },
    ];
    const m = evaluateSequence(frames);
    expect(m).toMatchObject({
      gtCount: 2,
      predCount: 2,
      tp: 2,
      fn: 0,
      fp: 0,
      recall: 1,
      precision: 1,
      people: 1,
      tracks: 1,
    });
    expect(m.detections.filter((d) => d.ignored)).toHaveLength(1);
    expect(m.meanScoreUnmatched).toBeNull(); // the ignored box is not an unmatched one
  });

  it("keeps last frame's pairing while it still overlaps (CLEAR MOT), so a closer new track is no switch", () => {
    // frame 1: track 1 still overlaps a at IoU 0.6, track 2 sits exactly on a; b is elsewhere and unmatched
    const near = b(0, 0, 100, 200);
    const frames: EvalFrame[] = [
      { frame: 0, gt: [{ id: 'a', box: near }], pred: [pred(1, near)] },
      { frame: 1, gt: [{ id: 'a', box: near }], pred: [pred(1, b(25, 0, 125, 200)), pred(2, near)] },
    ];
    const m = evaluateSequence(frames);
    expect(m.idSwitches).toBe(0);
    expect(m.fp).toBe(1);
    expect(m.detections.find((d) => d.frame === 1 && d.trackId === 1)!.matched).toBe(true);
  });

  it('IDF1 takes the one-to-one ids matching that covers the most frames', () => {
    // a: track 1 on frames 0–2, track 3 on frame 3; b: track 2 on frames 0–3 → IDTP = 3 + 4 = 7
    const frames: EvalFrame[] = [0, 1, 2, 3].map((n) => ({
      frame: n,
      gt: [
        { id: 'a', box: A },
        { id: 'b', box: B },
      ],
      pred: [pred(n < 3 ? 1 : 3, A), pred(2, B)],
    }));
    const m = evaluateSequence(frames);
    expect(m.idtp).toBe(7);
    expect(m.idf1).toBeCloseTo((2 * 7) / (8 + 8), 10);
    expect(m.fragments).toBe(3);
  });

  it('averages scores of matched and unmatched boxes separately', () => {
    const m = evaluateSequence([
      { frame: 0, gt: [{ id: 'a', box: A }], pred: [pred(1, A, 0.8), pred(2, B, 0.2), pred(3, shift(B, 300), 0.4)] },
    ]);
    expect(m.meanScoreMatched).toBeCloseTo(0.8, 10);
    expect(m.meanScoreUnmatched).toBeCloseTo(0.3, 10);
  });
});

describe('keypoints', () => {
  const gt: GtKeypoint[] = Array.from({ length: 17 }, () => null);
  gt[0] = [50, 10, 2];
  const predAt = (x: number, y: number) => Array.from({ length: 17 }, () => [x, y, 0.9] as [number, number, number]);

  it('OKS is 1 for exact keypoints and exp(−d²/2s²κ²) for one nose 5 px off in a 100×100 box', () => {
    expect(oks(gt, predAt(50, 10), b(0, 0, 100, 100))).toBe(1);
    // s² = 10,000, κ = 2·0.026 → exp(−25 / (2·10000·0.002704)) = exp(−0.46228) ≈ 0.62985
    expect(oks(gt, predAt(55, 10), b(0, 0, 100, 100))).toBeCloseTo(0.62985, 4);
    expect(
      oks(
        Array.from({ length: 17 }, () => null),
        predAt(0, 0),
        b(0, 0, 100, 100),
      ),
    ).toBeNull();
  });

  it('PCK@0.2 counts keypoints within 0.2 of the shoulder-to-hip distance', () => {
    const g: GtKeypoint[] = Array.from({ length: 17 }, () => null);
    g[5] = [40, 20, 2];
    g[6] = [60, 20, 2];
    g[11] = [40, 60, 2];
    g[12] = [60, 60, 2]; // torso 40 → radius 8
    const p = [g[5], g[6], g[11], g[12]].map((k) => [k![0], k![1], 1] as [number, number, number]);
    const full = Array.from(
      { length: 17 },
      (_, i) =>
        (({ 5: p[0], 6: p[1], 11: p[2], 12: p[3] }) as Record<number, [number, number, number]>)[i] ??
        ([0, 0, 0] as [number, number, number]),
    );
    full[5] = [47, 20, 1]; // 7 px off: a hit
    full[6] = [69, 20, 1]; // 9 px off: a miss
    expect(pckCounts(g, full)).toEqual([3, 4]);
    expect(pckCounts(gt, predAt(50, 10))).toBeNull(); // no torso labelled
  });
});
