import { describe, expect, it } from 'vitest';
import { trackAll, type TrackerInput, type TrackerName } from '../../server/processing/tracker';

const person = (cx: number, cy: number, score = 0.45, w = 60, h = 160): TrackerInput => ({
  box: { x1: cx - w / 2, y1: cy - h / 2, x2: cx + w / 2, y2: cy + h / 2 },
  score,
});

/** Track id of the detection whose centre is nearest to x in each frame. */
const idNear = (frames: TrackerInput[][], ids: Array<Array<number | null>>, f: number, x: number) => {
  let best = -1,
    dist = Infinity;
  frames[f].forEach((d, i) => {
    const c = (d.box.x1 + d.box.x2) / 2;
    if (Math.abs(c - x) < dist) {
      dist = Math.abs(c - x);
      best = i;
    }
  });
  return ids[f][best];
};

describe.each<TrackerName>(['bytetrack', 'botsort'])('tracker %s', (name) => {
  it('tells two overlapping people apart by the colours they wear where their boxes swap places', () => {
    // A (red) and B (blue) stand side by side, their boxes overlapping; then each detector box lands nearer
    // the other's place. By overlap alone A would take the blue box; by colours A keeps the red one.
    const red = Float32Array.from({ length: 64 }, (_, i) => (i === 3 ? 1 : 0));
    const blue = Float32Array.from({ length: 64 }, (_, i) => (i === 40 ? 1 : 0));
    const at = (x1: number, appearance: Float32Array): TrackerInput => ({
      box: { x1, y1: 0, x2: x1 + 100, y2: 200 },
      score: 0.9,
      appearance,
    });
    const frames: TrackerInput[][] = [
      ...Array.from({ length: 10 }, () => [at(0, red), at(60, blue)]),
      [at(55, red), at(5, blue)],
    ];
    const ids = trackAll(name, frames, { stepsPerSecond: 10, highScore: 0.5, lowScore: 0.1, newTrackScore: 0.4 });
    expect(ids[10][0]).toBe(ids[9][0]);
    expect(ids[10][1]).toBe(ids[9][1]);
    // without colours the boxes go by overlap alone
    const plain = frames.map((f) => f.map(({ box, score }) => ({ box, score })));
    const byOverlap = trackAll(name, plain, { stepsPerSecond: 10, highScore: 0.5, lowScore: 0.1, newTrackScore: 0.4 });
    expect(byOverlap[10][0]).toBe(byOverlap[9][1]);
  });

  it('keeps ids of two people who walk past each other (crossing)', () => {
    // A walks right along y=300, B walks left along y=320; their boxes overlap for several frames mid-way
    const frames: TrackerInput[][] = [];
    const posA: number[] = [],
      posB: number[] = [];
    for (let f = 0; f < 60; f++) {
      posA.push(100 + f * 10);
      posB.push(700 - f * 10);
      frames.push([person(posA[f], 300, 0.5), person(posB[f], 320, 0.4)]);
    }
    const ids = trackAll(name, frames, { stepsPerSecond: 30 });
    const a0 = idNear(frames, ids, 0, posA[0]),
      b0 = idNear(frames, ids, 0, posB[0]);
    expect(a0).not.toBeNull();
    expect(b0).not.toBeNull();
    expect(a0).not.toBe(b0);
    for (let f = 0; f < 60; f++) {
      expect(ids[f][0]).toBe(a0); // detection 0 is always A
      expect(ids[f][1]).toBe(b0);
    }
    expect(new Set(ids.flat()).size).toBe(2);
  });

  it('a track survives a short miss and comes back with the same id', () => {
    const frames: TrackerInput[][] = [];
    for (let f = 0; f < 40; f++) {
      const missing = f >= 15 && f < 22; // 7 analysed frames without the person (≈ 0.23 s at 30 steps/s)
      frames.push(missing ? [person(600, 300)] : [person(100 + f * 8, 300), person(600, 300)]);
    }
    const ids = trackAll(name, frames, { stepsPerSecond: 30 });
    const walker = ids[0][0];
    expect(walker).not.toBeNull();
    expect(ids[14][0]).toBe(walker);
    expect(ids[22][0]).toBe(walker);
    expect(ids[39][0]).toBe(walker);
    expect(new Set(ids.flat().filter((v) => v != null)).size).toBe(2);
  });

  it('keeps a track through weak detections (second pass) and ignores one-frame noise', () => {
    const frames: TrackerInput[][] = [];
    for (let f = 0; f < 20; f++) {
      const weak = f >= 5 && f < 10;
      const dets = [person(200 + f * 5, 300, weak ? 0.18 : 0.45)];
      if (f === 12) dets.push(person(900, 100, 0.3)); // a single spurious detection
      frames.push(dets);
    }
    const ids = trackAll(name, frames, { stepsPerSecond: 30 });
    expect(ids.map((f) => f[0])).toEqual(new Array(20).fill(1));
    expect(ids[12][1]).toBeNull();
  });
});

describe.each<TrackerName>(['bytetrack', 'botsort'])('tracker %s, one walking behind another', (name) => {
  const box = (x1: number, y1: number, x2: number, y2: number, score = 0.9): TrackerInput => ({
    box: { x1, y1, x2, y2 },
    score,
  });
  // the street composite's crossing at 0.8 of its height: a walker 50 px tall behind one 62 px tall
  const behind = box(100, 100, 112, 150),
    inFront = box(103, 140, 125, 202),
    both = box(101, 100, 125, 203);
  const frames: TrackerInput[][] = [
    ...Array.from({ length: 5 }, () => [behind, inFront]),
    [inFront],
    [inFront],
    // the detector boxes the two as one, beside the one in front's own box
    ...Array.from({ length: 3 }, () => [inFront, both]),
    [behind, inFront],
  ];
  const ids = trackAll(name, frames, { stepsPerSecond: 10, highScore: 0.5, lowScore: 0.1, newTrackScore: 0.4 });

  it('gives the box around both to no one: it neither re-finds the hidden one nor starts a track', () => {
    // before, the hidden walker's track was re-found by it and stood 103 px tall for three frames
    for (const f of [7, 8, 9]) expect(ids[f][1]).toBeNull();
  });

  it('keeps both their ids', () => {
    expect(ids[10][0]).toBe(ids[0][0]);
    expect(ids[10][1]).toBe(ids[0][1]);
    expect(ids.slice(5, 10).every((f) => f[0] === ids[0][1])).toBe(true);
  });
});

describe('tracker lost-track buffer', () => {
  it('starts a new id when a person is gone longer than the buffer', () => {
    const frames: TrackerInput[][] = [];
    for (let f = 0; f < 150; f++) frames.push(f >= 10 && f < 130 ? [] : [person(300, 300)]);
    const ids = trackAll('bytetrack', frames, { stepsPerSecond: 30 }); // 120 missing steps > 90-step (3 s) buffer
    expect(ids[0][0]).toBe(1);
    expect(ids[149][0]).toBe(2);
  });
});
