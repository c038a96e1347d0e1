// The scripted reviewer: from the AI's tracks, greedily issues the command that gains most per command
// issued until recall, precision and IDF1 against the labels are all ≥ the target, or nothing helps.
// "Gains" first means closing the gap to the target (the sum over the three metrics of how far each is
// below it); a command that closes none may still raise their sum (a split that a merge then completes).
import type { SequenceMetrics } from '../eval/metrics';
import { candidates, type CommandSet } from './candidates';
import { applyCommand, commandCost, type Command, type CommandKind } from './commands';
import { analyse, type ReviewClip, type TrackBox } from './review-state';

export const TARGET = 0.95;
const EPS = 1e-9;

export interface Scores {
  recall: number;
  precision: number;
  idf1: number;
}
export interface ReviewStep {
  command: Command;
  cost: number;
  after: Scores;
}
export interface ReviewResult {
  set: CommandSet;
  start: Scores;
  end: Scores;
  reached: boolean;
  /** Commands a person issued (a step can be several: keyframes, per-frame edits). */
  commands: number;
  steps: ReviewStep[];
  byKind: Partial<Record<CommandKind, number>>;
  boxes: TrackBox[];
}

const scoresOf = (m: SequenceMetrics): Scores => ({ recall: m.recall, precision: m.precision, idf1: m.idf1 });
const gap = (s: Scores, target: number) =>
  Math.max(0, target - s.recall) + Math.max(0, target - s.precision) + Math.max(0, target - s.idf1);
const total = (s: Scores) => s.recall + s.precision + s.idf1;
/** Never trade one target for another: a metric that has reached the target must not fall below it. */
const losesTarget = (now: Scores, next: Scores, target: number) =>
  (['recall', 'precision', 'idf1'] as const).some((k) => now[k] >= target && next[k] < target);
/**
 * What a command whose result is `next` gains per command issued: the gap to the target it closes, then the
 * rise of the metrics' sum; null when it is not worth issuing (it gains nothing, or loses a reached target).
 */
export function stepGain(
  now: Scores,
  next: Scores,
  cost: number,
  target = TARGET,
): { byGap: number; bySum: number } | null {
  const byGap = (gap(now, target) - gap(next, target)) / cost;
  const bySum = (total(next) - total(now)) / cost;
  if (byGap < -EPS || (byGap <= EPS && bySum <= EPS) || losesTarget(now, next, target)) return null;
  return { byGap, bySum };
}

export const reachedTarget = (s: Scores, target = TARGET) =>
  s.recall >= target && s.precision >= target && s.idf1 >= target;

export function review(
  clip: ReviewClip,
  aiBoxes: readonly TrackBox[],
  set: CommandSet,
  opts: { target?: number; maxSteps?: number } = {},
): ReviewResult {
  const target = opts.target ?? TARGET;
  const analysed = new Set(clip.frames.map((f) => f.frame));
  let boxes = [...aiBoxes];
  let state = analyse(clip, boxes);
  const start = scoresOf(state.metrics);
  const steps: ReviewStep[] = [];
  const byKind: ReviewResult['byKind'] = {};
  let commands = 0;
  for (let i = 0; i < (opts.maxSteps ?? 1000) && !reachedTarget(scoresOf(state.metrics), target); i++) {
    const now = scoresOf(state.metrics);
    let best: { c: Command; boxes: TrackBox[]; s: Scores; byGap: number; bySum: number; cost: number } | null = null;
    for (const c of candidates(clip, boxes, state, set)) {
      const next = applyCommand(boxes, c, analysed, clip.fps);
      if (!next) continue;
      const s = scoresOf(analyse(clip, next).metrics);
      const cost = commandCost(c);
      const g = stepGain(now, s, cost, target);
      if (!g) continue;
      const { byGap, bySum } = g;
      if (!best || byGap > best.byGap + EPS || (Math.abs(byGap - best.byGap) <= EPS && bySum > best.bySum + EPS))
        best = { c, boxes: next, s, byGap, bySum, cost };
    }
    if (!best) break;
    boxes = best.boxes;
    state = analyse(clip, boxes);
    commands += best.cost;
    // keyframes drawn and the interpolate between them are counted apart
    const interpolated = best.c.kind === 'draw keyframes' && best.c.keys.length > 1 ? 1 : 0;
    byKind[best.c.kind] = (byKind[best.c.kind] ?? 0) + best.cost - interpolated;
    if (interpolated) byKind.interpolate = (byKind.interpolate ?? 0) + 1;
    steps.push({ command: best.c, cost: best.cost, after: scoresOf(state.metrics) });
  }
  const end = scoresOf(state.metrics);
  return { set, start, end, reached: reachedTarget(end, target), commands, steps, byKind, boxes };
}
