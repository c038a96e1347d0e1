// A package keeps a track's keyframes, filled boxes and outside keyframes apart, so an import reproduces them.
import { describe, expect, it } from 'vitest';
import { decodeTrack, encodeTrack } from '../../server/services/packages/package-format';

describe('package track sources', () => {
  it('round-trips ai, human keyframe, interpolated and outside rows', () => {
    const sources = ['ai', 'human', 'interpolated', 'outside'];
    const rows = sources.map((source, frame) => ({
      trackId: 4,
      frame,
      x1: 0.1,
      y1: 0.1,
      x2: 0.2,
      y2: 0.2,
      confidence: 1,
      keypoints: null,
      source,
    }));
    const encoded = encodeTrack(4, rows);
    expect(encoded.source).toBe('ahio');
    expect(decodeTrack(JSON.parse(JSON.stringify(encoded))).map((r) => r.source)).toEqual(sources);
  });
});
