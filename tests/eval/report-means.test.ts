// The eval table ends with separate means for the real clips and the synthetic ones.
import { describe, expect, it } from 'vitest';
import { formatMotTable, formatTable } from '../../bench/eval/report';
import { evaluateSequence, type EvalFrame } from '../../bench/eval/metrics';
import type { ClipResult } from '../../bench/eval/run-eval';

const box = { x1: 0, y1: 0, x2: 100, y2: 200 };
const far = { x1: 500, y1: 0, x2: 600, y2: 200 };
/** A one-frame clip with one labelled person, found or not. */
function clip(name: string, real: boolean, found: boolean, realTime: number, scaledDown = false): ClipResult {
  const frames: EvalFrame[] = [
    { frame: 0, gt: [{ id: 'a', box }], pred: [{ trackId: 1, score: 0.9, box: found ? box : far }] },
  ];
  return {
    name,
    kind: scaledDown ? 'real, scaled down' : real ? 'real' : 'synthetic',
    iou: real ? 0.4 : 0.5,
    frames: 1,
    duration: 1,
    wallSeconds: 1 / realTime,
    realTime,
    metrics: evaluateSequence(frames),
    mot: evaluateSequence(frames),
    analysis: { detections: [], segments: [], stillDropped: [] } as unknown as ClipResult['analysis'],
    scored: frames,
  };
}

describe('eval table means', () => {
  it('prints one mean row per kind, each clip weighing the same', () => {
    const rows = formatTable([
      clip('street', true, true, 0.5),
      clip('paddle', true, false, 1.5),
      clip('sofa', false, true, 2),
    ]).split('\n');
    const real = rows.find((r) => r.startsWith('| mean, real (2)'))!;
    const synthetic = rows.find((r) => r.startsWith('| mean, synthetic (1)'))!;
    const cells = (r: string) => r.split('|').map((c) => c.trim());
    const head = cells(rows[0]);
    expect(cells(real)[head.indexOf('recall')]).toBe('0.500');
    expect(cells(real)[head.indexOf('×RT')]).toBe('1.00');
    expect(cells(real)[head.indexOf('tracks/people')]).toBe('2/2');
    expect(cells(synthetic)[head.indexOf('recall')]).toBe('1.000');
    expect(cells(rows[2])[head.indexOf('IoU')]).toBe('0.4');
  });

  it('the MOT export table has the same per-kind means', () => {
    const rows = formatMotTable([clip('street', true, true, 1), clip('paddle', true, false, 1)]).split('\n');
    const cells = (r: string) => r.split('|').map((c) => c.trim());
    const head = cells(rows[0]);
    const mean = cells(rows.find((r) => r.startsWith('| mean, real (2)'))!);
    expect(mean[head.indexOf('MOTA')]).toBe('0.000'); // (1 + (1 − 2)) / 2
    expect(mean[head.indexOf('ids/people')]).toBe('2/2');
  });

  it('scores real footage laid out scaled down apart from both the real clips and the synthetic ones', () => {
    const rows = formatTable([
      clip('street', true, true, 1),
      clip('small people', false, false, 1, true),
      clip('sofa', false, true, 1),
    ]).split('\n');
    const cells = (r: string) => r.split('|').map((c) => c.trim());
    const head = cells(rows[0]);
    const mean = (label: string) => cells(rows.find((r) => r.startsWith(`| mean, ${label}`))!)[head.indexOf('recall')];
    expect(mean('real (1)')).toBe('1.000');
    expect(mean('real, scaled down (1)')).toBe('0.000');
    expect(mean('synthetic (1)')).toBe('1.000');
  });
});
