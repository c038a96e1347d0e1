// After the tracker's pass: tracks that broke apart (a person missed for longer than the lost-track buffer,
// or re-found too far from where the filter predicted) are joined again when a later track starts where the
// earlier one was heading and the person wears the same colours. Where they were heading is measured in the
// size of the earlier track's last box, or of its usual size over its last boxes: someone going behind
// another shrinks to the part still in view before they are lost. Greedy on the best pairs first; each track
// gets at most one successor and one predecessor, and joined tracks never share a frame. A later track may
// also take over an earlier one that is still running for a few steps (a handover): the detector's box on
// someone changed its extent (a person wheeling a bicycle, boxed with it, then alone), the tracker started
// the new box as a new track, and the old one ran out a moment later. Then the old track's boxes from the
// new one's first step on are dropped (`cuts`), so the joined track still has one box per frame.
import { insideShare, type Box } from './kalman';
import { histogramSimilarity } from './pose-rows';
import { median } from './pose-features';

export interface FragmentSample {
  step: number;
  box: Box;
  appearance: Float32Array;
}

export interface RelinkOptions {
  /** Analysed steps per second. */
  stepsPerSecond: number;
  /** Longest gap bridged, seconds. */
  maxGapS?: number;
  /** Least Bhattacharyya similarity of the two tracks' colour histograms. */
  minAppearance?: number;
  /** Farthest the later track may start from the earlier one's extrapolated position, in box heights (+ growth per second of gap). */
  maxDistance?: number;
  /** Longest handover, seconds: how long the later track may run beside the earlier one it takes over. */
  maxHandoverS?: number;
}

export interface RelinkResult {
  mapping: Map<number, number>;
  links: number;
  before: number;
  after: number;
  /** Tracks taken over at a handover: their samples from this step on are dropped. */
  cuts: Map<number, number>;
}

/**
 * At a handover the new box starts inside the old one (the smaller lies at least this much inside the larger
 * on the new track's first step), and the two still overlap on every later step the old one runs
 * (HANDOVER_TOUCH): a box that changed extent, not a second person walking out from behind the first.
 */
const HANDOVER_INSIDE = 0.7;
const HANDOVER_TOUCH = 0.3;

const END_SAMPLES = 8;

function meanHistogram(samples: FragmentSample[]): Float32Array | null {
  const withHist = samples.filter((s) => s.appearance.length);
  if (!withHist.length) return null;
  const m = new Float32Array(withHist[0].appearance.length);
  for (const s of withHist) for (let i = 0; i < m.length; i++) m[i] += s.appearance[i] / withHist.length;
  return m;
}

/**
 * Where a track is, for following it over a gap: the middle of its box's top edge. Someone going behind
 * another is hidden from the feet up (the one in front stands nearer the camera, lower in the frame), so the
 * box shrinks from below as they go and the top edge is the part that still says where they are.
 */
const place = (b: Box) => [(b.x1 + b.x2) / 2, b.y1];
/** The share of the smaller box that lies inside the larger. */
const inside = (a: Box, b: Box) => Math.max(insideShare(a, b), insideShare(b, a));

/**
 * Whether track `b` takes over `a` at a handover: it starts after `a` does, while `a` still runs for at most
 * `maxOverlap` steps, and outlasts it; it starts inside `a`'s box and overlaps it while both run. Returns
 * `a`'s box where `b` starts (the place to measure `b`'s start against), or null.
 */
function handoverFrom(a: FragmentSample[], b: FragmentSample[], maxOverlap: number): Box | null {
  const from = b[0].step,
    aLast = a[a.length - 1].step;
  if (from <= a[0].step || from > aLast || aLast - from + 1 > maxOverlap || b[b.length - 1].step <= aLast) return null;
  // at most maxOverlap samples of each track are looked at: the cost of a pair is bounded, not its length
  const bAt = new Map<number, Box>();
  for (let j = 0; j < b.length && b[j].step <= aLast; j++) bAt.set(b[j].step, b[j].box);
  let at: Box | null = null,
    shared = 0;
  for (let i = a.length - 1; i >= 0 && a[i].step >= from; i--) {
    at = a[i].box;
    const other = bAt.get(a[i].step);
    if (!other) continue;
    if (inside(a[i].box, other) < (a[i].step === from ? HANDOVER_INSIDE : HANDOVER_TOUCH)) return null;
    shared++;
  }
  return shared ? at : null;
}
const height = (b: Box) => b.y2 - b.y1;

/** Velocity (per step) of a track's `place` over its last samples. */
function endVelocity(s: FragmentSample[]): [number, number] {
  const tail = s.slice(-END_SAMPLES);
  if (tail.length < 2) return [0, 0];
  const a = place(tail[0].box),
    b = place(tail[tail.length - 1].box),
    dt = tail[tail.length - 1].step - tail[0].step;
  return dt > 0 ? [(b[0] - a[0]) / dt, (b[1] - a[1]) / dt] : [0, 0];
}

/**
 * `tracks` maps a track id to its samples in step order. Returns the id each track is merged into
 * (the earliest track of its chain), renumbered 1, 2, 3… in order of first appearance.
 */
export function relinkFragments(tracks: Map<number, FragmentSample[]>, o: RelinkOptions): RelinkResult {
  const maxGap = Math.max(1, Math.round((o.maxGapS ?? 4) * o.stepsPerSecond));
  const minApp = o.minAppearance ?? 0.8;
  const maxDist = o.maxDistance ?? 0.75;
  const ids = [...tracks.keys()].filter((id) => tracks.get(id)!.length);
  const info = new Map(
    ids.map((id) => {
      const s = tracks.get(id)!;
      return [
        id,
        {
          first: s[0],
          last: s[s.length - 1],
          head: meanHistogram(s.slice(0, END_SAMPLES)),
          tail: meanHistogram(s.slice(-END_SAMPLES)),
          v: endVelocity(s),
          height: median(s.slice(-END_SAMPLES).map((x) => height(x.box))),
        },
      ];
    }),
  );
  const maxOverlap = Math.max(1, Math.round((o.maxHandoverS ?? 0.3) * o.stepsPerSecond));
  const pairs: Array<{ a: number; b: number; cost: number; handover: boolean }> = [];
  for (const a of ids)
    for (const b of ids) {
      const A = info.get(a)!,
        B = info.get(b)!;
      const gap = B.first.step - A.last.step;
      // a handover is measured from a's box where b starts, a gap from a's last box carried on to b's start
      const at = gap <= 0 ? handoverFrom(tracks.get(a)!, tracks.get(b)!, maxOverlap) : A.last.box;
      if (!at || gap > maxGap) continue;
      const ahead = Math.max(0, gap);
      const [ax, ay] = place(at),
        [bx, by] = place(B.first.box);
      const px = ax + A.v[0] * ahead,
        py = ay + A.v[1] * ahead;
      const reach = maxDist + 0.25 * (ahead / o.stepsPerSecond);
      // measured against the last box, or, after a gap, against the usual size of the track's last boxes:
      // someone walking behind another shrinks to the part still in view before they are lost
      const sizes = gap > 0 ? [height(at), A.height] : [height(at)];
      let dist = Infinity;
      for (const size of sizes) {
        const h = Math.max(size, 1e-6);
        const ratio = height(B.first.box) / h;
        if (ratio < 0.67 || ratio > 1.5) continue;
        const d = Math.hypot(bx - px, by - py) / h;
        if (d <= reach) dist = Math.min(dist, d);
      }
      if (dist === Infinity) continue;
      const sim = A.tail && B.head ? histogramSimilarity(A.tail, B.head) : 0;
      if (sim < minApp) continue;
      pairs.push({ a, b, cost: dist + (1 - sim) * 2 + ahead / maxGap, handover: gap <= 0 });
    }
  pairs.sort((p, q) => p.cost - q.cost);
  const next = new Map<number, number>(),
    prev = new Map<number, number>();
  // the chain a track belongs to spans [start, end] steps; joining two chains must not overlap them
  const root = (id: number) => {
    let r = id;
    while (prev.has(r)) r = prev.get(r)!;
    return r;
  };
  const cuts = new Map<number, number>();
  const chainSteps = (id: number, cutAt?: [number, number]) => {
    const out = new Set<number>();
    for (let c: number | undefined = root(id); c != null; c = next.get(c)) {
      const cut = cutAt?.[0] === c ? cutAt[1] : (cuts.get(c) ?? Infinity);
      for (const s of tracks.get(c)!) if (s.step < cut) out.add(s.step);
    }
    return out;
  };
  let links = 0;
  for (const { a, b, handover } of pairs) {
    if (next.has(a) || prev.has(b) || root(a) === root(b)) continue;
    const cut: [number, number] | undefined = handover ? [a, tracks.get(b)![0].step] : undefined;
    const sa = chainSteps(a, cut);
    if ([...chainSteps(b)].some((s) => sa.has(s))) continue;
    next.set(a, b);
    prev.set(b, a);
    if (cut) cuts.set(...cut);
    links++;
  }
  const roots = ids.map((id) => root(id));
  const firstStep = (r: number) => tracks.get(r)![0].step;
  const ordered = [...new Set(roots)].sort((x, y) => firstStep(x) - firstStep(y) || x - y);
  const publicId = new Map(ordered.map((r, i) => [r, i + 1]));
  const mapping = new Map(ids.map((id, i) => [id, publicId.get(roots[i])!]));
  return { mapping, links, before: ids.length, after: ordered.length, cuts };
}
