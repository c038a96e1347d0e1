// After the tracker's pass: tracks that broke apart (a person missed for longer than the lost-track buffer,
// or re-found too far from where the filter predicted) are joined again when a later track starts where the
// earlier one was heading and the person wears the same colours. Greedy on the best pairs first; each track
// gets at most one successor and one predecessor, and joined tracks never share a frame.
import type { Box } from './kalman';

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
}

export interface RelinkResult {
  mapping: Map<number, number>;
  links: number;
  before: number;
  after: number;
}

const END_SAMPLES = 8;

function meanHistogram(samples: FragmentSample[]): Float32Array | null {
  const withHist = samples.filter((s) => s.appearance.length);
  if (!withHist.length) return null;
  const m = new Float32Array(withHist[0].appearance.length);
  for (const s of withHist) for (let i = 0; i < m.length; i++) m[i] += s.appearance[i] / withHist.length;
  return m;
}

/** Bhattacharyya coefficient of two normalised histograms: 1 = identical, 0 = disjoint. */
export function histogramSimilarity(a: Float32Array, b: Float32Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += Math.sqrt(a[i] * b[i]);
  return s;
}

const centre = (b: Box) => [(b.x1 + b.x2) / 2, (b.y1 + b.y2) / 2];
const height = (b: Box) => b.y2 - b.y1;

/** Velocity (per step) of a track's box centre over its last samples. */
function endVelocity(s: FragmentSample[]): [number, number] {
  const tail = s.slice(-END_SAMPLES);
  if (tail.length < 2) return [0, 0];
  const a = centre(tail[0].box),
    b = centre(tail[tail.length - 1].box),
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
        },
      ];
    }),
  );
  const pairs: Array<{ a: number; b: number; cost: number }> = [];
  for (const a of ids)
    for (const b of ids) {
      const A = info.get(a)!,
        B = info.get(b)!;
      const gap = B.first.step - A.last.step;
      if (gap <= 0 || gap > maxGap) continue;
      const h = Math.max(height(A.last.box), 1e-6);
      const ratio = height(B.first.box) / h;
      if (ratio < 0.67 || ratio > 1.5) continue;
      const [ax, ay] = centre(A.last.box),
        [bx, by] = centre(B.first.box);
      const px = ax + A.v[0] * gap,
        py = ay + A.v[1] * gap;
      const dist = Math.hypot(bx - px, by - py) / h;
      if (dist > maxDist + 0.25 * (gap / o.stepsPerSecond)) continue;
      const sim = A.tail && B.head ? histogramSimilarity(A.tail, B.head) : 0;
      if (sim < minApp) continue;
      pairs.push({ a, b, cost: dist + (1 - sim) * 2 + gap / maxGap });
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
  const chainSteps = (id: number) => {
    const out = new Set<number>();
    for (let c: number | undefined = root(id); c != null; c = next.get(c))
      for (const s of tracks.get(c)!) out.add(s.step);
    return out;
  };
  let links = 0;
  for (const { a, b } of pairs) {
    if (next.has(a) || prev.has(b) || root(a) === root(b)) continue;
    const sa = chainSteps(a);
    if ([...chainSteps(b)].some((s) => sa.has(s))) continue;
    next.set(a, b);
    prev.set(b, a);
    links++;
  }
  const roots = ids.map((id) => root(id));
  const firstStep = (r: number) => tracks.get(r)![0].step;
  const ordered = [...new Set(roots)].sort((x, y) => firstStep(x) - firstStep(y) || x - y);
  const publicId = new Map(ordered.map((r, i) => [r, i + 1]));
  const mapping = new Map(ids.map((id, i) => [id, publicId.get(roots[i])!]));
  return { mapping, links, before: ids.length, after: ordered.length };
}
