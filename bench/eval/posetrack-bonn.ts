// Ground truth of a Bonn Multi-Person PoseTrack clip as laid out in ../shared/eval-real/<clip>/:
// gt/gt_keypoints.json (per frame and person: track id, head rectangle, 14 MPII joints [x, y, visible,
// truncated] in pixels) and gt/gt_boxes_derived.txt (MOTChallenge lines frame,id,left,top,width,height,…
// whose boxes are the joints' extent padded, not drawn by an annotator), seqinfo.ini for the frame rate.
import fs from 'node:fs';
import path from 'node:path';
import type { ClipOutput } from './clip-recipe';
import { headSizeOf } from './keypoint-scores';
import type { GtKeypoint, GtPerson } from './metrics';

/** MPII joint name → COCO keypoint index, for the joints both layouts share (no head points: MPII has none of COCO's). */
export const MPII_TO_COCO: Record<string, number> = {
  l_shoulder: 5,
  r_shoulder: 6,
  l_elbow: 7,
  r_elbow: 8,
  l_wrist: 9,
  r_wrist: 10,
  l_hip: 11,
  r_hip: 12,
  l_knee: 13,
  r_knee: 14,
  l_ankle: 15,
  r_ankle: 16,
};

interface BonnFile {
  image_size_wh: [number, number];
  num_frames: number;
  frames: Array<{
    frame: number;
    persons: Array<{
      track_id: number;
      head_rect_x1y1x2y2: [number, number, number, number];
      joints_xy_visible_truncated: Record<string, [number, number, number, number]>;
    }>;
  }>;
}

/** The shared joints of one person in COCO order; a joint not visible is labelled hidden (v = 1). */
export function cocoKeypointsOf(joints: Record<string, [number, number, number, number]>): GtKeypoint[] {
  const out: GtKeypoint[] = Array.from({ length: 17 }, () => null);
  for (const [name, [x, y, visible]] of Object.entries(joints)) {
    const k = MPII_TO_COCO[name];
    if (k != null) out[k] = [x, y, visible ? 2 : 1];
  }
  return out;
}

export function readBonnGroundTruth(dir: string): {
  output: ClipOutput;
  frames: number;
  at: (n: number) => GtPerson[];
} {
  const kp = JSON.parse(fs.readFileSync(path.join(dir, 'gt', 'gt_keypoints.json'), 'utf8')) as BonnFile;
  const fps = Number(/frameRate=(\d+(?:\.\d+)?)/.exec(fs.readFileSync(path.join(dir, 'seqinfo.ini'), 'utf8'))?.[1]);
  const boxes = new Map<string, { x1: number; y1: number; x2: number; y2: number }>();
  for (const line of fs.readFileSync(path.join(dir, 'gt', 'gt_boxes_derived.txt'), 'utf8').split('\n')) {
    const v = line.split(',').map(Number);
    if (v.length < 6 || !Number.isFinite(v[0])) continue;
    boxes.set(`${v[0]}:${v[1]}`, { x1: v[2], y1: v[3], x2: v[2] + v[4], y2: v[3] + v[5] });
  }
  const byFrame = new Map<number, GtPerson[]>();
  for (const f of kp.frames) {
    byFrame.set(
      f.frame - 1,
      f.persons.flatMap((p) => {
        const box = boxes.get(`${f.frame}:${p.track_id}`);
        if (!box) return [];
        const [x1, y1, x2, y2] = p.head_rect_x1y1x2y2;
        return [
          {
            id: `person ${p.track_id}`,
            box,
            keypoints: cocoKeypointsOf(p.joints_xy_visible_truncated),
            headSize: headSizeOf({ x1, y1, x2, y2 }),
          },
        ];
      }),
    );
  }
  return {
    output: {
      width: kp.image_size_wh[0],
      height: kp.image_size_wh[1],
      fps: Number.isFinite(fps) && fps > 0 ? fps : 30,
    },
    frames: kp.num_frames,
    at: (n) => byFrame.get(n) ?? [],
  };
}
