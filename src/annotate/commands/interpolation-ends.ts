// Where I (interpolate) starts and ends around the playhead. Any stored box may be an end, the AI's too:
// - on a keyframe, from it; else from the nearest keyframe before, unless the track has a gap between it
//   and the playhead (or has none): then from the last box before the playhead;
// - to the nearest keyframe after, unless a gap lies between the playhead and it (or there is none): then
//   to the first box after the playhead.
// So I in a gap fills the gap between the boxes around it, and between two keyframes replaces what lies
// between them. It never crosses an outside keyframe (the person left there).
import { trackBoxAt } from '../../../domain/overlay/detection';
import { frameAt, framesOf, type BlockedFrames } from '../document/frame-blocks';
import type { CompactDetection } from '../document/types';

export type InterpolationEnds = { from: number; to: number } | { refused: string };

/** The end on one side: `rows` are the stored rows on that side, nearest first; `start` the playhead's
 *  last stored frame on the far side of the gap test (its own frame when it is drawn). */
function endOnSide(rows: Array<[number, CompactDetection]>, drawn: boolean, start: number, stride: number) {
  let nearest: number | null = null;
  let last = start;
  for (const [f, d] of rows) {
    if (d.source === 'outside') return nearest ?? { outside: f };
    const gap = Math.abs(f - last) > stride || !drawn;
    if (nearest === null) nearest = f;
    if (d.source === 'human' && !gap) return f;
    if (gap) return nearest;
    last = f;
  }
  return nearest;
}

export function interpolationEnds(track: BlockedFrames | undefined, frame: number, stride: number): InterpolationEnds {
  const rows = framesOf(track);
  const drawn = !!trackBoxAt((f) => frameAt(track, f), frame, { stride, interpolate: true });
  const before = rows.filter(([f]) => f < frame).reverse();
  const after = rows.filter(([f]) => f > frame);
  const here = frameAt(track, frame);
  const from =
    here?.source === 'human' ? frame : endOnSide(before, drawn, here ? frame : (before[0]?.[0] ?? frame), stride);
  const lastBefore = here ? frame : (before[0]?.[0] ?? frame);
  const to = endOnSide(after, drawn, lastBefore, stride);
  if (typeof from === 'object' && from !== null)
    return {
      refused: `The track is outside from frame ${from.outside}: interpolation does not cross an outside keyframe`,
    };
  if (typeof to === 'object' && to !== null)
    return {
      refused: `The track is outside from frame ${to.outside}: interpolation does not cross an outside keyframe`,
    };
  if (from === null) return { refused: 'No box of the selected track before the playhead to interpolate from' };
  if (to === null) return { refused: 'No box of the selected track after the playhead to interpolate to' };
  if (to - from < 2) return { refused: `No frame between the boxes at ${from} and ${to} to interpolate` };
  return { from, to };
}
