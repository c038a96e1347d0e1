// Propagating a correction: a person fixed the AI's box at one frame; the same correction (where the box
// sits relative to the AI's, how much larger it is, where each joint sits) is applied to the following AI
// frames, each relative to that frame's own AI box. Pure, shared by the server and a benchmark.
import { jointPresent, KEYPOINT_COUNT, type PoseBox } from './keyframe-interpolation';

/** A correction in units of the AI box: centre offset, size ratio and joint offsets (null = joint not corrected). */
export interface Correction {
  dx: number;
  dy: number;
  sw: number;
  sh: number;
  joints: Array<[number, number] | null>;
}

const size = (b: PoseBox) => ({ w: b.x2 - b.x1, h: b.y2 - b.y1, cx: (b.x1 + b.x2) / 2, cy: (b.y1 + b.y2) / 2 });

/** The correction that turns `ai` into `fixed`; null when the AI box has no area. */
export function correctionOf(ai: PoseBox, fixed: PoseBox): Correction | null {
  const a = size(ai);
  const f = size(fixed);
  if (!(a.w > 0 && a.h > 0)) return null;
  const joints: Correction['joints'] = [];
  for (let j = 0; j < KEYPOINT_COUNT; j++) {
    joints.push(
      jointPresent(ai.keypoints, j) && jointPresent(fixed.keypoints, j)
        ? [
            (fixed.keypoints![j * 3] - ai.keypoints![j * 3]) / a.w,
            (fixed.keypoints![j * 3 + 1] - ai.keypoints![j * 3 + 1]) / a.h,
          ]
        : null,
    );
  }
  return { dx: (f.cx - a.cx) / a.w, dy: (f.cy - a.cy) / a.h, sw: f.w / a.w, sh: f.h / a.h, joints };
}

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));

/**
 * `correction` applied to another frame's AI box: the box is kept inside the frame (and never collapses);
 * joints the correction does not name keep the AI's position.
 */
export function applyCorrection(ai: PoseBox, c: Correction): PoseBox {
  const a = size(ai);
  const w = a.w * c.sw;
  const h = a.h * c.sh;
  const cx = a.cx + c.dx * a.w;
  const cy = a.cy + c.dy * a.h;
  let x1 = clamp01(cx - w / 2);
  let x2 = clamp01(cx + w / 2);
  let y1 = clamp01(cy - h / 2);
  let y2 = clamp01(cy + h / 2);
  const tiny = 1e-4;
  if (x2 - x1 < tiny) {
    x1 = Math.min(x1, 1 - tiny);
    x2 = x1 + tiny;
  }
  if (y2 - y1 < tiny) {
    y1 = Math.min(y1, 1 - tiny);
    y2 = y1 + tiny;
  }
  let keypoints: number[] | null = null;
  if (ai.keypoints) {
    keypoints = Array.from(ai.keypoints);
    c.joints.forEach((o, j) => {
      if (!o || !jointPresent(ai.keypoints, j)) return;
      keypoints![j * 3] += o[0] * a.w;
      keypoints![j * 3 + 1] += o[1] * a.h;
    });
  }
  return { x1, y1, x2, y2, keypoints };
}
