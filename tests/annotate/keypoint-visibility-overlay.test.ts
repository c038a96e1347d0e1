// Hidden joints on the overlay (shared with the server's renderer): an occluded joint is drawn hollow, an
// absent one not at all, and the frames between two stored ones keep it (absent at either end is absent,
// occluded at either end occluded).
import { describe, expect, it } from 'vitest';
import { drawOverlay, type OverlayContext, type OverlayItem } from '../../domain/overlay/draw';
import { detectionAt, jointVisibility, type CompactDetection } from '../../domain/overlay/detection';

const kps = (score: number) =>
  new Float32Array(Array.from({ length: 51 }, (_, i) => (i % 3 === 2 ? score : 0.2 + (i % 3) * 0.1 + i / 500)));
const vis = (occluded: number[], absent: number[] = []) =>
  Uint8Array.from({ length: 17 }, (_, i) => (absent.includes(i) ? 0 : occluded.includes(i) ? 1 : 2));
const det = (x: number, visibility: Uint8Array | null, score = 0.9): CompactDetection => ({
  x1: x,
  y1: 0.1,
  x2: x + 0.2,
  y2: 0.9,
  confidence: 0.8,
  keypoints: kps(score),
  source: 'human',
  visibility,
});

/** A context that records each fill and stroke with the arcs of its path. */
function recorder() {
  const ops: Array<{ op: 'fill' | 'stroke'; arcs: Array<[number, number]> }> = [];
  let arcs: Array<[number, number]> = [];
  const ctx: OverlayContext = {
    font: '',
    textBaseline: '',
    lineJoin: '',
    lineWidth: 1,
    strokeStyle: '',
    fillStyle: '',
    beginPath: () => {
      arcs = [];
    },
    moveTo: () => undefined,
    lineTo: () => undefined,
    arc: (x, y) => {
      arcs.push([x, y]);
    },
    stroke: () => {
      ops.push({ op: 'stroke', arcs });
    },
    fill: () => {
      ops.push({ op: 'fill', arcs });
    },
    strokeRect: () => undefined,
    fillRect: () => undefined,
    fillText: () => undefined,
    measureText: () => ({ width: 10 }),
  };
  return { ctx, ops };
}
const points = { boxes: false, skeletons: false, keypoints: true, confidence: false, labels: false };
const item = (d: CompactDetection): OverlayItem => ({ trackId: 1, det: d, action: null });

describe('drawing hidden joints', () => {
  it('fills visible joints, strokes occluded ones as rings and leaves absent ones out', () => {
    const { ctx, ops } = recorder();
    const stats = drawOverlay(ctx, [item(det(0.1, vis([3, 4], [5])))], 100, 100, points);
    const filled = ops.filter((o) => o.op === 'fill').flatMap((o) => o.arcs);
    const rings = ops.filter((o) => o.op === 'stroke').flatMap((o) => o.arcs);
    expect(filled).toHaveLength(14);
    expect(rings).toHaveLength(2);
    const k = kps(0.9);
    expect(rings.map(([x]) => x)).toEqual([k[9] * 100, k[12] * 100]);
    expect(stats).toMatchObject({ keypoints: 16, hollow: 2 });
  });

  it('draws a joint a person marked visible even when the AI scored it low; a row without visibility keeps the score rule', () => {
    expect(drawOverlay(recorder().ctx, [item(det(0.1, vis([]), 0.05))], 100, 100, points).keypoints).toBe(17);
    expect(drawOverlay(recorder().ctx, [item(det(0.1, null, 0.05))], 100, 100, points).keypoints).toBe(0);
  });

  it('draws no limb to an absent joint', () => {
    const all = { ...points, skeletons: true };
    const full = drawOverlay(recorder().ctx, [item(det(0.1, vis([])))], 100, 100, all).lines;
    // joint 5 (left shoulder) ends three limbs
    expect(drawOverlay(recorder().ctx, [item(det(0.1, vis([], [5])))], 100, 100, all).lines).toBe(full - 3);
  });
});

describe('interpolating hidden joints', () => {
  const frames = { 0: det(0.1, vis([1], [2])), 4: det(0.5, vis([3], [4])) };

  it('is absent when absent at either end, occluded when occluded at either end', () => {
    const mid = detectionAt(frames, 2, { stride: 4, interpolate: true })!;
    expect(mid.x1).toBeCloseTo(0.3);
    expect(Array.from({ length: 17 }, (_, j) => jointVisibility(mid, j))).toEqual(Array.from(vis([1, 3], [2, 4])));
  });

  it("holds the earlier frame's visibility when interpolation is off", () => {
    expect(Array.from(detectionAt(frames, 2, { stride: 4, interpolate: false })!.visibility!)).toEqual(
      Array.from(vis([1], [2])),
    );
  });

  it('keeps none when neither end stores any', () => {
    expect(
      detectionAt({ 0: det(0.1, null), 4: det(0.5, null) }, 2, { stride: 4, interpolate: true })!.visibility ?? null,
    ).toBeNull();
  });
});

describe('joint size', () => {
  it("a small person's joints shrink so they do not cover the person; a tall one keeps the picture's size", () => {
    const radii = (d: CompactDetection) => {
      const rs: number[] = [];
      const { ctx } = recorder();
      ctx.arc = (_x, _y, r) => {
        rs.push(r);
      };
      drawOverlay(ctx, [item(d)], 1280, 720, points);
      return [...new Set(rs)];
    };
    // 720 px high: joints of 3 px radius; a person 40 px high (1/18 of the picture) gets 40 / 30 px
    expect(radii(det(0.1, vis([])))).toEqual([3]);
    const small = { ...det(0.1, vis([])), y1: 0.5, y2: 0.5 + 40 / 720 };
    expect(radii(small)[0]).toBeCloseTo(40 / 30, 5);
    // at least a pixel, however small
    expect(radii({ ...small, y2: 0.5 + 5 / 720 })).toEqual([1]);
  });
});
