// The box stored for a person follows their body: the detector's box blended with the padded extent of the
// joints the pose model saw, when the pose shows nearly all of a body large enough to place them.
import { describe, expect, it } from 'vitest';
import type { FoundPerson } from '../../server/processing/analysis-result';
import { bodyBox, jointsBox } from '../../server/processing/body-box';
import { trackFramePeople } from '../../server/processing/track-people';
import { framePeople } from '../helpers/frame-people';

const W = 1000,
  H = 500;

/** 17 joints spread over x 400–460 and y 100–300 px (head at the top, ankles at the bottom), `seen` of them scored 0.9. */
function joints(seen = 17, top = 100, bottom = 300): Array<[number, number, number]> {
  return Array.from({ length: 17 }, (_, k) => {
    const x = k % 2 ? 400 : 460;
    const y = top + ((bottom - top) * k) / 16;
    return [x / W, y / H, k < seen ? 0.9 : 0.1];
  });
}

/** A detector box that takes in a bicycle beside the person: x 380–560, y 90–310 px. */
const detector = { x1: 380 / W, y1: 90 / H, x2: 560 / W, y2: 310 / H };

describe('the box that follows the body', () => {
  it("pads the joints' extent by a tenth of its height above, 4 % below and 3 % each side", () => {
    // extent 400–460 × 100–300, height 200 px → 394–466 × 80–308
    const j = jointsBox({ keypoints: joints() }, W, H)!;
    expect(j.x1 * W).toBeCloseTo(394, 6);
    expect(j.x2 * W).toBeCloseTo(466, 6);
    expect(j.y1 * H).toBeCloseTo(80, 6);
    expect(j.y2 * H).toBeCloseTo(308, 6);
  });

  it("moves the detector's box three tenths of the way to the joints' padded extent", () => {
    // x1 0.7·380 + 0.3·394 = 384.2, y1 0.7·90 + 0.3·80 = 87, x2 0.7·560 + 0.3·466 = 531.8, y2 0.7·310 + 0.3·308 = 309.4
    const b = bodyBox({ box: detector, keypoints: joints() }, W, H);
    expect(b.x1 * W).toBeCloseTo(384.2, 6);
    expect(b.y1 * H).toBeCloseTo(87, 6);
    expect(b.x2 * W).toBeCloseTo(531.8, 6);
    expect(b.y2 * H).toBeCloseTo(309.4, 6);
  });

  it("keeps the detector's box when fewer than 14 joints are seen (part of the body hidden)", () => {
    expect(bodyBox({ box: detector, keypoints: joints(13) }, W, H)).toEqual(detector);
  });

  it("keeps the detector's box for a person whose joints span under 48 px (their places are a pixel or two off)", () => {
    expect(bodyBox({ box: detector, keypoints: joints(17, 100, 147) }, W, H)).toEqual(detector);
  });

  it('stores the blended box on every frame of a person standing still', () => {
    const person: FoundPerson = {
      box: detector,
      score: 0.95,
      keypointScore: 0.9,
      keypoints: joints(),
      appearance: new Float32Array(0),
      confidence: 0.95,
    };
    const found = framePeople(20, () => [person]);
    const r = trackFramePeople({ width: W, height: H, fps: 10, duration: 2 }, found);
    expect(r.detections).toHaveLength(20);
    for (const d of r.detections) {
      expect(d.x1 * W).toBeCloseTo(384.2, 3);
      expect(d.y1 * H).toBeCloseTo(87, 3);
      expect(d.x2 * W).toBeCloseTo(531.8, 3);
      expect(d.y2 * H).toBeCloseTo(309.4, 3);
    }
  });
});
