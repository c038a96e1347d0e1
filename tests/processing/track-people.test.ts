// The tracking side of an analysis on the models' answer: what tracks a reviewer gets from the people found
// on each analysed frame, and which frames came from a model pass or from the optical flow between passes.
import { describe, expect, it } from 'vitest';
import type { FoundPerson } from '../../server/processing/analysis-result';
import { trackFramePeople } from '../../server/processing/track-people';
import { framePeople } from '../helpers/frame-people';

const video = { width: 1000, height: 500, fps: 10, duration: 3 };

/** A standing person whose box's left edge is at x (fraction of the width), found with this confidence. */
function person(x: number, confidence = 0.95): FoundPerson {
  const box = { x1: x, y1: 0.2, x2: x + 0.05, y2: 0.6 };
  return {
    box,
    score: confidence,
    keypointScore: 0.8,
    keypoints: Array.from({ length: 17 }, (_, k) => [x + 0.025, 0.2 + (0.4 * k) / 17, 0.8] as [number, number, number]),
    appearance: new Float32Array(0),
    confidence,
  };
}

/** 30 frames at 10 fps; a model pass every 2nd frame, the optical flow's frames between. */
const answer = (peopleOn: (frame: number) => FoundPerson[]) => framePeople(30, peopleOn);

describe('tracks from the people found on each frame', () => {
  it('gives a walking person one track over every frame, with a box and 17 joints on each', () => {
    const r = trackFramePeople(
      video,
      answer((f) => [person(0.1 + f * 0.004)]),
    );
    expect(new Set(r.detections.map((d) => d.trackId))).toEqual(new Set([1]));
    expect(r.detections.map((d) => d.frame)).toEqual(Array.from({ length: 30 }, (_, i) => i));
    expect(r.detections.every((d) => d.keypoints?.length === 51)).toBe(true);
  });

  it('shows no track for a box one model pass found and the flow carried on, which the next pass did not find again', () => {
    // frame 10 is a pass that finds a second box; frame 11 is the flow carrying it; the pass at 12 does not find it
    const r = trackFramePeople(
      video,
      answer((f) => [person(0.1 + f * 0.004), ...(f === 10 || f === 11 ? [person(0.7)] : [])]),
    );
    expect(new Set(r.detections.map((d) => d.trackId))).toEqual(new Set([1]));
    expect(r.detections.some((d) => d.x1 > 0.5)).toBe(false);
    expect(r.stats.weakTracks).toBe(1);
  });

  it('gives a person whose box changed extent one track and one box per frame: a wide box, then a narrow one inside it', () => {
    // a person wheeling a bicycle boxed with it until frame 12, and alone from frame 10: the tracker starts the
    // narrow box as a second track while the wide one still runs; the wide one gives way where the narrow starts
    const appearance = Float32Array.from({ length: 64 }, (_, i) => (i === 5 ? 1 : 0));
    const box = (x1: number, x2: number, confidence = 0.95): FoundPerson => ({
      ...person(x1, confidence),
      box: { x1, y1: 0.2, x2, y2: 0.6 },
      appearance,
    });
    const r = trackFramePeople(
      video,
      answer((f) => [
        ...(f <= 12 ? [box(0.1 + f * 0.002, 0.2 + f * 0.002)] : []),
        ...(f >= 10 ? [box(0.14 + f * 0.002, 0.19 + f * 0.002)] : []),
      ]),
    );
    expect(new Set(r.detections.map((d) => d.trackId))).toEqual(new Set([1]));
    expect(r.detections.map((d) => d.frame)).toEqual(Array.from({ length: 30 }, (_, i) => i));
  });

  it('keeps that box as a track when the next pass finds it again', () => {
    const r = trackFramePeople(
      video,
      answer((f) => [person(0.1 + f * 0.004), ...(f >= 10 && f <= 14 ? [person(0.7)] : [])]),
    );
    expect(new Set(r.detections.map((d) => d.trackId))).toEqual(new Set([1, 2]));
  });
});
