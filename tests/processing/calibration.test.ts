// Box confidence calibration: the committed fit reads a clearly visible person high and a stray box low,
// never decreases with the model's score, and the isotonic step is a proper monotone fit.
import { describe, expect, it } from 'vitest';
import { applyPlatt, calibratedConfidence } from '../../server/processing/calibration';
import { fitIsotonic, fitPlatt } from '../../bench/calibration/platt';

describe('calibrated confidence (committed fit)', () => {
  it('reads a clear top-down person above 0.7 and a weak stray box low', () => {
    // scores as CenterNet and Thunder give them on the sample people clip: person 0.6 / keypoints 0.45, stray 0.2 / 0.15
    expect(calibratedConfidence('topdown', 0.6, 0.45)).toBeGreaterThan(0.7);
    expect(calibratedConfidence('topdown', 0.2, 0.15)).toBeLessThan(0.3);
  });

  it('never goes down as the person score or the keypoint score goes up', () => {
    for (const model of ['topdown', 'multipose'] as const) {
      let last = 0;
      for (let s = 0.05; s < 1; s += 0.05) {
        const p = calibratedConfidence(model, s, 0.4);
        expect(p).toBeGreaterThanOrEqual(last - 1e-9);
        expect(p).toBeGreaterThan(0);
        expect(p).toBeLessThan(1);
        last = p;
      }
      expect(calibratedConfidence(model, 0.4, 0.6)).toBeGreaterThanOrEqual(calibratedConfidence(model, 0.4, 0.2));
    }
  });
});

describe('fitting', () => {
  it('Platt scaling separates boxes whose scores separate them', () => {
    const rows = Array.from({ length: 200 }, (_, i) => ({
      score: 0.1 + (i % 100) / 125,
      keypointScore: 0.3,
      person: i % 100 >= 50,
      clip: 'c',
    }));
    const p = fitPlatt(rows);
    expect(applyPlatt(p, 0.8, 0.3)).toBeGreaterThan(0.9);
    expect(applyPlatt(p, 0.2, 0.3)).toBeLessThan(0.1);
  });

  it('isotonic regression pools violators into increasing steps', () => {
    const f = fitIsotonic([
      { x: 0.1, y: 0 },
      { x: 0.2, y: 1 },
      { x: 0.3, y: 0 },
      { x: 0.4, y: 1 },
      { x: 0.5, y: 1 },
    ]);
    expect(f.y).toEqual([...f.y].sort((a, b) => a - b));
    expect(f.x).toEqual([0.1, 0.25, 0.45]);
    expect(f.y).toEqual([0.005, 0.5, 0.995]);
  });
});
