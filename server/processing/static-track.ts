// Tracks that are things, not people: on street footage a rock or a sign post can be boxed as a person at
// 0.5–0.7 through a whole clip, which the confidence rules of track-keep.ts keep. Such a track gives itself
// away twice over: its box never moves, and the joints the pose model puts in it do not make a body (scored
// low, limbs of impossible lengths, left and right unlike). Either alone is not enough — people stand still,
// and a person seen badly has poor joints — so a track is dropped only when it shows both.
import type { AnalysisResult } from './pipeline';
import { KP, median, type Pt } from './pose-features';

/** A track never moves when its box centre stays within this share of its height of where it mostly is… */
export const STILL_SHIFT = 0.08;
/** …and its height and width stay within this share of their usual size (a camera zoom changes them). */
export const STILL_RESIZE = 0.12;
/** Fewer analysed frames than this say too little about stillness to drop anything. */
export const STILL_MIN_FRAMES = 10;
/**
 * A still stretch of a track this long (seconds) is judged on its own: a track that passes a sign post can
 * take over its box when the walker has gone (or start on the post and pass to a walker), so the whole
 * track moves while most of its frames sit on the thing.
 */
export const STILL_RUN_SECONDS = 2;
/**
 * A still stretch is judged only when its box stands upright (height at least this many times its width),
 * as a thing taken for a standing person does. A person who falls and lies still is boxed wide, and the
 * keypoint model reads a lying body poorly (joints scored about 0.16): their stretch must stay.
 */
export const STILL_RUN_MIN_UPRIGHT = 1.5;
/**
 * Joint scores of a body: a person the model sees, even far or partly hidden, has a mean joint score well
 * above this; the joints it scatters over a rock or a heap of clothes score about 0.1.
 */
export const BODY_MIN_JOINT_SCORE = 0.2;
/**
 * The same bar for crop tracking, whose joints come from MoveNet Lightning: Lightning scores the joints it
 * scatters over a thing higher than Thunder does (the eval's heap of jeans: 0.21 against Thunder's 0.13,
 * while the people beside it score 0.43–0.49).
 */
export const BODY_MIN_JOINT_SCORE_LIGHTNING = 0.25;
/** Below this mean joint score a body also needs its joints to make sense in most frames. */
export const BODY_GOOD_JOINT_SCORE = 0.35;
/**
 * A joint counts for the body's shape from this score: lower than the actions' bar (MIN_KP_SCORE), since
 * a person seen poorly has all joints low but still in their places, and a thing's joints are scattered.
 */
const SHAPE_MIN_KP_SCORE = 0.15;

export interface Box {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}
/** 17 × [x, y, score] keypoints in pixels. */
export type Joints = Array<[number, number, number]>;
/** One analysed frame of a track in pixels: its box and keypoints, null where none were read (hidden-gaps.ts). */
export interface TrackFrame {
  box: Box;
  keypoints: Joints | null;
}

/**
 * A track's box stays within this share of its frames of where it mostly is: a person walking past a sign
 * post, or a box that swells for a frame or two as someone passes in front, must not make the post move.
 */
export const STILL_SHARE = 0.9;

/**
 * How far the box strays from where it mostly is (centre shift as a share of the usual height, size change as
 * a share of the usual size), over all but the farthest tenth of the frames (STILL_SHARE).
 */
export function boxTravel(frames: TrackFrame[]): { shift: number; resize: number } {
  const cx = frames.map((f) => (f.box.x1 + f.box.x2) / 2),
    cy = frames.map((f) => (f.box.y1 + f.box.y2) / 2);
  const w = frames.map((f) => f.box.x2 - f.box.x1),
    h = frames.map((f) => f.box.y2 - f.box.y1);
  const mx = median(cx),
    my = median(cy),
    mw = Math.max(1e-6, median(w)),
    mh = Math.max(1e-6, median(h));
  const shifts = frames.map((_, i) => Math.hypot(cx[i] - mx, cy[i] - my) / mh);
  const resizes = frames.map((_, i) => Math.max(Math.abs(w[i] - mw) / mw, Math.abs(h[i] - mh) / mh));
  // NaN (boxes of unknown size) sorts nowhere: such a track never counts as still
  const share = (v: number[]) =>
    v.some((x) => Number.isNaN(x))
      ? NaN
      : [...v].sort((a, b) => a - b)[Math.min(v.length - 1, Math.ceil(STILL_SHARE * v.length) - 1)];
  return { shift: share(shifts), resize: share(resizes) };
}

const seen = (kp: Joints, i: number): Pt | null =>
  kp[i][2] >= SHAPE_MIN_KP_SCORE ? { x: kp[i][0], y: kp[i][1] } : null;
const len = (a: Pt | null, b: Pt | null) => (a && b ? Math.hypot(a.x - b.x, a.y - b.y) : null);
const mid = (a: Pt | null, b: Pt | null) => (a && b ? { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 } : null);

/** Left/right limb pairs: [left from, left to, right from, right to]. */
const LIMBS: Array<[number, number, number, number]> = [
  [KP.lShoulder, KP.lElbow, KP.rShoulder, KP.rElbow],
  [KP.lElbow, KP.lWrist, KP.rElbow, KP.rWrist],
  [KP.lHip, KP.lKnee, KP.rHip, KP.rKnee],
  [KP.lKnee, KP.lAnkle, KP.rKnee, KP.rAnkle],
];
/** Limb length per torso length a real body can show from any side (foreshortening only shortens). */
const MAX_LIMB_PER_TORSO = 1.3;

/**
 * What is wrong with the body in one frame's joints, or null when they make one: a torso (both shoulders,
 * both hips) must be seen, no limb may be far longer than the torso, left and right limbs seen whole must
 * be alike, and a head seen must be on the shoulders' side, not the hips'.
 */
export function bodyProblem(kp: Joints): string | null {
  const sh = mid(seen(kp, KP.lShoulder), seen(kp, KP.rShoulder)),
    hip = mid(seen(kp, KP.lHip), seen(kp, KP.rHip));
  const torso = len(sh, hip);
  if (!sh || !hip || !torso) return 'no torso';
  for (const [la, lb, ra, rb] of LIMBS) {
    const l = len(seen(kp, la), seen(kp, lb)),
      r = len(seen(kp, ra), seen(kp, rb));
    if ((l ?? 0) > MAX_LIMB_PER_TORSO * torso || (r ?? 0) > MAX_LIMB_PER_TORSO * torso)
      return 'limbs longer than the body';
    // a limb pointing at the camera looks short, so only a gross mismatch of two long-enough limbs counts
    if (l && r && Math.max(l, r) > 0.3 * torso && Math.min(l, r) / Math.max(l, r) < 0.35)
      return 'left and right limbs unlike';
  }
  const head = seen(kp, KP.nose) ?? mid(seen(kp, KP.lEye), seen(kp, KP.rEye));
  if (head && (head.x - sh.x) * (sh.x - hip.x) + (head.y - sh.y) * (sh.y - hip.y) < 0) return "head on the hips' side";
  return null;
}

/** Why the track is a still thing rather than a person, or null when it may be a person. */
export function stillNonPersonReason(frames: TrackFrame[], minJointScore = BODY_MIN_JOINT_SCORE): string | null {
  if (frames.length < STILL_MIN_FRAMES) return null;
  const { shift, resize } = boxTravel(frames);
  // written so that boxes of unknown size (NaN) never count as still
  if (!(shift <= STILL_SHIFT && resize <= STILL_RESIZE)) return null;
  // the joints are judged where the pose model read some: a person hidden behind someone for a moment is
  // boxed with none (hidden-gaps.ts), which says nothing of their body
  const read = frames.flatMap((f) => (f.keypoints ? [f.keypoints] : []));
  if (read.length < STILL_MIN_FRAMES) return null;
  const joint = median(read.map((kp) => kp.reduce((a, k) => a + k[2], 0) / kp.length));
  const still = `box never moved (centre within ${(shift * 100).toFixed(0)} % of its height, size within ${(resize * 100).toFixed(0)} %)`;
  if (joint < minJointScore)
    return `${still} and its joints scored ${joint.toFixed(2)} (a body scores ≥ ${minJointScore})`;
  if (joint >= BODY_GOOD_JOINT_SCORE) return null;
  const problems = read.map((kp) => bodyProblem(kp)).filter((p): p is string => p != null);
  if (problems.length * 2 <= read.length) return null;
  const common = [...new Set(problems)].sort(
    (a, b) => problems.filter((p) => p === b).length - problems.filter((p) => p === a).length,
  )[0];
  return `${still} and its joints make no body on ${problems.length}/${read.length} frames (mostly: ${common}; joints scored ${joint.toFixed(2)})`;
}

export interface StillDrop {
  trackId: number;
  frames: number;
  reason: string;
  /** Set when only a still stretch of the track was dropped: its first and last frame. */
  span?: [number, number];
}

/**
 * The still stretches of a track (indices into `frames`, each ≥ `minLength` long): runs over which the box
 * centre stays within STILL_SHIFT of its height of where the run began and its size within STILL_RESIZE.
 */
export function stillRuns(frames: TrackFrame[], minLength: number): Array<[number, number]> {
  const runs: Array<[number, number]> = [];
  const centre = (b: Box) => [(b.x1 + b.x2) / 2, (b.y1 + b.y2) / 2];
  let i = 0;
  while (i < frames.length) {
    const a = frames[i].box;
    const [ax, ay] = centre(a);
    const ah = a.y2 - a.y1,
      aw = a.x2 - a.x1;
    let j = i + 1;
    for (; j < frames.length; j++) {
      const b = frames[j].box;
      const [bx, by] = centre(b);
      const still =
        Math.hypot(bx - ax, by - ay) <= STILL_SHIFT * ah &&
        Math.abs(b.y2 - b.y1 - ah) <= STILL_RESIZE * ah &&
        Math.abs(b.x2 - b.x1 - aw) <= STILL_RESIZE * aw;
      if (!still) break;
    }
    if (j - i >= minLength) runs.push([i, j - 1]);
    i = j;
  }
  return runs;
}
/** Whether the boxes of a stretch stand upright (median height over median width, STILL_RUN_MIN_UPRIGHT). */
function upright(frames: TrackFrame[]): boolean {
  const w = median(frames.map((f) => f.box.x2 - f.box.x1)),
    h = median(frames.map((f) => f.box.y2 - f.box.y1));
  return h >= STILL_RUN_MIN_UPRIGHT * w;
}
export type KeptAnalysis = AnalysisResult & { stillDropped: StillDrop[] };

/**
 * The analysis without its still non-people: their boxes and proposals go, the tracks left are numbered
 * 1, 2, 3… again in order, and what was dropped and why is returned for the processing log.
 */
export function dropStillNonPeople(r: AnalysisResult, width: number, height: number): KeptAnalysis {
  const byTrack = new Map<number, TrackFrame[]>();
  const frameNumbers = new Map<number, number[]>();
  for (const d of [...r.detections].sort((a, b) => a.frame - b.frame)) {
    let list = byTrack.get(d.trackId);
    if (!list) byTrack.set(d.trackId, (list = []));
    if (!frameNumbers.has(d.trackId)) frameNumbers.set(d.trackId, []);
    frameNumbers.get(d.trackId)!.push(d.frame);
    const kp = d.keypoints;
    const keypoints: Joints | null = kp
      ? Array.from({ length: 17 }, (_, k) => [kp[k * 3] * width, kp[k * 3 + 1] * height, kp[k * 3 + 2]])
      : null;
    list.push({ box: { x1: d.x1 * width, y1: d.y1 * height, x2: d.x2 * width, y2: d.y2 * height }, keypoints });
  }
  const stillDropped: StillDrop[] = [];
  const minJointScore = r.stats.poseModel === 'tracking' ? BODY_MIN_JOINT_SCORE_LIGHTNING : BODY_MIN_JOINT_SCORE;
  const runLength = Math.max(
    STILL_MIN_FRAMES,
    Math.round((STILL_RUN_SECONDS * (r.stats.fps ?? 30)) / Math.max(1, r.stats.stride ?? 1)),
  );
  /** Detections dropped from tracks that stay: `${trackId}:${frame}`. */
  const partly = new Set<string>();
  for (const [trackId, frames] of byTrack) {
    const reason = stillNonPersonReason(frames, minJointScore);
    if (reason) {
      stillDropped.push({ trackId, frames: frames.length, reason });
      continue;
    }
    const at = frameNumbers.get(trackId)!;
    for (const [a, b] of stillRuns(frames, runLength)) {
      if (!upright(frames.slice(a, b + 1))) continue;
      const why = stillNonPersonReason(frames.slice(a, b + 1), minJointScore);
      if (!why) continue;
      stillDropped.push({ trackId, frames: b - a + 1, reason: why, span: [at[a], at[b]] });
      for (let k = a; k <= b; k++) partly.add(`${trackId}:${at[k]}`);
    }
  }
  if (!stillDropped.length) return { ...r, stillDropped };
  const kept = (d: { trackId: number; frame: number }) => !partly.has(`${d.trackId}:${d.frame}`);
  const wholly = new Set(stillDropped.filter((d) => !d.span).map((d) => d.trackId));
  const left = new Set(r.detections.filter(kept).map((d) => d.trackId));
  const gone = new Set([...byTrack.keys()].filter((id) => wholly.has(id) || !left.has(id)));
  const renumber = new Map(
    [...byTrack.keys()]
      .filter((id) => !gone.has(id))
      .sort((a, b) => a - b)
      .map((id, i) => [id, i + 1]),
  );
  return {
    ...r,
    detections: r.detections
      .filter((d) => renumber.has(d.trackId) && kept(d))
      .map((d) => ({ ...d, trackId: renumber.get(d.trackId)! })),
    segments: r.segments
      .filter((s) => renumber.has(s.trackId) && !mostlyDropped(s, stillDropped, r.stats.fps ?? 30))
      .map((s) => ({ ...s, trackId: renumber.get(s.trackId)! })),
    stats: { ...r.stats, tracks: renumber.size },
    stillDropped,
  };
}

/** Whether more than half of an action proposal lies in a still stretch dropped from its track: it was the thing's. */
function mostlyDropped(seg: { trackId: number; start: number; end: number }, drops: StillDrop[], fps: number): boolean {
  const inside = drops
    .filter((d) => d.span && d.trackId === seg.trackId)
    .reduce((sum, d) => {
      const from = Math.max(seg.start, d.span![0] / fps),
        to = Math.min(seg.end, (d.span![1] + 1) / fps);
      return sum + Math.max(0, to - from);
    }, 0);
  return inside > (seg.end - seg.start) / 2;
}

/** Processing log lines for the dropped tracks (none when nothing was dropped). */
export function stillDropLog(drops: StillDrop[]): string[] {
  if (!drops.length) return [];
  const whole = drops.filter((d) => !d.span),
    parts = drops.filter((d) => d.span);
  return [
    ...(whole.length
      ? [
          `${whole.length} track${whole.length === 1 ? '' : 's'} dropped as a still thing, not a person: ${whole.map((d) => `track ${d.trackId} (${d.frames} frames): ${d.reason}`).join('; ')}`,
        ]
      : []),
    ...(parts.length
      ? [
          `${parts.length} still stretch${parts.length === 1 ? '' : 'es'} of a track dropped as a thing, not a person: ${parts.map((d) => `track ${d.trackId} frames ${d.span![0]}–${d.span![1]}: ${d.reason}`).join('; ')}`,
        ]
      : []),
  ];
}
