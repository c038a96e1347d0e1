// Still things boxed as people (a rock, a sign post) are dropped; people are kept, also when they stand still.
import { describe, expect, it } from 'vitest';
import type { AnalysisResult } from '../../server/processing/pipeline';
import {
  bodyProblem,
  dropStillNonPeople,
  stillDropLog,
  stillNonPersonReason,
  type Joints,
  type TrackFrame,
} from '../../server/processing/static-track';

/** A frame whose joints were read. */
type ReadFrame = TrackFrame & { keypoints: Joints };
import { skeleton, type Pose } from './synthetic-pose';

const FRAMES = 40;
let seed = 11;
const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;

/** A person's frame: the skeleton and the box around it. */
function personFrame(p: Pose): ReadFrame {
  const keypoints = skeleton(p);
  const xs = keypoints.map((k) => k[0]),
    ys = keypoints.map((k) => k[1]);
  return {
    box: { x1: Math.min(...xs) - 10, y1: Math.min(...ys) - 15, x2: Math.max(...xs) + 10, y2: Math.max(...ys) + 5 },
    keypoints,
  };
}

/**
 * A still thing's frame: a fixed box whose sides shift by up to `jitter` px, with the joints the model
 * scatters over it and `spread` px beside it, scored `score` ± 0.05.
 */
function thingFrame(box: TrackFrame['box'], score: number, spread: number, jitter: number): ReadFrame {
  const keypoints = Array.from(
    { length: 17 },
    () =>
      [
        box.x1 - spread + rnd() * (box.x2 - box.x1 + 2 * spread),
        box.y1 + rnd() * (box.y2 - box.y1),
        score - 0.05 + rnd() * 0.1,
      ] as [number, number, number],
  );
  return { box: { ...box, x1: box.x1 + rnd() * jitter, x2: box.x2 + rnd() * jitter }, keypoints };
}

/** A rock's frame: a wide still box. */
const rockFrame = (score: number, x = 300) => thingFrame({ x1: x, y1: 300, x2: x + 220, y2: 590 }, score, 40, 3);

/** A sign post's frame: a tall, thin still box. */
const postFrame = (score: number, x = 300) => thingFrame({ x1: x, y1: 250, x2: x + 50, y2: 590 }, score, 30, 2);

describe('still non-people are dropped, people are kept', () => {
  it('drops a still rock-like box whose joints are scattered and scored low', () => {
    const reason = stillNonPersonReason(Array.from({ length: FRAMES }, () => rockFrame(0.12)));
    expect(reason).toMatch(/never moved/);
    expect(reason).toMatch(/joints scored 0\.1/);
  });

  it('drops a still box whose joints score middling but make no body in most frames', () => {
    expect(stillNonPersonReason(Array.from({ length: FRAMES }, () => rockFrame(0.32)))).toMatch(/make no body/);
  });

  it('keeps a walking person', () => {
    expect(
      stillNonPersonReason(
        Array.from({ length: FRAMES }, (_, f) => personFrame({ x: 100 + 8 * f, y: 400, score: 0.6 })),
      ),
    ).toBeNull();
  });

  it('keeps a person standing still with a plausible body, seen well or poorly', () => {
    for (const score of [0.6, 0.3, 0.22]) {
      const frames = Array.from({ length: FRAMES }, () => personFrame({ x: 400 + rnd() * 2, y: 400, score }));
      expect(stillNonPersonReason(frames)).toBeNull();
    }
  });

  it('keeps a person standing still who was hidden behind someone for most of the time (those boxes have no joints)', () => {
    const frames = Array.from({ length: FRAMES }, (_, f) => {
      const seen = personFrame({ x: 400 + rnd() * 2, y: 400, score: 0.5 });
      return f >= 10 && f < 35 ? { ...seen, keypoints: null } : seen;
    });
    expect(stillNonPersonReason(frames)).toBeNull();
  });

  it('keeps a person lying still (the head beside the hips, not above them)', () => {
    expect(
      stillNonPersonReason(Array.from({ length: FRAMES }, () => personFrame({ x: 400, y: 500, tilt: 85, score: 0.3 }))),
    ).toBeNull();
  });

  it('still drops a sign post whose box swells for a few frames as people pass in front of it', () => {
    const frames = Array.from({ length: FRAMES }, (_, f) => {
      const r = rockFrame(0.12);
      // frames 10–12: a passer-by merges with the post's box
      return f >= 10 && f < 13 ? { ...r, box: { ...r.box, x2: r.box.x2 + 150 } } : r;
    });
    expect(stillNonPersonReason(frames)).toMatch(/never moved/);
  });

  it('leaves a moving box with poor joints to the other rules (people run past half-seen)', () => {
    expect(stillNonPersonReason(Array.from({ length: FRAMES }, (_, f) => rockFrame(0.12, 100 + 10 * f)))).toBeNull();
  });

  it('drops nothing when the video size is unknown (boxes of no size cannot be called still)', () => {
    const frames = Array.from({ length: FRAMES }, () => rockFrame(0.1)).map((f) => ({
      ...f,
      box: { x1: NaN, y1: NaN, x2: NaN, y2: NaN },
    }));
    expect(stillNonPersonReason(frames)).toBeNull();
  });

  it('says which body problem it saw', () => {
    const p = personFrame({ x: 400, y: 400 }).keypoints;
    expect(bodyProblem(p)).toBeNull();
    const long = p.map((k) => [...k] as [number, number, number]);
    long[15] = [long[13][0], long[13][1] + 400, 0.6]; // a shin four torsos long
    expect(bodyProblem(long)).toBe('limbs longer than the body');
    const noTorso = p.map((k, i) => (i === 11 || i === 12 ? ([k[0], k[1], 0.1] as [number, number, number]) : k));
    expect(bodyProblem(noTorso)).toBe('no torso');
  });
});

describe('dropping still non-people from an analysis', () => {
  const W = 1000,
    H = 800;
  const det = (trackId: number, frame: number, f: ReadFrame) => ({
    trackId,
    frame,
    x1: f.box.x1 / W,
    y1: f.box.y1 / H,
    x2: f.box.x2 / W,
    y2: f.box.y2 / H,
    confidence: 0.6,
    keypoints: f.keypoints.flatMap(([x, y, s]) => [x / W, y / H, s]),
  });
  const analysis = (): AnalysisResult => ({
    detections: Array.from({ length: FRAMES }, (_, f) => [
      det(1, f, personFrame({ x: 100 + 5 * f, y: 400, score: 0.6 })),
      det(2, f, rockFrame(0.1)),
      det(3, f, personFrame({ x: 700, y: 400, score: 0.5 })),
    ]).flat(),
    segments: [
      { trackId: 2, actionClass: 'jump', start: 1, end: 1.5, confidence: 0.5 },
      { trackId: 3, actionClass: 'sit', start: 0, end: 1, confidence: 0.5 },
    ],
    stats: { tracks: 3 } as AnalysisResult['stats'],
  });

  it("removes the thing's boxes and proposals, numbers the people 1, 2 and lists what went and why", () => {
    const r = dropStillNonPeople(analysis(), W, H);
    expect([...new Set(r.detections.map((d) => d.trackId))]).toEqual([1, 2]);
    const before = analysis().detections.filter((d) => d.trackId === 3);
    expect(r.detections.filter((d) => d.trackId === 2)).toEqual(before.map((d) => ({ ...d, trackId: 2 })));
    expect(r.segments).toEqual([{ trackId: 2, actionClass: 'sit', start: 0, end: 1, confidence: 0.5 }]);
    expect(r.stats.tracks).toBe(2);
    expect(r.stillDropped.map((d) => [d.trackId, d.frames])).toEqual([[2, FRAMES]]);
    expect(stillDropLog(r.stillDropped)[0]).toMatch(
      /^1 track dropped as a still thing, not a person: track 2 \(40 frames\): box never moved/,
    );
  });

  it("holds crop tracking's Lightning joints to a higher bar: a still heap whose joints look like a body at 0.22 is a thing there, not under top-down", () => {
    const a = analysis();
    a.detections = a.detections
      .filter((d) => d.trackId !== 2)
      .concat(Array.from({ length: FRAMES }, (_, f) => det(2, f, personFrame({ x: 400, y: 300, score: 0.22 }))));
    expect(dropStillNonPeople({ ...a, stats: { ...a.stats, poseModel: 'topdown' } }, W, H).stillDropped).toEqual([]);
    const tracked = dropStillNonPeople({ ...a, stats: { ...a.stats, poseModel: 'tracking' } }, W, H);
    expect(tracked.stillDropped.map((d) => d.trackId)).toEqual([2]);
    expect(tracked.stillDropped[0].reason).toMatch(/joints scored 0\.2\d \(a body scores ≥ 0\.25\)/);
    expect([...new Set(tracked.detections.map((d) => d.trackId))]).toEqual([1, 2]);
  });

  it('changes nothing when every track may be a person', () => {
    const a = analysis();
    a.detections = a.detections.filter((d) => d.trackId !== 2);
    const r = dropStillNonPeople(a, W, H);
    expect(r.detections).toEqual(a.detections);
    expect(r.stillDropped).toEqual([]);
    expect(stillDropLog(r.stillDropped)).toEqual([]);
  });

  it('drops the still stretch of a track that passes from a walker to a sign post, and keeps the walker', () => {
    // 30 fps, every frame: 1 s of a walker, then 3 s on the post, then 1 s of a walker again (the post's box taken over)
    const walker = (f: number) => personFrame({ x: 100 + 5 * f, y: 400, score: 0.6 });
    const frames = [
      ...Array.from({ length: 30 }, (_, f) => walker(f)),
      ...Array.from({ length: 90 }, () => postFrame(0.2)),
      ...Array.from({ length: 30 }, (_, f) => walker(60 + f)),
    ];
    const standing = Array.from({ length: 150 }, () => personFrame({ x: 700, y: 400, score: 0.45 }));
    const a: AnalysisResult = {
      detections: [...frames.map((f, i) => det(1, i, f)), ...standing.map((f, i) => det(2, i, f))],
      // proposals on the walker (0–1 s), on the post (1.5–3.5 s) and mostly on the walker again (3.8–5 s)
      segments: [
        { trackId: 1, actionClass: 'run', start: 0, end: 1, confidence: 0.6 },
        { trackId: 1, actionClass: 'sit', start: 1.5, end: 3.5, confidence: 0.6 },
        { trackId: 1, actionClass: 'run', start: 3.8, end: 5, confidence: 0.6 },
        { trackId: 2, actionClass: 'sit', start: 1.5, end: 3.5, confidence: 0.6 },
      ],
      stats: { tracks: 2, fps: 30, stride: 1, poseModel: 'tracking' } as AnalysisResult['stats'],
    };
    // the whole track moves, so it is no still thing as a whole
    expect(stillNonPersonReason(frames, 0.25)).toBeNull();
    const r = dropStillNonPeople(a, W, H);
    expect(r.detections.filter((d) => d.trackId === 1).map((d) => d.frame)).toEqual([
      ...Array.from({ length: 30 }, (_, i) => i),
      ...Array.from({ length: 30 }, (_, i) => 120 + i),
    ]);
    // a person who stands still the whole time with a body's joints keeps every frame
    expect(r.detections.filter((d) => d.trackId === 2)).toHaveLength(150);
    // the post's proposal goes with its boxes; the walker's and the other person's stay
    expect(r.segments.map((s) => [s.trackId, s.actionClass, s.start])).toEqual([
      [1, 'run', 0],
      [1, 'run', 3.8],
      [2, 'sit', 1.5],
    ]);
    expect(r.stillDropped).toMatchObject([{ trackId: 1, frames: 90, span: [30, 119] }]);
    expect(stillDropLog(r.stillDropped)).toEqual([
      expect.stringMatching(
        /^1 still stretch of a track dropped as a thing, not a person: track 1 frames 30–119: box never moved/,
      ),
    ]);
  });

  it('keeps a person who falls and lies still: their still stretch is boxed wide, whatever the joints score', () => {
    // 30 fps: 1 s walking, then 3 s lying on the ground, the keypoint model reading the lying body poorly
    const walker = (f: number) => personFrame({ x: 100 + 5 * f, y: 400, score: 0.6 });
    const lying = (): ReadFrame => {
      const f = postFrame(0.16);
      return { ...f, box: { x1: 300, y1: 520, x2: 560, y2: 590 } };
    };
    const frames = [...Array.from({ length: 30 }, (_, f) => walker(f)), ...Array.from({ length: 90 }, lying)];
    const a: AnalysisResult = {
      detections: frames.map((f, i) => det(1, i, f)),
      segments: [],
      stats: { tracks: 1, fps: 30, stride: 1, poseModel: 'tracking' } as AnalysisResult['stats'],
    };
    const r = dropStillNonPeople(a, W, H);
    expect(r.detections).toHaveLength(120);
    expect(r.stillDropped).toEqual([]);
  });
});
