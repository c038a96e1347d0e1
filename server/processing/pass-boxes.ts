// A model pass's detector boxes and the pose on each. The pose on a box needs nothing of the people followed,
// so it is asked for as soon as the detector answers: it fills a worker while the flow of the segment before
// that pass still runs on the other (crop-tracking.ts). A box that may hold two followed people for one waits
// until the pass judges that (crop-follow.ts twoTakenForOne): its pose would be read for nothing.
import { cropAroundBox, mayTakeTwo, twoTakenForOne, type CropPose, type PixelBox } from './crop-follow';

export type DetectorBox = PixelBox & { score: number };
type PoseOn = (box: { x0: number; y0: number; side: number }) => Promise<CropPose>;

export interface PassBoxes {
  boxes: DetectorBox[];
  /** Per box, its pose already asked for, or null when it waits for the pass. */
  poses: Array<Promise<CropPose> | null>;
}

/** Detector rows [x1, y1, x2, y2, score] → boxes. */
export function boxesOf(raw: Float32Array): DetectorBox[] {
  const out: DetectorBox[] = [];
  for (let r = 0; r + 5 <= raw.length; r += 5)
    out.push({ x1: raw[r], y1: raw[r + 1], x2: raw[r + 2], y2: raw[r + 3], score: raw[r + 4] });
  return out;
}

/**
 * The boxes of a detector pass once it answers, with the pose on each asked for then. `lastSeen`: the boxes
 * of the people followed, as far as the tracking has got when the detector answers.
 */
export function readPassBoxes(
  rows: Promise<Float32Array>,
  lastSeen: () => PixelBox[],
  pose: PoseOn,
): Promise<PassBoxes> {
  const read = rows.then((raw) => {
    const boxes = boxesOf(raw);
    const seen = lastSeen();
    const poses = boxes.map((d) => (mayTakeTwo(d, seen) ? null : pose(cropAroundBox(d))));
    for (const p of poses) p?.catch(() => {}); // a stopped run awaits none of them
    return { boxes, poses };
  });
  read.catch(() => {});
  return read;
}

/**
 * The boxes the pass takes, and their poses in their order: those asked for early, the rest now. A box that
 * took two of the people followed (`followed`, where the flow has them on the pass frame) for one is not
 * taken (crop-follow.ts twoTakenForOne).
 */
export function takenBoxes(
  pass: PassBoxes,
  followed: PixelBox[],
  pose: PoseOn,
): { boxes: DetectorBox[]; poses: Promise<CropPose[]> } {
  const taken = pass.boxes.map((d) => !twoTakenForOne(d, followed, pass.boxes));
  return {
    boxes: pass.boxes.filter((_, i) => taken[i]),
    poses: Promise.all(pass.boxes.flatMap((d, i) => (taken[i] ? [pass.poses[i] ?? pose(cropAroundBox(d))] : []))),
  };
}
