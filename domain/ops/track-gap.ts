// Cutting a gap into a track (Delete on one frame, Shift+Delete, 'Delete frames'): the boxes of the range go,
// and nothing else the editor draws changes. On a strided video the frames between two stored boxes are
// filled in (domain/overlay/detection.ts's trackBoxAt), so removing stored boxes would also take away the
// filled-in frames next to the range, and a short range between two stored boxes would be filled in again.
// The plan keeps both as drawn: the filled-in frames next to the range are stored as they were drawn, and
// an outside keyframe at the range's first frame stops the fill across it where one would happen. Pure:
// the server applies it to the stored rows, the editor to its loaded frames.
import { trackBoxAt, type CompactDetection, type FrameLookup, type InterpolationOptions } from '../overlay/detection';

export interface GapCut {
  /** Frames next to the range that were filled in: stored as they were drawn (`interpolated`). */
  keep: Array<{ frame: number; det: CompactDetection }>;
  /** Where an outside keyframe stops the fill across the range, or null when none would happen. */
  outsideAt: number | null;
  /** Stored interpolated rows beside that outside keyframe that become keyframes: a drawn track refills
   *  between its keyframes, and must keep them as they are. */
  keyframesAt: number[];
}

/** The plan for removing frames `from` … `to` of a track (`drawn`: a track whose server fills between keyframes). */
export function planGapCut(
  at: FrameLookup,
  from: number,
  to: number,
  opts: InterpolationOptions,
  drawn: boolean,
): GapCut {
  const stride = Math.max(1, Math.floor(opts.stride));
  const keep: GapCut['keep'] = [];
  // the filled-in frames between the range and the stored box nearest it on each side: their fill reaches
  // into or across the range (frames further out are filled between boxes that stay)
  const beside: number[] = [];
  for (let f = from - 1; f >= 0 && f > from - stride && !at(f); f--) beside.push(f);
  for (let f = to + 1; f < to + stride && !at(f); f++) beside.push(f);
  for (const f of beside) {
    const box = trackBoxAt(at, f, opts);
    if (box?.kind === 'filled') {
      const { version: _none, ...det } = box.det;
      keep.push({ frame: f, det: { ...det, source: 'interpolated' } });
    }
  }
  keep.sort((a, b) => a.frame - b.frame);
  const kept = new Map(keep.map((k) => [k.frame, k.det]));
  const after: FrameLookup = (f) => (f >= from && f <= to ? undefined : (kept.get(f) ?? at(f)));
  const outsideAt = trackBoxAt(after, from, opts) ? from : null;
  const keyframesAt =
    outsideAt !== null && drawn ? [from - 1, to + 1].filter((f) => after(f)?.source === 'interpolated') : [];
  return { keep, outsideAt, keyframesAt };
}

/** The rows a plan leaves, as a lookup over the rows before it (for checking what is drawn afterwards). */
export function afterGapCut(at: FrameLookup, from: number, to: number, plan: GapCut): FrameLookup {
  const kept = new Map(plan.keep.map((k) => [k.frame, k.det]));
  const left = (f: number) => (f >= from && f <= to ? undefined : (kept.get(f) ?? at(f)));
  return (f) => {
    // an outside keyframe carries the box before it (it is not drawn)
    if (f === plan.outsideAt) return { ...left(f - 1)!, source: 'outside' };
    const d = left(f);
    return d && plan.keyframesAt.includes(f) ? { ...d, source: 'human' } : d;
  };
}
