import { describe, expect, it } from 'vitest';
import { detectionAt, shownAt } from '../../src/annotate/document/interpolate';
import type { CompactDetection, TrackFrames } from '../../src/annotate/document/types';
import { toBlocked } from '../../src/annotate/document/frame-blocks';

const det = (x: number, kp?: number): CompactDetection => ({
  x1: x,
  y1: 0.1,
  x2: x + 0.1,
  y2: 0.5,
  confidence: 0.8,
  keypoints: kp === undefined ? null : new Float32Array(51).fill(kp),
  source: 'ai',
});

describe('detectionAt', () => {
  const stride3: TrackFrames = { 0: det(0.1, 0.2), 3: det(0.4, 0.5), 6: det(0.7, 0.8) };

  it('returns the stored detection at an analysed frame', () => {
    expect(detectionAt(stride3, 3, { stride: 3, interpolate: true })).toBe(stride3[3]);
  });

  it('interpolates boxes and keypoints linearly between analysed frames', () => {
    const d = detectionAt(stride3, 1, { stride: 3, interpolate: true })!;
    expect(d.x1).toBeCloseTo(0.2);
    expect(d.x2).toBeCloseTo(0.3);
    expect(d.keypoints![0]).toBeCloseTo(0.3);
    const e = detectionAt(stride3, 5, { stride: 3, interpolate: true })!;
    expect(e.x1).toBeCloseTo(0.6);
  });

  it('holds the last analysed detection when interpolation is off', () => {
    expect(detectionAt(stride3, 2, { stride: 3, interpolate: false })).toBe(stride3[0]);
  });

  it('draws a track up to its last stored frame only', () => {
    expect(detectionAt(stride3, 6, { stride: 3, interpolate: true })).toBe(stride3[6]);
    expect(detectionAt(stride3, 7, { stride: 3, interpolate: true })).toBeNull();
    expect(detectionAt(stride3, 8, { stride: 3, interpolate: false })).toBeNull();
  });

  it('shows nothing between frames when every frame was analysed (stride 1)', () => {
    expect(detectionAt({ 0: det(0.1), 5: det(0.5) }, 2, { stride: 1, interpolate: true })).toBeNull();
    expect(detectionAt(undefined, 2, { stride: 3, interpolate: true })).toBeNull();
  });
});

describe('shownAt: the one selector of what is shown', () => {
  const frames: TrackFrames = { 0: det(0.1), 3: det(0.4) };
  const doc = { detections: { 7: toBlocked(frames) }, info: { frame_stride: 3 } };

  it("follows the document's stride and the UI's interpolation toggle, per track", () => {
    expect(shownAt(doc, { interpolation: true }, 1)(7)!.x1).toBeCloseTo(0.2);
    expect(shownAt(doc, { interpolation: false }, 1)(7)).toBe(frames[0]);
    expect(shownAt(doc, { interpolation: true }, 1)(8)).toBeNull();
  });

  it('shows nothing between analysed frames of a stride-1 document', () => {
    expect(shownAt({ ...doc, info: { frame_stride: 1 } }, { interpolation: true }, 1)(7)).toBeNull();
  });
});
