// Crop tracking when the detector finds a followed person again with a weak box (someone lying down scores
// 0.1–0.15 where they stood at 0.9): the person keeps the score they were followed with, so the tracker
// does not drop them; a weak box that is not a followed person's own keeps its own score.
import { describe, expect, it } from 'vitest';
import { trackPeopleByCrops } from '../../server/processing/crop-tracking';
import type { DecodedFrame } from '../../server/processing/frames';
import type { PosePool } from '../../server/processing/pose-pool';
import { cropStandIn } from './pool-stand-ins';

const g = { scaledW: 64, scaledH: 36, inputW: 64, inputH: 64 };
type Row = [number, number, number, number, number];

/**
 * A stand-in pool whose detector answers frame n (its first byte) with `boxes(n)`; every crop finds a pose
 * whose joints score `jointScore(crop)` (0.8, a clear body, unless told).
 */
function standIn(boxes: (n: number) => Row[], jointScore: (c: { x0: number }) => number = () => 0.8) {
  const pool = {
    threads: 2,
    detect: async (rgb: Uint8Array) => Float32Array.from(boxes(rgb[0]).flat()),
    detectStacked: async (frames: Uint8Array[]) => frames.map((f) => Float32Array.from(boxes(f[0]).flat())),
    crop: cropStandIn(jointScore),
  };
  return pool as unknown as PosePool;
}

async function* frames(n: number): AsyncGenerator<DecodedFrame> {
  for (let i = 0; i < n; i++) yield { frame: i * 6, rgb: new Uint8Array(g.inputW * g.inputH * 3).fill(i) };
}

/** The detector scores of the people found on each frame, highest first. */
async function scoresPerFrame(
  boxes: (n: number) => Row[],
  n: number,
  jointScore?: (c: { x0: number }) => number,
): Promise<number[][]> {
  const out: number[][] = [];
  await trackPeopleByCrops(
    frames(n),
    g,
    standIn(boxes, jointScore),
    { detectEvery: 1, stackDetections: true },
    0.1,
    (_f, people) => {
      out.push(people.map((p) => Number(p.score.toFixed(2))).sort((a, b) => b - a));
    },
  );
  return out;
}

describe('crop tracking, a followed person found again by a weak box', () => {
  it('keeps the score they were followed with', async () => {
    const standing: Row = [10, 4, 30, 34, 0.9],
      lying: Row = [10, 6, 31, 34, 0.12];
    expect(await scoresPerFrame((n) => [n < 2 ? standing : lying], 5)).toEqual([[0.9], [0.9], [0.9], [0.9], [0.9]]);
  });

  it('leaves a weak box elsewhere, or a part of the person, at its own score', async () => {
    const person: Row = [10, 4, 30, 34, 0.9],
      legs: Row = [10, 22, 30, 34, 0.15],
      stray: Row = [44, 4, 60, 20, 0.12];
    expect(await scoresPerFrame((n) => (n < 2 ? [person] : [person, legs, stray]), 3)).toEqual([
      [0.9],
      [0.9],
      [0.9, 0.15, 0.12],
    ]);
  });

  it('leaves a box whose crop never showed a body at its own score', async () => {
    // a box on part of someone in a zoom: the detector scores it well once, the keypoint model finds no body in it
    const part: Row = [10, 4, 30, 34, 0.6],
      weaker: Row = [10, 5, 30, 34, 0.2];
    expect(
      await scoresPerFrame(
        (n) => [n < 1 ? part : weaker],
        3,
        () => 0.1,
      ),
    ).toEqual([[0.6], [0.2], [0.2]]);
  });
});
