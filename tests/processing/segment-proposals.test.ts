import { describe, expect, it } from 'vitest';
import { proposeSegments } from '../../server/processing/segment-proposals';
import { ACTION_CLASSES, MIN_ACTION_LENGTH_S } from '../../domain/constants';
import { SCENARIOS, samplesOf } from './segment-proposal-scenarios';

const overlaps = (a: [number, number], b: [number, number]) => a[0] < b[1] && b[0] < a[1];

describe('action proposals from keypoint motion (synthetic skeletons at 30 analysed frames/s)', () => {
  it('has a scenario for every action class of the spec', () => {
    expect(new Set(SCENARIOS.map((s) => s.expect).filter(Boolean))).toEqual(new Set(ACTION_CLASSES));
  });

  for (const s of SCENARIOS) {
    it(s.expect ? `proposes ${s.expect} for ${s.name}, and nothing else` : `proposes nothing for ${s.name}`, () => {
      const proposals = proposeSegments(samplesOf(s, 30), s.seconds, 1 / 30);
      if (!s.expect) {
        expect(proposals).toEqual([]);
        return;
      }
      expect(proposals.map((p) => p.actionClass)).toEqual([s.expect]);
      const [p] = proposals;
      expect(overlaps([p.start, p.end], s.window)).toBe(true);
      expect(p.end - p.start).toBeGreaterThanOrEqual(MIN_ACTION_LENGTH_S);
      expect(p.start).toBeGreaterThanOrEqual(0);
      expect(p.end).toBeLessThanOrEqual(s.seconds);
      expect(p.confidence).toBeGreaterThan(0.3);
      expect(p.confidence).toBeLessThanOrEqual(0.9);
    });
  }
});

describe('action proposals at stride 3 (10 analysed frames/s)', () => {
  // 'others' (stomping) needs the finer sampling: at 10 frames/s a quick foot lift spans one or two samples
  for (const s of SCENARIOS.filter((x) => x.expect && x.expect !== 'others')) {
    it(`still proposes ${s.expect} for ${s.name}`, () => {
      const proposals = proposeSegments(samplesOf(s, 10), s.seconds, 1 / 10);
      expect(proposals.map((p) => p.actionClass)).toEqual([s.expect]);
      expect(overlaps([proposals[0].start, proposals[0].end], s.window)).toBe(true);
    });
  }
});

describe('confidence reflects the evidence', () => {
  it('is lower when the keypoints were seen poorly', () => {
    const run = SCENARIOS.find((s) => s.expect === 'run')!;
    const clear = proposeSegments(samplesOf(run, 30), run.seconds, 1 / 30)[0];
    const faint = samplesOf(run, 30).map((x) => ({
      ...x,
      keypoints: x.keypoints.map(([a, b]) => [a, b, 0.35] as [number, number, number]),
    }));
    const weak = proposeSegments(faint, run.seconds, 1 / 30)[0];
    expect(weak.actionClass).toBe('run');
    expect(weak.confidence).toBeLessThan(clear.confidence);
  });

  it('keeps every segment at least 0.1 s long and inside a very short video', () => {
    const kick = SCENARIOS.find((s) => s.expect === 'kick')!;
    const samples = samplesOf(kick, 30)
      .filter((x) => x.t >= 1.4 && x.t < 1.95)
      .map((x) => ({ ...x, t: x.t - 1.4 }));
    const duration = 0.55;
    const proposals = proposeSegments(samples, duration, 1 / 30);
    expect(proposals.map((p) => p.actionClass)).toEqual(['kick']);
    for (const p of proposals) {
      expect(p.start).toBeGreaterThanOrEqual(0);
      expect(p.end).toBeLessThanOrEqual(duration);
      expect(p.end - p.start).toBeGreaterThanOrEqual(MIN_ACTION_LENGTH_S - 1e-9);
    }
  });
});
