// Hand-worked cases for PCKh (MPII's head-normalised keypoint score) and the MPII → COCO joint mapping
// the real Bonn clip is scored with.
import { describe, expect, it } from 'vitest';
import { headSizeOf, pckhCounts, type GtKeypoint } from '../../bench/eval/keypoint-scores';
import { cocoKeypointsOf } from '../../bench/eval/posetrack-bonn';
import { evaluateSequence, type EvalFrame } from '../../bench/eval/metrics';

const none = (): GtKeypoint[] => Array.from({ length: 17 }, () => null);
const at = (x: number, y: number): [number, number, number] => [x, y, 0.9];

describe('PCKh@0.5', () => {
  it('head size is 0.6 × the head rectangle diagonal: a 30×40 head gives 30', () => {
    expect(headSizeOf({ x1: 10, y1: 20, x2: 40, y2: 60 })).toBeCloseTo(30, 10);
  });

  it('counts a joint within half the head size (15 px for a 30 px head) and not one beyond, hidden joints included', () => {
    const gt = none();
    gt[9] = [100, 100, 2]; // left wrist, visible
    gt[15] = [200, 300, 1]; // left ankle, labelled but hidden: it still counts
    gt[16] = [260, 300, 2]; // right ankle
    const pred = Array.from({ length: 17 }, () => at(0, 0));
    pred[9] = at(109, 112); // 15 px off: on the radius, a hit
    pred[15] = at(200, 314); // 14 px off: a hit
    pred[16] = at(276, 300); // 16 px off: a miss
    expect(pckhCounts(gt, pred, 30)).toEqual([2, 3]);
  });

  it('maps the twelve shared MPII joints onto COCO indices, person-left to left, and leaves the head points out', () => {
    const k = cocoKeypointsOf({
      r_ankle: [1, 2, 1, 0],
      l_wrist: [3, 4, 0, 0],
      head_top: [5, 6, 1, 0],
      upper_neck: [7, 8, 1, 0],
    });
    expect(k[16]).toEqual([1, 2, 2]); // right ankle, visible
    expect(k[9]).toEqual([3, 4, 1]); // left wrist, not visible → labelled hidden
    expect(k.filter(Boolean)).toHaveLength(2);
  });

  it('a sequence reports PCKh over matched people that have a head size, and at the clip’s overlap threshold', () => {
    const gtKp = none();
    gtKp[5] = [50, 50, 2];
    gtKp[6] = [70, 50, 2];
    const predKp = Array.from({ length: 17 }, () => at(0, 0));
    predKp[5] = at(52, 50); // 2 px off
    predKp[6] = at(90, 50); // 20 px off
    const frames: EvalFrame[] = [
      {
        frame: 0,
        gt: [{ id: 'a', box: { x1: 0, y1: 0, x2: 100, y2: 200 }, keypoints: gtKp, headSize: 20 }],
        // IoU 0.45 with the label: found at a tolerant 0.4, missed at 0.5
        pred: [{ trackId: 1, score: 0.9, box: { x1: 0, y1: 0, x2: 100, y2: 90 }, keypoints: predKp }],
      },
    ];
    expect(evaluateSequence(frames).tp).toBe(0);
    expect(evaluateSequence(frames).pckh).toBeNull();
    const tolerant = evaluateSequence(frames, 0.4);
    expect(tolerant.tp).toBe(1);
    expect(tolerant.pckh).toBeCloseTo(0.5, 10); // radius 10: one of two
  });
});
