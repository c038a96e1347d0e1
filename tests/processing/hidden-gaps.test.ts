// Someone out of sight for a moment keeps their box: a walker passing behind someone who stands, and a person
// the models missed for two frames in the open, are boxed on those frames with no joints; a longer gap in the
// open, and the gaps of a second track on one person, stay empty.
import { describe, expect, it } from 'vitest';
import type { AnalysedDetection, FoundPerson } from '../../server/processing/analysis-result';
import { fillHiddenGaps } from '../../server/processing/hidden-gaps';
import { trackFramePeople } from '../../server/processing/track-people';
import { framePeople } from '../helpers/frame-people';

const video = { width: 1000, height: 500, fps: 10, duration: 4 };

function person(x: number, y = 0.2): FoundPerson {
  const box = { x1: x, y1: y, x2: x + 0.05, y2: y + 0.4 };
  return {
    box,
    score: 0.95,
    keypointScore: 0.8,
    keypoints: Array.from({ length: 17 }, (_, k) => [x + 0.025, y + (0.4 * k) / 17, 0.8] as [number, number, number]),
    appearance: new Float32Array(0),
    confidence: 0.95,
  };
}

const walkerAt = (f: number) => 0.1 + f * 0.01;
const framesOf = (r: { detections: AnalysedDetection[] }, id: number) =>
  r.detections.filter((d) => d.trackId === id).map((d) => d.frame);

describe('someone out of sight for a moment', () => {
  it('boxes a walker on the frames they pass behind someone standing, where they walk, with no joints', () => {
    // the walker reaches the standing person's place (x 0.25) at frame 15 and is hidden on frames 12–19
    const hidden = (f: number) => f >= 12 && f <= 19;
    const r = trackFramePeople(
      video,
      framePeople(40, (f) => [person(0.25, 0.22), ...(hidden(f) ? [] : [person(walkerAt(f))])]),
    );
    const walker = r.detections.find((d) => d.frame === 0 && d.x1 < 0.2)!.trackId;
    expect(framesOf(r, walker)).toEqual(Array.from({ length: 40 }, (_, f) => f));
    expect(r.stats.hiddenBoxes).toBe(8); // the processing log counts them
    for (const d of r.detections.filter((d) => d.trackId === walker && hidden(d.frame))) {
      // where they walk, within a fifth of their width (the boxes are smoothed afterwards)
      expect(Math.abs(d.x1 - walkerAt(d.frame))).toBeLessThan(0.01);
      expect(d.keypoints).toBeNull();
    }
  });

  it('boxes a person the models missed for two frames in the open, and not one gone for a second', () => {
    const missed = (f: number) => f === 10 || f === 11;
    const gone = (f: number) => f >= 20 && f <= 29;
    const r = trackFramePeople(
      video,
      framePeople(40, (f) => (missed(f) || gone(f) ? [] : [person(0.3 + f * 0.002)])),
    );
    const id = r.detections[0].trackId;
    const frames = framesOf(r, id);
    expect(frames).toContain(10);
    expect(frames).toContain(11);
    expect(frames.filter((f) => gone(f))).toEqual([]);
    expect(frames).toContain(30);
  });

  it('leaves the gaps of a second track on one person empty, and those with ends of unlike sizes', () => {
    const box = (trackId: number, frame: number, x: number): AnalysedDetection => ({
      trackId,
      frame,
      x1: x,
      y1: 0.2,
      x2: x + 0.05,
      y2: 0.6,
      confidence: 0.9,
      keypoints: new Array(51).fill(0.5),
    });
    const one = Array.from({ length: 20 }, (_, f) => box(1, f, 0.3));
    const second = [box(2, 2, 0.305), box(2, 9, 0.305)];
    const out = fillHiddenGaps([...one, ...second], 10, 1);
    expect(out.filter((d) => d.trackId === 2).map((d) => d.frame)).toEqual([2, 9]);
    // nor a gap whose ends are of unlike sizes (half the height): one of them is not the whole person
    const unlike = [box(2, 2, 0.33), { ...box(2, 9, 0.33), y1: 0.3, y2: 0.5 }];
    expect(fillHiddenGaps([...one, ...unlike], 10, 1).filter((d) => d.trackId === 2)).toHaveLength(2);
    // the same gap behind someone whose box only half meets the track's ends is filled
    const beside = [box(2, 2, 0.33), box(2, 9, 0.33)];
    expect(fillHiddenGaps([...one, ...beside], 10, 1).filter((d) => d.trackId === 2)).toHaveLength(8);
  });
});
