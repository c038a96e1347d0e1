// The editor's commands as the scripted reviewer issues them, applied to an in-memory copy of the tracks
// through the same pure operations the server and the editor use (domain/ops/*), and what each costs: the
// number of things a person does (a keyframe drawn, an interpolate, a box moved at one frame, one click).
import { fillBetweenKeyframes, interpolateBetween, type PoseBox } from '../../domain/ops/keyframe-interpolation';
import { applyCorrection, correctionOf } from '../../domain/ops/propagate';
import { mergeFrames } from '../../domain/ops/track-merge';
import { planDeleteRange, planMoveRange, planSplit, planSwap, type BoxMove } from '../../domain/ops/track-ranges';
import type { Box } from '../eval/metrics';
import type { TrackBox } from './review-state';

export type Command =
  | { kind: 'delete track'; track: number }
  | { kind: 'delete range'; track: number; from: number; to: number }
  | { kind: 'split'; track: number; frame: number }
  | { kind: 'swap'; a: number; b: number; from: number }
  | { kind: 'move range'; track: number; from: number; to: number; target: number }
  | { kind: 'merge'; base: number; merge: number }
  /** Keyframes drawn on a track (a new one when `track` is not in use), then one interpolate between them. */
  | { kind: 'draw keyframes'; track: number; keys: Array<{ frame: number; box: Box }> }
  | { kind: 'interpolate'; track: number; from: number; to: number }
  /** The box corrected at `from` (one keyframe), then the correction propagated to the track's boxes up to `to`. */
  | { kind: 'correct + propagate'; track: number; from: number; to: number; box: Box }
  /** Today's per-frame box move/resize: one command per box. */
  | { kind: 'per-frame box edits'; edits: Array<{ track: number; frame: number; box: Box }> };

export type CommandKind = Command['kind'];

/** Commands a person issues for `c`. */
export function commandCost(c: Command): number {
  switch (c.kind) {
    case 'draw keyframes':
      return c.keys.length + (c.keys.length > 1 ? 1 : 0);
    case 'correct + propagate':
      return c.from === c.to ? 1 : 2;
    case 'per-frame box edits':
      return c.edits.length;
    default:
      return 1;
  }
}

const pose = (b: Box): PoseBox => ({ x1: b.x1, y1: b.y1, x2: b.x2, y2: b.y2, keypoints: null });
const boxOf = (p: PoseBox): Box => ({ x1: p.x1, y1: p.y1, x2: p.x2, y2: p.y2 });
const nextTrackId = (boxes: readonly TrackBox[]) => boxes.reduce((m, b) => Math.max(m, b.trackId), 0) + 1;

function applyMoves(boxes: readonly TrackBox[], moves: ReadonlyArray<BoxMove<TrackBox>>): TrackBox[] {
  const to = new Map(moves.map((m) => [m.box, m.toTrack]));
  return boxes.map((b) => (to.has(b) ? { ...b, trackId: to.get(b)! } : b));
}

/** A track's boxes replaced at some frames (only frames the clip analysed are kept: the others are not scored). */
function putBoxes(
  boxes: readonly TrackBox[],
  track: number,
  put: Array<{ frame: number; box: Box }>,
  analysed: ReadonlySet<number>,
): TrackBox[] {
  const kept = put.filter((p) => analysed.has(p.frame));
  const frames = new Set(kept.map((p) => p.frame));
  const rest = boxes.filter((b) => !(b.trackId === track && frames.has(b.frame)));
  return [...rest, ...kept.map((p) => ({ trackId: track, frame: p.frame, ...p.box, score: 1 }))];
}

/** The tracks after `c`; null when the editor would refuse it (a move onto frames the target already has). */
export function applyCommand(
  boxes: readonly TrackBox[],
  c: Command,
  analysed: ReadonlySet<number>,
  fps: number,
): TrackBox[] | null {
  switch (c.kind) {
    case 'delete track':
      return boxes.filter((b) => b.trackId !== c.track);
    case 'delete range': {
      const gone = new Set(planDeleteRange(boxes, c.track, c.from, c.to));
      return boxes.filter((b) => !gone.has(b));
    }
    case 'split':
      return applyMoves(boxes, planSplit(boxes, [], c.track, c.frame, nextTrackId(boxes), fps).moves);
    case 'swap':
      return applyMoves(boxes, planSwap(boxes, [], c.a, c.b, c.from, fps).moves);
    case 'move range': {
      const plan = planMoveRange(boxes, [], c.track, c.from, c.to, c.target, fps);
      return plan.clashes.length ? null : applyMoves(boxes, plan.moves);
    }
    case 'merge': {
      const framesOf = (t: number) => Object.fromEntries(boxes.filter((b) => b.trackId === t).map((b) => [b.frame, b]));
      const merged = mergeFrames(framesOf(c.base), framesOf(c.merge));
      const rest = boxes.filter((b) => b.trackId !== c.base && b.trackId !== c.merge);
      return [...rest, ...Object.values(merged).map((b) => ({ ...b, trackId: c.base }))];
    }
    case 'draw keyframes': {
      const keys = [...c.keys]
        .sort((a, b) => a.frame - b.frame)
        .map((k) => ({ frame: k.frame, box: pose(k.box), outside: false }));
      const filled = [...keys, ...fillBetweenKeyframes(keys)].map((k) => ({ frame: k.frame, box: boxOf(k.box) }));
      return putBoxes(boxes, c.track, filled, analysed);
    }
    case 'interpolate': {
      const a = boxes.find((b) => b.trackId === c.track && b.frame === c.from);
      const b = boxes.find((x) => x.trackId === c.track && x.frame === c.to);
      if (!a || !b) return null;
      const between = interpolateBetween({ frame: a.frame, box: pose(a) }, { frame: b.frame, box: pose(b) });
      return putBoxes(
        boxes,
        c.track,
        between.map((p) => ({ frame: p.frame, box: boxOf(p.box) })),
        analysed,
      );
    }
    case 'correct + propagate': {
      const ai = boxes.find((b) => b.trackId === c.track && b.frame === c.from);
      const corr = ai && correctionOf(pose(ai), pose(c.box));
      if (!corr) return null;
      const later = boxes
        .filter((b) => b.trackId === c.track && b.frame > c.from && b.frame <= c.to)
        .map((b) => ({ frame: b.frame, box: boxOf(applyCorrection(pose(b), corr)) }));
      return putBoxes(boxes, c.track, [{ frame: c.from, box: c.box }, ...later], analysed);
    }
    case 'per-frame box edits': {
      let out: TrackBox[] = [...boxes];
      for (const e of c.edits) {
        const old = out.find((b) => b.trackId === e.track && b.frame === e.frame);
        if (!old) return null; // today's editor moves boxes; it cannot add one
        out = out.map((b) => (b === old ? { ...b, ...e.box } : b));
      }
      return out;
    }
  }
}
