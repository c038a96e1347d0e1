// Top-down pose: the CenterNet person detector (MobileNetV3-CenterNet, COCO, 512 × 512 input) finds every
// person, then MoveNet SinglePose Thunder (256 × 256) reads 17 keypoints from a square crop around each.
// A detector sees seated, overlapping and small people that MultiPose's person heads miss; the price is
// one detector pass plus one keypoint pass per person. Runs inside a pose worker (tfjs, wasm backend).
import * as tf from '@tensorflow/tfjs-core';
import type { GraphModel } from '@tensorflow/tfjs-converter';
import { insideShare, iou } from './kalman';
import { POSE_ROW, type SinglePoseModel } from './pose-protocol';

export const DETECTOR_SIZE = 512;
const SINGLE_SIZE = 256;
export const SINGLE_POSE_INPUT: Record<SinglePoseModel, number> = { lightning: 192, thunder: SINGLE_SIZE };
/** Detections below this person score are not kept (the calibration maps them to near-zero anyway). */
export const DETECTOR_MIN_SCORE = 0.1;
/** Overlap above which two person boxes are taken as one detection (the weaker is dropped). */
const NMS_IOU = 0.6;
/**
 * A weaker box lying this much (share of its own area) inside a stronger one is a part of that person
 * (upper body, legs), not another person: dropped. IoU alone keeps such boxes because they are small.
 */
const CONTAINED_SHARE = 0.85;
/** Keypoints are read for at most this many people per frame, strongest first. */
export const TOPDOWN_MAX_PEOPLE = 12;
/** The crop is a square this much larger than the box's long side, so limbs at the box edge stay inside. */
const CROP_MARGIN = 1.25;
const COCO_PERSON = 0;

/** A person box in pixels of the frame tensor, with the detector's score. */
export interface DetectedPerson {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  score: number;
}

/** Runs the detector on the frame letterboxed into 512 × 512 (top-left, black padding) → person boxes, NMS'd. */
export async function detectPeople(detector: GraphModel, frame: tf.Tensor3D): Promise<DetectedPerson[]> {
  return (await detectPeopleStacked(detector, [frame]))[0];
}

/**
 * One detector pass over several frames of the same size stacked top to bottom, each letterboxed into a
 * band of 512 / n rows (so n = 2 costs one pass for two landscape frames, which a single frame's padding
 * would otherwise fill with black) → each frame's person boxes in its own pixels, NMS'd per frame.
 */
export async function detectPeopleStacked(detector: GraphModel, frames: tf.Tensor3D[]): Promise<DetectedPerson[][]> {
  const [h, w] = frames[0].shape;
  const band = Math.floor(DETECTOR_SIZE / frames.length);
  const s = Math.min(DETECTOR_SIZE / w, band / h);
  const rh = Math.min(band, Math.round(h * s)),
    rw = Math.min(DETECTOR_SIZE, Math.round(w * s));
  const input = tf.tidy(() => {
    const bands = frames.map((f) =>
      tf.pad(tf.image.resizeBilinear(tf.cast(f, 'float32') as tf.Tensor3D, [rh, rw]), [
        [0, band - rh],
        [0, DETECTOR_SIZE - rw],
        [0, 0],
      ]),
    );
    const stacked = bands.length > 1 ? tf.concat(bands, 0) : bands[0];
    return tf.expandDims(
      tf.pad(stacked, [
        [0, DETECTOR_SIZE - band * frames.length],
        [0, 0],
        [0, 0],
      ]),
      0,
    );
  });
  const out = detector.execute(input, ['tower_0/detections']) as tf.Tensor;
  const rows = await out.data();
  tf.dispose([input, out]);
  const found: DetectedPerson[][] = frames.map(() => []);
  for (let r = 0; r + 6 <= rows.length; r += 6) {
    if (rows[r + 5] !== COCO_PERSON || !(rows[r + 4] >= DETECTOR_MIN_SCORE)) continue;
    // a box belongs to the band its centre lies in, and is cut to that band
    const i = Math.min(frames.length - 1, Math.max(0, Math.floor((rows[r + 1] + rows[r + 3]) / 2 / band)));
    const top = i * band;
    const box = {
      x1: Math.max(0, rows[r] / s),
      y1: Math.max(0, (rows[r + 1] - top) / s),
      x2: Math.min(w, rows[r + 2] / s),
      y2: Math.min(h, (rows[r + 3] - top) / s),
      score: rows[r + 4],
    };
    if (box.x2 - box.x1 > 1 && box.y2 - box.y1 > 1) found[i].push(box);
  }
  return found.map(keepDistinct);
}
/**
 * The distinct people among person boxes, strongest first: a box overlapping a stronger one (NMS) or lying
 * inside it (a part of that person) is dropped, and at most TOPDOWN_MAX_PEOPLE are kept.
 */
export function keepDistinct(list: DetectedPerson[]): DetectedPerson[] {
  const kept: DetectedPerson[] = [];
  for (const b of [...list].sort((a, c) => c.score - a.score))
    if (
      kept.length < TOPDOWN_MAX_PEOPLE &&
      kept.every((k) => iou(k, b) < NMS_IOU && insideShare(b, k) < CONTAINED_SHARE)
    )
      kept.push(b);
  return kept;
}

/**
 * Whether two frames of width × height stacked in one detector pass are each read at nearly the scale one
 * frame alone would be (≥ 0.85 of it): true for 16:9 frames (0.89), false for 4:3 (0.67), where small
 * people would shrink below what the detector finds.
 */
export function stackingKeepsScale(width: number, height: number): boolean {
  const alone = Math.min(DETECTOR_SIZE / width, DETECTOR_SIZE / height);
  const stacked = Math.min(DETECTOR_SIZE / width, DETECTOR_SIZE / 2 / height);
  return stacked >= 0.85 * alone;
}

/**
 * Reads each person's keypoints from a square crop around its box and writes MultiPose-layout rows in
 * fractions of the frame tensor: keypoints from the crop, box and score from the detector.
 */
export async function topDownRows(
  single: GraphModel,
  frame: tf.Tensor3D,
  people: DetectedPerson[],
): Promise<Float32Array> {
  const [h, w] = frame.shape;
  const rows = new Float32Array(people.length * POSE_ROW);
  if (!people.length) return rows;
  const crops = people.map((p) => {
    const side = Math.max(p.x2 - p.x1, p.y2 - p.y1) * CROP_MARGIN;
    const cx = (p.x1 + p.x2) / 2,
      cy = (p.y1 + p.y2) / 2;
    return { x0: cx - side / 2, y0: cy - side / 2, side };
  });
  // one resampling call for every crop; parts of a crop outside the frame are black
  const batch = tf.tidy(() =>
    tf.cast(
      tf.image.cropAndResize(
        tf.expandDims(tf.cast(frame, 'float32'), 0) as tf.Tensor4D,
        crops.map((c) => [c.y0 / h, c.x0 / w, (c.y0 + c.side) / h, (c.x0 + c.side) / w]),
        crops.map(() => 0),
        [SINGLE_SIZE, SINGLE_SIZE],
        'bilinear',
        0,
      ),
      'int32',
    ),
  );
  try {
    for (let i = 0; i < people.length; i++) {
      const crop = tf.slice(batch, [i, 0, 0, 0], [1, SINGLE_SIZE, SINGLE_SIZE, 3]);
      const out = single.execute(crop) as tf.Tensor; // [1, 1, 17, 3]: y, x, score in crop fractions
      const kp = await out.data();
      tf.dispose([crop, out]);
      const c = crops[i],
        p = people[i],
        r = i * POSE_ROW;
      for (let k = 0; k < 17; k++) {
        rows[r + k * 3] = (c.y0 + kp[k * 3] * c.side) / h;
        rows[r + k * 3 + 1] = (c.x0 + kp[k * 3 + 1] * c.side) / w;
        rows[r + k * 3 + 2] = kp[k * 3 + 2];
      }
      rows.set([p.y1 / h, p.x1 / w, p.y2 / h, p.x2 / w, p.score], r + 51);
    }
  } finally {
    batch.dispose();
  }
  return rows;
}

/**
 * SinglePose on one square crop of `region` (pixels of the region; parts outside read black) →
 * 17 × [x, y, score] in pixels of the region.
 */
export async function singlePoseOnCrop(
  graph: GraphModel,
  model: SinglePoseModel,
  region: tf.Tensor3D,
  c: { x0: number; y0: number; side: number },
): Promise<Float32Array> {
  const [h, w] = region.shape;
  const size = SINGLE_POSE_INPUT[model];
  const input = tf.tidy(() =>
    tf.cast(
      tf.image.cropAndResize(
        tf.expandDims(tf.cast(region, 'float32'), 0) as tf.Tensor4D,
        [[c.y0 / h, c.x0 / w, (c.y0 + c.side) / h, (c.x0 + c.side) / w]],
        [0],
        [size, size],
        'bilinear',
        0,
      ),
      'int32',
    ),
  );
  const out = graph.execute(input) as tf.Tensor; // [1, 1, 17, 3]: y, x, score in crop fractions
  const kp = await out.data();
  tf.dispose([input, out]);
  const res = new Float32Array(51);
  for (let k = 0; k < 17; k++) {
    res[k * 3] = c.x0 + kp[k * 3 + 1] * c.side;
    res[k * 3 + 1] = c.y0 + kp[k * 3] * c.side;
    res[k * 3 + 2] = kp[k * 3 + 2];
  }
  return res;
}
