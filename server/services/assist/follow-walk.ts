// The walk of "Follow this person": decode the frames in order from the start box (forward: one ffmpeg run;
// backward: windows of BACKWARD_WINDOW frames before the start, each decoded forward and walked in reverse,
// so memory holds one window), and take the engine's step on each. It stops, before that frame, where the
// followed box runs into another person's box (domain/ops/follow-rules.ts). Pure of the database.
import type { DetectionRow } from '../../repositories/detections';
import {
  cropAroundBox,
  followStep,
  isLost,
  poseOnCrop,
  type Keypoint,
  type PersonAt,
} from '../../processing/crop-follow';
import type { PosePool } from '../../processing/pose-pool';
import { decodeFramesFrom, type RgbFrame, type SeekVideo } from './frame-seek';
import type { FollowedFrame } from './follow-write';
import { toFractions, toPixels } from './pose-assist';
import { ranInto, type FracBox } from '../../../domain/ops/follow-rules';

/** Frames decoded at a time when walking backward (a 720p frame is 2.8 MB of RGB). */
export const BACKWARD_WINDOW = 24;

export interface FollowPlan {
  video: SeekVideo & { totalFrames: number };
  from: number;
  forward: boolean;
  /** The last frame the walk may reach (inclusive): before a keyframe, the video's end or max_frames. */
  last: number;
  /** The keyframe the walk stops before, when there is one in its direction. */
  keyframeAt: number | null;
  maxFrames: number;
  /** The track's box at `from`. */
  start: DetectionRow;
  /** The track version the request was checked against. */
  version: number;
  /** The other tracks' boxes drawn on a frame (the shared drawing rule over their stored boxes). */
  others: (frame: number) => Array<{ trackId: number; box: FracBox }>;
}

export type StopReason = 'lost' | 'keyframe' | 'max_frames' | 'end of video' | 'ran into another person';
export interface WalkResult {
  frames: FollowedFrame[];
  stopped: StopReason;
  /** Whose box it ran into, and on which frame (not followed). */
  into?: { trackId: number; frame: number };
}

/** The frames of the walk, `from` first, in walking order. */
async function* framesInOrder(ffmpegPath: string, p: FollowPlan, signal: AbortSignal): AsyncGenerator<RgbFrame> {
  if (p.forward) {
    yield* decodeFramesFrom(ffmpegPath, p.video, p.from, p.last - p.from + 1, signal);
    return;
  }
  for (let hi = p.from; hi >= p.last; hi -= BACKWARD_WINDOW) {
    const lo = Math.max(p.last, hi - BACKWARD_WINDOW + 1);
    const window: RgbFrame[] = [];
    for await (const f of decodeFramesFrom(ffmpegPath, p.video, lo, hi - lo + 1, signal)) window.push(f);
    while (window.length) yield window.pop()!;
  }
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

function startPerson(p: FollowPlan, f: RgbFrame): PersonAt {
  const box = toPixels(p.start, f);
  const k = p.start.keypoints;
  if (!k || k.length !== 51) return { box };
  const keypoints: Keypoint[] = Array.from({ length: 17 }, (_, i) => [
    k[i * 3] * f.width,
    k[i * 3 + 1] * f.height,
    Number.isFinite(k[i * 3 + 2]) ? k[i * 3 + 2] : 0,
  ]);
  return { box, keypoints };
}

export async function walkFrames(
  ffmpegPath: string,
  pose: PosePool,
  p: FollowPlan,
  o: { signal: AbortSignal; onFrame: (done: number, total: number, made: FollowedFrame) => void },
): Promise<WalkResult> {
  const total = Math.abs(p.last - p.from);
  const frames: FollowedFrame[] = [];
  let prev: PersonAt | null = null;
  let next = p.from;
  for await (const f of framesInOrder(ffmpegPath, p, o.signal)) {
    if (o.signal.aborted) break;
    if (f.frame !== next) throw new Error(`frame ${next} was expected from the decoder, ${f.frame} came`);
    next += p.forward ? 1 : -1;
    if (!prev) {
      prev = startPerson(p, f);
      // a start box without usable keypoints (drawn by hand): read them there first, so the first step can move the box
      if (!prev.keypoints || isLost({ keypoints: prev.keypoints, score: 1 })) {
        const seed = await poseOnCrop(pose, f.rgb, f.width, f.height, cropAroundBox(prev.box));
        if (!isLost(seed)) prev.keypoints = seed.keypoints;
      }
      continue;
    }
    const step = await followStep(pose, f.rgb, f.width, f.height, prev);
    if (!step) return { frames, stopped: 'lost' };
    const b = step.box;
    const box = {
      x1: clamp(b.x1 / f.width, 0, 1),
      y1: clamp(b.y1 / f.height, 0, 1),
      x2: clamp(b.x2 / f.width, 0, 1),
      y2: clamp(b.y2 / f.height, 0, 1),
    };
    if (!(box.x1 < box.x2 && box.y1 < box.y2)) return { frames, stopped: 'lost' }; // the box left the picture
    const into = ranInto(box, p.others(f.frame));
    if (into !== null) return { frames, stopped: 'ran into another person', into: { trackId: into, frame: f.frame } };
    const made: FollowedFrame = {
      frame: f.frame,
      box,
      keypoints: toFractions(step.keypoints, f).map(([x, y, s]) => [clamp(x, -1, 2), clamp(y, -1, 2), s]),
      score: step.score,
    };
    frames.push(made);
    prev = { box: step.box, keypoints: step.keypoints, step: step.step };
    o.onFrame(frames.length, total, made);
  }
  if (o.signal.aborted || frames.length < total) return { frames, stopped: 'end of video' }; // (an aborted walk is not written)
  if (p.keyframeAt !== null && p.last === p.keyframeAt + (p.forward ? -1 : 1)) return { frames, stopped: 'keyframe' };
  return { frames, stopped: total === p.maxFrames ? 'max_frames' : 'end of video' };
}
