// The commands a reviewer would consider next, found by comparing the tracks with the ground truth the
// way a person compares them with the video: false boxes, identity switches, fragments of one person,
// people nobody found. Set A is the editor with the new correction commands; set B is today's editor
// (per-frame box move/resize, whole-track delete, merge: a missed person cannot be added).
import { iou, IOU_THRESHOLD, type Box, type GtPerson } from '../eval/metrics';
import type { Command } from './commands';
import {
  key,
  labelRuns,
  toFractions,
  toPixels,
  type ReviewAnalysis,
  type ReviewClip,
  type TrackBox,
} from './review-state';
import { interpolateBetween } from '../../domain/ops/keyframe-interpolation';

export type CommandSet = 'A' | 'B';

const trackIds = (boxes: readonly TrackBox[]) => [...new Set(boxes.map((b) => b.trackId))].sort((a, b) => a - b);

/** Runs of consecutive analysed frames (in `order`) out of a set of frames. */
function frameRuns(frames: readonly number[], order: readonly number[]): number[][] {
  const pos = new Map(order.map((f, i) => [f, i]));
  const runs: number[][] = [];
  for (const f of [...frames].sort((a, b) => a - b)) {
    const last = runs[runs.length - 1];
    if (last && pos.get(f)! === pos.get(last[last.length - 1])! + 1) last.push(f);
    else runs.push([f]);
  }
  return runs;
}

/**
 * The fewest keyframes (exact ground-truth boxes) whose interpolation covers the run: start with its two
 * ends, add the frame the interpolation fits worst until every frame overlaps the person at IoU ≥ 0.5.
 */
export function keyframesFor(clip: ReviewClip, run: readonly number[], boxAt: (frame: number) => Box): number[] {
  const keys = new Set([run[0], run[run.length - 1]]);
  for (;;) {
    const ks = [...keys].sort((a, b) => a - b);
    let worst: { frame: number; v: number } | null = null;
    for (let i = 0; i + 1 < ks.length; i++) {
      const a = { frame: ks[i], box: { ...toFractions(clip, boxAt(ks[i])), keypoints: null } };
      const b = { frame: ks[i + 1], box: { ...toFractions(clip, boxAt(ks[i + 1])), keypoints: null } };
      for (const p of interpolateBetween(a, b)) {
        if (!run.includes(p.frame)) continue;
        const v = iou(toPixels(clip, p.box), boxAt(p.frame));
        if (v < IOU_THRESHOLD + 0.05 && (!worst || v < worst.v)) worst = { frame: p.frame, v };
      }
    }
    if (!worst) return ks;
    keys.add(worst.frame);
  }
}

export function candidates(
  clip: ReviewClip,
  boxes: readonly TrackBox[],
  a: ReviewAnalysis,
  set: CommandSet,
): Command[] {
  const out: Command[] = [];
  const order = clip.frames.map((f) => f.frame);
  const tracks = trackIds(boxes);
  const fresh = (tracks[tracks.length - 1] ?? 0) + 1;
  const runs = new Map(tracks.map((t) => [t, labelRuns(boxes, t, a)]));
  const gtAt = new Map(clip.frames.map((f) => [f.frame, new Map(f.gt.map((g) => [g.id, g]))]));
  const boxAt = (t: number, f: number) => boxes.find((b) => b.trackId === t && b.frame === f);

  for (const t of tracks) out.push({ kind: 'delete track', track: t });
  // fragments: two tracks that were on the same person
  for (const t of tracks)
    for (const u of tracks) {
      if (t !== u && runs.get(t)!.some((r) => r.label !== 'false' && runs.get(u)!.some((q) => q.label === r.label)))
        out.push({ kind: 'merge', base: t, merge: u });
    }
  // per-frame box edits (both sets): a false box moved onto a missed person at the same frame
  const edits = new Map<string, Array<{ track: number; frame: number; box: Box }>>();
  for (const [frame, lost] of a.missed) {
    const free = boxes.filter((b) => b.frame === frame && a.labelOf.get(key(frame, b.trackId)) === 'false');
    const taken = new Set<number>();
    for (const g of lost) {
      const near = free
        .filter((b) => !taken.has(b.trackId))
        .map((b) => ({ b, d: iou(toPixels(clip, b), g.box) + (a.trackOfPerson.get(g.id) === b.trackId ? 1 : 0) }))
        .sort((x, y) => y.d - x.d)[0];
      if (!near) continue;
      taken.add(near.b.trackId);
      const k = `${near.b.trackId}:${g.id}`;
      edits.set(k, [...(edits.get(k) ?? []), { track: near.b.trackId, frame, box: toFractions(clip, g.box) }]);
    }
  }
  for (const list of edits.values()) {
    for (const run of frameRuns(
      list.map((e) => e.frame),
      order,
    )) {
      const part = list.filter((e) => run.includes(e.frame));
      out.push({ kind: 'per-frame box edits', edits: part });
      if (set === 'A')
        out.push({
          kind: 'correct + propagate',
          track: part[0].track,
          from: run[0],
          to: run[run.length - 1],
          box: part[0].box,
        });
    }
  }
  // identity switches: a box on a person whose own track is elsewhere in that frame
  for (const t of tracks)
    for (const r of runs.get(t)!) {
      if (r.label === 'false' || r.label === 'ignored') continue;
      const u = a.trackOfPerson.get(r.label);
      if (u == null || u === t) continue;
      if (set === 'B') {
        const swaps = r.boxes.flatMap((b) => {
          const other = boxAt(u, b.frame);
          return other
            ? [
                { track: t, frame: b.frame, box: { x1: other.x1, y1: other.y1, x2: other.x2, y2: other.y2 } },
                { track: u, frame: b.frame, box: { x1: b.x1, y1: b.y1, x2: b.x2, y2: b.y2 } },
              ]
            : [];
        });
        if (swaps.length) out.push({ kind: 'per-frame box edits', edits: swaps });
        continue;
      }
      out.push(
        { kind: 'swap', a: t, b: u, from: r.from },
        { kind: 'move range', track: t, from: r.from, to: r.to, target: u },
      );
      if (r.from !== runs.get(t)![0].from) out.push({ kind: 'split', track: t, frame: r.from });
      const after = runs.get(t)!.find((q) => q.from > r.to);
      if (after) out.push({ kind: 'split', track: t, frame: after.from });
    }
  if (set === 'B') return out;

  // false boxes: a run of them goes with one delete range (one box alone is the editor's delete box)
  for (const t of tracks)
    for (const r of runs.get(t)!)
      if (r.label === 'false') out.push({ kind: 'delete range', track: t, from: r.from, to: r.to });
  // missed people: interpolate their own track across the gap, or draw keyframes
  const missedOf = new Map<string, number[]>();
  for (const [frame, lost] of a.missed)
    for (const g of lost) missedOf.set(g.id, [...(missedOf.get(g.id) ?? []), frame]);
  for (const [id, frames] of missedOf) {
    const own = a.trackOfPerson.get(id);
    const gtBox = (f: number) => (gtAt.get(f)!.get(id) as GtPerson).box;
    for (const run of frameRuns(frames, order)) {
      const i0 = order.indexOf(run[0]);
      const i1 = order.indexOf(run[run.length - 1]);
      const before = order[i0 - 1];
      const after = order[i1 + 1];
      const onOwn = (f: number | undefined) => own != null && f != null && a.labelOf.get(key(f, own)) === id;
      if (onOwn(before) && onOwn(after)) out.push({ kind: 'interpolate', track: own!, from: before, to: after });
      const ownFree = own != null && !run.some((f) => boxAt(own, f));
      const keys = keyframesFor(clip, run, gtBox);
      out.push({
        kind: 'draw keyframes',
        track: ownFree ? own! : fresh,
        keys: keys.map((f) => ({ frame: f, box: toFractions(clip, gtBox(f)) })),
      });
    }
  }
  return out;
}
