// The one rule for which box a track has at a frame (domain/overlay/detection.ts): stored, filled in, or none.
import { describe, expect, it } from 'vitest';
import { trackBoxAt, type CompactDetection, type DetectionSource } from '../../domain/overlay/detection';

const det = (x: number, source: DetectionSource = 'ai', confidence = 0.8): CompactDetection => ({
  x1: x,
  y1: 0.1,
  x2: x + 0.1,
  y2: 0.5,
  confidence,
  keypoints: null,
  source,
});
const at = (frames: Record<number, CompactDetection>) => (f: number) => frames[f];
const kindsOf = (frames: Record<number, CompactDetection>, n: number, stride: number, interpolate = true) =>
  Array.from({ length: n }, (_, f) => trackBoxAt(at(frames), f, { stride, interpolate })?.kind ?? '-').join(' ');

describe('trackBoxAt', () => {
  it('fills in the frames between stored boxes at most a stride apart, and nothing before, after or in a wider gap', () => {
    const frames = { 2: det(0.1), 5: det(0.4), 8: det(0.7), 14: det(0.2) };
    expect(kindsOf(frames, 17, 3)).toBe('- - stored filled filled stored filled filled stored - - - - - stored - -');
  });

  it('blends the two stored boxes (interpolation on) or holds the one before (off), confidence included', () => {
    const frames = { 0: det(0.1, 'ai', 0.6), 4: det(0.5, 'human', 1) };
    const on = trackBoxAt(at(frames), 1, { stride: 4, interpolate: true })!;
    expect(on.kind).toBe('filled');
    expect(on.det.x1).toBeCloseTo(0.2);
    expect(on.det.confidence).toBeCloseTo(0.7);
    expect(trackBoxAt(at(frames), 3, { stride: 4, interpolate: false })!.det).toBe(frames[0]);
  });

  it('draws nothing on an outside keyframe and after it, and holds the box before it up to the frame before', () => {
    const frames = { 0: det(0.1), 3: det(0.4, 'outside'), 6: det(0.7) };
    expect(kindsOf(frames, 8, 6)).toBe('stored filled filled - - - stored -');
    expect(trackBoxAt(at(frames), 2, { stride: 6, interpolate: true })!.det).toBe(frames[0]);
  });

  it('draws only stored boxes at stride 1', () => {
    expect(kindsOf({ 0: det(0.1), 2: det(0.3) }, 3, 1)).toBe('stored - stored');
  });
});
