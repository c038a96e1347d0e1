// POST /annotations/{id}/assist/pose: the single-pose model on one box of one frame, for the editor's
// "Pose" button. The frame is decoded exactly (frame-seek.ts); the crop is the tracking engine's square
// around the box (crop-follow.ts), so the editor and crop tracking read a person the same way.
import type { Db } from '../../db/connect';
import { Unprocessable } from '../../domain-errors';
import { cropAroundBox, cropModelFor, poseOnCrop, type Keypoint, type PixelBox } from '../../processing/crop-follow';
import { requireVideoFile } from '../video-file';
import { requireLiveVideo } from '../videos';
import { checkFrame } from '../annotation-edits/track-versions';
import type { AssistPool } from './assist-pool';
import { decodeFrameAt, type RgbFrame, type SeekVideo } from './frame-seek';

export interface FractionBox {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}
export interface AssistAnswer {
  keypoints: Keypoint[];
  score: number;
  model: string;
}

/** The single-pose graphs by the engine's name, as the answer names them. */
export const MODEL_NAMES = {
  lightning: 'movenet-singlepose-lightning',
  thunder: 'movenet-singlepose-thunder',
} as const;

export const toPixels = (b: FractionBox, f: Pick<RgbFrame, 'width' | 'height'>): PixelBox => ({
  x1: b.x1 * f.width,
  y1: b.y1 * f.height,
  x2: b.x2 * f.width,
  y2: b.y2 * f.height,
});

/** Keypoints in frame pixels → fractions of the frame (rounded to 1e-5: well below a pixel). */
export const toFractions = (kps: Keypoint[], f: Pick<RgbFrame, 'width' | 'height'>): Keypoint[] =>
  kps.map(([x, y, s]) => [round(x / f.width), round(y / f.height), round(s)]);
const round = (v: number) => Math.round(v * 1e5) / 1e5;

/** What the seek needs of a stored video, its file checked to be in its source (404/422 otherwise). */
export async function seekVideoOf(db: Db, videoId: number): Promise<SeekVideo & { totalFrames: number }> {
  const v = await requireLiveVideo(db, videoId);
  if (!(v.width > 0 && v.height > 0))
    throw new Unprocessable(`Video ${videoId} has no known frame size; it cannot be read for poses`);
  const file = await requireVideoFile(v);
  return { file, fps: v.fps && v.fps > 0 ? v.fps : 30, width: v.width, height: v.height, totalFrames: v.totalFrames };
}

export async function assistPose(
  db: Db,
  pool: AssistPool,
  ffmpegPath: string,
  videoId: number,
  frame: number,
  box: FractionBox,
): Promise<AssistAnswer> {
  const v = await seekVideoOf(db, videoId);
  checkFrame(v, frame);
  return pool.assist(async (pose) => {
    const f = await decodeFrameAt(ffmpegPath, v, frame);
    if (!f) throw new Unprocessable(`Frame ${frame} could not be read from the video (it ends before it)`);
    const crop = cropAroundBox(toPixels(box, f));
    const model = cropModelFor(crop.side);
    const p = await poseOnCrop(pose, f.rgb, f.width, f.height, crop, model);
    return { keypoints: toFractions(p.keypoints, f), score: round(p.score), model: MODEL_NAMES[model] };
  });
}
