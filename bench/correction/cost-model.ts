// What correcting the AI's output costs against drawing the people from scratch, one unit per command a
// corrector issues (the real-footage issue's model):
// - drawing a person: keyframes chosen greedily (each next keyframe as far on as linear interpolation from
//   the last keeps every frame between at IoU ≥ 0.7 with the truth), plus one 'outside' per gap in view;
// - correcting the output, its boxes matched to the people per frame (Hungarian, IoU ≥ 0.5):
//   1 per change of output id inside a true track; for each run of a person's frames missed or under
//   IoU 0.7, the keyframes needed over it (anchored at the good boxes on each side) plus 1 interpolate;
//   1 per run of an output track's boxes on no person (a delete); a person dearer to fix than to redraw
//   costs a delete plus the redraw.
import { iou, matchBoxes, type Box, type GtPerson } from '../eval/metrics';

export const MATCH_IOU = 0.5;
export const GOOD_IOU = 0.7;

export interface OutputBox {
  trackId: number;
  box: Box;
}
export interface CostFrame {
  frame: number;
  gt: GtPerson[];
  out: OutputBox[];
}

const lerp = (a: Box, b: Box, s: number): Box => ({
  x1: a.x1 + (b.x1 - a.x1) * s,
  y1: a.y1 + (b.y1 - a.y1) * s,
  x2: a.x2 + (b.x2 - a.x2) * s,
  y2: a.y2 + (b.y2 - a.y2) * s,
});

/** Whether interpolating from (fa, a) to (fb, b) keeps every frame strictly between at IoU ≥ 0.7 with the truth. */
function interpolationHolds(fa: number, a: Box, fb: number, b: Box, truth: (f: number) => Box): boolean {
  for (let f = fa + 1; f < fb; f++) if (iou(lerp(a, b, (f - fa) / (fb - fa)), truth(f)) < GOOD_IOU) return false;
  return true;
}

/**
 * Keyframes a person draws over consecutive frames `from..to`, given fixed boxes just outside (anchors, not
 * counted) when there are any: greedily, each next keyframe (at the true box) as far on as interpolation
 * holds; the run's own ends are keyframes where no anchor stands beside them.
 */
export function keyframesOver(
  from: number,
  to: number,
  truth: (f: number) => Box,
  anchors: { before?: Box; after?: Box } = {},
): number {
  let keys = 0;
  let at = from - 1;
  let box = anchors.before;
  if (!box) {
    at = from;
    box = truth(from);
    keys = 1;
  }
  const end = anchors.after ? to + 1 : to;
  const endBox = (f: number) => (f === to + 1 ? anchors.after! : truth(f));
  while (at < end) {
    let next = at + 1;
    for (let f = end; f > at + 1; f--)
      if (interpolationHolds(at, box, f, endBox(f), truth)) {
        next = f;
        break;
      }
    if (next === to + 1) break; // reached the anchor after: nothing more to draw
    keys++;
    at = next;
    box = truth(next);
  }
  return keys;
}

/** Runs of consecutive frames out of an ascending list. */
function runsOf(frames: number[]): Array<[number, number]> {
  const runs: Array<[number, number]> = [];
  for (const f of frames) {
    const last = runs[runs.length - 1];
    if (last && f === last[1] + 1) last[1] = f;
    else runs.push([f, f]);
  }
  return runs;
}

export interface PersonCost {
  id: string;
  draw: number;
  fix: number;
  idChanges: number;
  boxRuns: number;
  /** Fixing costs more than a delete plus the redraw: the corrector redraws. */
  redrawn: boolean;
}
export interface CorrectionCost {
  people: PersonCost[];
  /** Runs of output boxes on no person, one delete each. */
  falseRuns: number;
  draw: number;
  correct: number;
  ratio: number;
}

export function correctionCost(frames: CostFrame[]): CorrectionCost {
  const truthOf = new Map<string, Map<number, Box>>();
  const matchOf = new Map<string, Map<number, OutputBox>>();
  const falseFrames = new Map<number, number[]>();
  for (const f of [...frames].sort((a, b) => a.frame - b.frame)) {
    const care = f.gt.filter((g) => !g.dontCare);
    for (const g of care) {
      if (!truthOf.has(g.id)) truthOf.set(g.id, new Map());
      truthOf.get(g.id)!.set(f.frame, g.box);
    }
    const pairs = matchBoxes(
      care.map((g) => g.box),
      f.out.map((o) => o.box),
      MATCH_IOU,
    );
    const used = new Set(pairs.map(([, j]) => j));
    for (const [i, j] of pairs) {
      if (!matchOf.has(care[i].id)) matchOf.set(care[i].id, new Map());
      matchOf.get(care[i].id)!.set(f.frame, f.out[j]);
    }
    // a box left over on a person less than half in view is neither found nor false
    const dontCare = f.gt.filter((g) => g.dontCare).map((g) => g.box);
    const rest = f.out.filter((_, j) => !used.has(j));
    const onDontCare = new Set(
      matchBoxes(
        dontCare,
        rest.map((o) => o.box),
        MATCH_IOU,
      ).map(([, j]) => j),
    );
    rest.forEach((o, j) => {
      if (onDontCare.has(j)) return;
      falseFrames.set(o.trackId, [...(falseFrames.get(o.trackId) ?? []), f.frame]);
    });
  }

  const people: PersonCost[] = [];
  for (const [id, truthMap] of truthOf) {
    const truth = (f: number) => truthMap.get(f)!;
    const inView = runsOf([...truthMap.keys()].sort((a, b) => a - b));
    const draw = inView.reduce((s, [a, b]) => s + keyframesOver(a, b, truth), 0) + inView.length - 1;
    const matched = matchOf.get(id) ?? new Map<number, OutputBox>();
    let idChanges = 0,
      boxRuns = 0,
      fix = 0,
      lastId: number | null = null;
    for (const [a, b] of inView) {
      let bad: number[] = [];
      const closeRun = (next?: number) => {
        if (!bad.length) return;
        const from = bad[0],
          to = bad[bad.length - 1];
        const before = from > a ? matched.get(from - 1)!.box : undefined;
        const after = next != null ? matched.get(next)!.box : undefined;
        fix += keyframesOver(from, to, truth, { before, after }) + 1;
        boxRuns++;
        bad = [];
      };
      for (let f = a; f <= b; f++) {
        const m = matched.get(f);
        if (m && lastId != null && m.trackId !== lastId) idChanges++;
        if (m) lastId = m.trackId;
        if (m && iou(m.box, truth(f)) >= GOOD_IOU) closeRun(f);
        else bad.push(f);
      }
      closeRun();
    }
    fix += idChanges;
    const redrawn = fix > 1 + draw;
    people.push({ id, draw, fix: redrawn ? 1 + draw : fix, idChanges, boxRuns, redrawn });
  }
  const falseRuns = [...falseFrames.values()].reduce((s, fr) => s + runsOf(fr).length, 0);
  const draw = people.reduce((s, p) => s + p.draw, 0);
  const correct = people.reduce((s, p) => s + p.fix, 0) + falseRuns;
  return { people, falseRuns, draw, correct, ratio: draw ? correct / draw : 0 };
}
