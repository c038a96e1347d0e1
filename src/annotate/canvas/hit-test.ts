// What a press on the overlay lands on: a pure function of the overlay model (video pixels), the
// viewport and a screen point. Handles are hit at their screen size, whatever the zoom. The order is
// fixed: the selected box's corner handles, then its joints, then its body, then the other tracks'
// boxes (the smallest box under the point first, so a person in front of a larger box can be picked),
// then the empty picture (a draw), else outside the picture. So on a small person whose 17 joints
// cover the body, a corner handle still resizes the box rather than moving an ankle.
import { cornerPoint, type Corner } from '../../../domain/ops/box-geometry';
import type { OverlayModel, OverlayTrack } from './overlay-model';
import { toScreen, type Point, type ViewGeometry, type ViewportState } from './viewport-math';

export type OverlayHit =
  | { kind: 'corner'; trackId: number; corner: Corner }
  | { kind: 'keypoint'; trackId: number; index: number }
  | { kind: 'box'; trackId: number }
  /** On the picture, on nothing: a drag there draws a box. */
  | { kind: 'empty' }
  /** Off the picture (the letterbox, or beyond the panned picture). */
  | { kind: 'outside' };

/** Drawn size of a corner handle and radius of a joint handle, in screen pixels at every zoom. */
export const CORNER_HANDLE_PX = 10;
export const JOINT_HANDLE_PX = 6;
/** How far from a handle's centre a press still takes it (mouse and pen); a finger gets more. */
export const CORNER_HIT_PX = 8;
export const JOINT_HIT_PX = 7;
export const TOUCH_HIT_FACTOR = 1.75;

export const CORNERS: readonly Corner[] = ['tl', 'tr', 'bl', 'br'];

export interface HitOptions {
  pointerType?: string;
}

interface View {
  state: ViewportState;
  geo: ViewGeometry;
}

const dist = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

function screenBox(view: View, t: OverlayTrack) {
  const a = toScreen(view.state, view.geo, { x: t.box.x1, y: t.box.y1 });
  const b = toScreen(view.state, view.geo, { x: t.box.x2, y: t.box.y2 });
  return { x1: Math.min(a.x, b.x), y1: Math.min(a.y, b.y), x2: Math.max(a.x, b.x), y2: Math.max(a.y, b.y) };
}

const inside = (r: { x1: number; y1: number; x2: number; y2: number }, p: Point) =>
  p.x >= r.x1 && p.x <= r.x2 && p.y >= r.y1 && p.y <= r.y2;

/** The selected track's joint handle nearest to the point within its hit radius (a right press selects it). */
export function jointAt(
  model: OverlayModel,
  view: View,
  p: Point,
  opts: HitOptions = {},
): Extract<OverlayHit, { kind: 'keypoint' }> | null {
  const grow = opts.pointerType === 'touch' ? TOUCH_HIT_FACTOR : 1;
  const selected = model.tracks.find((t) => t.trackId === model.selectedTrackId);
  let best: { index: number; d: number } | null = null;
  for (const j of selected?.joints ?? []) {
    const d = dist(p, toScreen(view.state, view.geo, j));
    if (d <= JOINT_HIT_PX * grow && (!best || d < best.d)) best = { index: j.index, d };
  }
  return selected && best ? { kind: 'keypoint', trackId: selected.trackId, index: best.index } : null;
}

export function hitTest(model: OverlayModel, view: View, p: Point, opts: HitOptions = {}): OverlayHit {
  const grow = opts.pointerType === 'touch' ? TOUCH_HIT_FACTOR : 1;
  const selected = model.tracks.find((t) => t.trackId === model.selectedTrackId) ?? null;
  if (selected) {
    let best: { corner: Corner; d: number } | null = null;
    for (const corner of CORNERS) {
      const d = dist(p, toScreen(view.state, view.geo, cornerPoint(selected.box, corner)));
      if (d <= CORNER_HIT_PX * grow && (!best || d < best.d)) best = { corner, d };
    }
    if (best) return { kind: 'corner', trackId: selected.trackId, corner: best.corner };
    const joint = jointAt(model, view, p, opts);
    if (joint) return joint;
    if (inside(screenBox(view, selected), p)) return { kind: 'box', trackId: selected.trackId };
  }
  let smallest: { trackId: number; area: number } | null = null;
  for (const t of model.tracks) {
    if (t === selected) continue;
    const r = screenBox(view, t);
    const area = (r.x2 - r.x1) * (r.y2 - r.y1);
    if (inside(r, p) && (!smallest || area < smallest.area)) smallest = { trackId: t.trackId, area };
  }
  if (smallest) return { kind: 'box', trackId: smallest.trackId };
  const pic = screenBox(view, {
    trackId: -1,
    box: { x1: 0, y1: 0, x2: view.geo.videoW, y2: view.geo.videoH },
    joints: [],
  });
  return inside(pic, p) ? { kind: 'empty' } : { kind: 'outside' };
}
