// What the pose pool (pose-pool.ts) and a pose worker thread (pose-worker.ts) send each other, the model
// files a worker loads, and the layout of the rows it answers. Both sides and the files around them
// (model-fetch.ts, pose-rows.ts, topdown.ts) import these from here, and this file imports nothing, so
// none of them has to import another's types back.

/** 'tracking': the detector every few frames, keypoints on crops around each person in between (crop-tracking.ts). */
export type PoseModelName = 'multipose' | 'topdown' | 'tracking';
/** SinglePose graphs: Thunder reads 256 × 256, Lightning 192 × 192 (about a third of Thunder's cost). */
export type SinglePoseModel = 'lightning' | 'thunder';

export interface GraphFiles {
  json: string;
  bin: string;
}
/** `json`/`bin`: MultiPose; `detector`: CenterNet; `single`: SinglePose Thunder; `light`: SinglePose Lightning (crop tracking). */
export interface ModelPaths extends GraphFiles {
  dir: string;
  detector: GraphFiles;
  single: GraphFiles;
  light: GraphFiles;
}

/** Geometry of an analysed frame: the video scaled to `scaledW×scaledH`, padded to `inputW×inputH` (multiples of 32). */
export interface AnalysisGeometry {
  scaledW: number;
  scaledH: number;
  inputW: number;
  inputH: number;
}

/** A square in pixels of the RGB region sent (may reach outside it: that part reads black). */
export interface CropSquare {
  x0: number;
  y0: number;
  side: number;
}
export type PoseWorkerRequest =
  | { type: 'init'; model: ModelPaths; flow: boolean }
  | { type: 'infer'; id: number; rgb: Uint8Array; width: number; height: number; mode: 'multipose' | 'topdown' }
  /** Person boxes only: answers rows of 5 floats [x1, y1, x2, y2, score] in pixels of the frame. */
  | { type: 'detect'; id: number; rgb: Uint8Array; width: number; height: number }
  /** Person boxes on `count` frames of width × height, one after the other in `rgb`, in one detector pass
   *  (topdown.ts detectPeopleStacked): answers each frame's box count, then each frame's rows of 5. */
  | { type: 'detect-stacked'; id: number; rgb: Uint8Array; width: number; height: number; count: number }
  /** SinglePose on one crop of an RGB region: answers 17 × [x, y, score] in pixels of the region. */
  | {
      type: 'crop';
      id: number;
      rgb: Uint8Array;
      width: number;
      height: number;
      crop: CropSquare;
      model: SinglePoseModel;
    }
  /** Optical flow (optical-flow.ts): `count` grey frames of width × height one after the other in `rgb`, and
   *  the people on the first (flow-box.ts rows); answers their rows on each later frame. */
  | { type: 'flow'; id: number; rgb: Uint8Array; width: number; height: number; count: number; start: Float32Array };
export type PoseWorkerReply =
  | { type: 'ready'; backend: string; /** OpenCV, for the optical flow, is compiled in this thread. */ flow: boolean }
  | { type: 'result'; id: number; output: Float32Array; ms: number }
  | { type: 'error'; id?: number; message: string };

// The rows a worker answers per frame, whatever model produced them: MoveNet MultiPose's layout of
// POSE_ROW floats per person (17 × [y, x, score], box [ymin, xmin, ymax, xmax], box score; fractions of the
// padded input), each followed by an appearance histogram of APPEARANCE_BINS floats (pose-rows.ts).
export const POSE_ROW = 56;
/** MultiPose answers a fixed 6 rows. */
export const MULTIPOSE_ROWS = 6;
/** 4 levels per RGB channel. */
export const APPEARANCE_BINS = 64;
export const OUT_ROW = POSE_ROW + APPEARANCE_BINS;
