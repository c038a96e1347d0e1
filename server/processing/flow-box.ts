// Moving a person from one frame to the next by the image motion of their own pixels (pure rules; the optical
// flow itself runs in a pose worker, optical-flow.ts). Which points are followed: the joints the pose model
// saw, and a small grid over the head and torso (the middle of the box), where the body moves as one piece;
// a grid over the whole box would take in the ground between the legs and the background beside a small
// person, which holds still while the person walks. The box moves by the median move of those points and
// keeps its size: between two model passes (a fifth of a second) a walking person's size hardly changes, and
// a box that keeps its extent is what a corrector wants (a size that jitters costs a fix per frame).
import type { Keypoint, PixelBox } from './crop-follow';
import { median } from './pose-features';

/** A joint is followed by its own pixels from this pose score; below it, it moves with the box. */
export const FLOW_JOINT_SCORE = 0.3;
/** Grid over the box's middle: columns × rows, and the share of the width and height it spans. */
const GRID_COLS = 3,
  GRID_ROWS = 5,
  GRID_X = [0.35, 0.65] as const,
  GRID_Y = [0.12, 0.6] as const;
/** Fewer points followed than this and the person is lost on this frame (their pixels went: hidden, left). */
export const FLOW_MIN_POINTS = 4;
/** A joint whose own move differs from the box's by more than this share of the box height moves with the box. */
const JOINT_OUTLIER = 0.25;

/** Feet lower by more than this share of the person's height put someone in front of them (not beside them). */
const IN_FRONT_MARGIN = 0.1;

/** One person as the flow follows them: box and 17 joints in frame pixels. */
export interface FlowPerson {
  box: PixelBox;
  keypoints: Keypoint[];
}

/**
 * Whether `other` stands in front of `p`: their feet (box bottom) are lower in the frame, so nearer the camera
 * on a floor or a street seen from eye height or above.
 */
export function inFront(other: FlowPerson, p: FlowPerson): boolean {
  return other.box.y2 > p.box.y2 + IN_FRONT_MARGIN * (p.box.y2 - p.box.y1);
}

/**
 * The points followed for one person: joints first (their index in `joints`), then the grid. A point inside
 * the box of someone in front of them (`others`) is left out: there the pixels are the front person's, and
 * following them carries the one behind along with the one in front (a person walking behind another stood
 * still with them).
 */
export function flowPoints(
  p: FlowPerson,
  others: FlowPerson[] = [],
): { points: Array<[number, number]>; joints: number[] } {
  const front = others.filter((o) => o !== p && inFront(o, p));
  const covered = (x: number, y: number) =>
    front.some((o) => x >= o.box.x1 && x <= o.box.x2 && y >= o.box.y1 && y <= o.box.y2);
  const mine = pointsOf(p, covered);
  // too little of them in view: all their points, as before (moving with the one in front beats losing them)
  return mine.points.length >= FLOW_MIN_POINTS ? mine : pointsOf(p, () => false);
}

function pointsOf(
  p: FlowPerson,
  hidden: (x: number, y: number) => boolean,
): { points: Array<[number, number]>; joints: number[] } {
  const joints: number[] = [];
  const points: Array<[number, number]> = [];
  p.keypoints.forEach(([x, y, s], k) => {
    if (s >= FLOW_JOINT_SCORE && !hidden(x, y)) {
      joints.push(k);
      points.push([x, y]);
    }
  });
  const w = p.box.x2 - p.box.x1,
    h = p.box.y2 - p.box.y1;
  for (let r = 0; r < GRID_ROWS; r++)
    for (let c = 0; c < GRID_COLS; c++) {
      const x = p.box.x1 + w * (GRID_X[0] + ((GRID_X[1] - GRID_X[0]) * c) / (GRID_COLS - 1)),
        y = p.box.y1 + h * (GRID_Y[0] + ((GRID_Y[1] - GRID_Y[0]) * r) / (GRID_ROWS - 1));
      if (!hidden(x, y)) points.push([x, y]);
    }
  return { points, joints };
}

/**
 * The person on the next frame from where their points went (`moved[i]` null where the flow lost point i),
 * or null when too few points were followed. The box moves by the median move and keeps its size; a joint
 * followed in step with the body takes its own new place, any other moves with the box; scores are kept.
 */
export function movePerson(
  p: FlowPerson,
  followed: { points: Array<[number, number]>; joints: number[] },
  moved: Array<[number, number] | null>,
): FlowPerson | null {
  const dx: number[] = [],
    dy: number[] = [];
  moved.forEach((m, i) => {
    if (!m) return;
    dx.push(m[0] - followed.points[i][0]);
    dy.push(m[1] - followed.points[i][1]);
  });
  if (dx.length < FLOW_MIN_POINTS) return null;
  const mx = median(dx),
    my = median(dy);
  const h = p.box.y2 - p.box.y1;
  const box = { x1: p.box.x1 + mx, y1: p.box.y1 + my, x2: p.box.x2 + mx, y2: p.box.y2 + my };
  const keypoints = p.keypoints.map(([x, y, s]): Keypoint => [x + mx, y + my, s]);
  followed.joints.forEach((k, i) => {
    const m = moved[i];
    if (!m) return;
    const jx = m[0] - followed.points[i][0],
      jy = m[1] - followed.points[i][1];
    if (Math.hypot(jx - mx, jy - my) <= JOINT_OUTLIER * h) keypoints[k] = [m[0], m[1], p.keypoints[k][2]];
  });
  return { box, keypoints };
}

/** Floats per person per frame in a flow answer: box (4), 17 × [x, y, score], and 1 when followed (0: lost). */
export const FLOW_ROW = 4 + 51 + 1;

export function writeFlowRow(out: Float32Array, at: number, p: FlowPerson | null): void {
  if (!p) return; // zeros: lost
  out.set([p.box.x1, p.box.y1, p.box.x2, p.box.y2], at);
  p.keypoints.forEach((k, i) => out.set(k, at + 4 + i * 3));
  out[at + 55] = 1;
}

export function readFlowRow(rows: Float32Array, at: number): FlowPerson | null {
  if (rows[at + 55] !== 1) return null;
  const keypoints: Keypoint[] = [];
  for (let k = 0; k < 17; k++) keypoints.push([rows[at + 4 + k * 3], rows[at + 5 + k * 3], rows[at + 6 + k * 3]]);
  return { box: { x1: rows[at], y1: rows[at + 1], x2: rows[at + 2], y2: rows[at + 3] }, keypoints };
}

/** The region of the frame the flow needs to read: every person's box grown by half its height (clipped). */
export function flowRegion(
  people: FlowPerson[],
  width: number,
  height: number,
): { x: number; y: number; w: number; h: number } | null {
  if (!people.length) return null;
  let x1 = Infinity,
    y1 = Infinity,
    x2 = -Infinity,
    y2 = -Infinity;
  for (const p of people) {
    const m = (p.box.y2 - p.box.y1) / 2 + 16;
    x1 = Math.min(x1, p.box.x1 - m);
    y1 = Math.min(y1, p.box.y1 - m);
    x2 = Math.max(x2, p.box.x2 + m);
    y2 = Math.max(y2, p.box.y2 + m);
  }
  const x = Math.max(0, Math.floor(x1)),
    y = Math.max(0, Math.floor(y1));
  const w = Math.min(width, Math.ceil(x2)) - x,
    h = Math.min(height, Math.ceil(y2)) - y;
  return w >= 8 && h >= 8 ? { x, y, w, h } : null;
}
