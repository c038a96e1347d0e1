// Runs the analysis pipeline on one labelled fixture clip and scores it against the clip's ground truth.
import type { MediaService } from '../../server/media/media-service';
import { analyseFrames, type AnalysisOptions, type AnalysisResult } from '../../server/processing/pipeline';
import { trackFramePeople } from '../../server/processing/track-people';
import { peopleCacheFile, readPeople, writePeople } from './people-cache';
import type { PosePool } from '../../server/processing/pose-pool';
import { dropStillNonPeople, type KeptAnalysis } from '../../server/processing/static-track';
import { detectionAt, type TrackFrames } from '../../domain/overlay/detection';
import type { BuiltClip } from './fixtures';
import { evaluateSequence, type EvalFrame, type SequenceMetrics } from './metrics';
import { boxesOnNonPeople } from './action-scores';
import { exportMot, scoreMotFile } from './mot-export';
import path from 'node:path';

/** Pipeline settings the eval passes through; pose_model is passed even where the pipeline ignores it. */
export interface EvalSettings {
  pipeline_frame_stride: number;
  yolo_imgsz: number;
  tracker_name: 'auto' | 'botsort' | 'bytetrack';
  pose_model?: string;
}

/** The kinds of clip the eval prints a mean for, in the order it prints them. */
export const CLIP_KINDS = ['real', 'real, scaled down', 'synthetic'] as const;
export type ClipKind = (typeof CLIP_KINDS)[number];

export interface ClipResult {
  name: string;
  /**
   * Which mean the clip counts in: real footage as filmed (bench/eval/real-clips.ts), real footage laid out
   * scaled down (bench/eval/real-mosaic.ts), or a clip made from photos.
   */
  kind: ClipKind;
  /** The overlap a box needed to count as finding a person. */
  iou: number;
  frames: number;
  duration: number;
  wallSeconds: number;
  realTime: number;
  metrics: SequenceMetrics;
  analysis: KeptAnalysis;
  /** The analysed frames with their ground truth and predictions, as scored. */
  scored: EvalFrame[];
  /** The app's MOT export of the analysis, scored as py-motmetrics scores a result file (mot-export.ts). */
  mot: SequenceMetrics;
  /** On clips with labelled non-people: the boxes put on them and their tracks (all counted in precision). */
  nonPeople?: { boxes: number; tracks: number[] };
}

/**
 * Turns the pipeline's detections (frame fractions) into per-frame predictions in clip pixels, on every
 * frame of the clip: a frame the analysis skipped (stride > 1) is scored on what the editor shows there,
 * the blend of the analysed neighbours (domain/overlay/detection.ts, interpolation on).
 */
export function framesToScore(clip: BuiltClip, analysis: AnalysisResult): EvalFrame[] {
  const { width: W, height: H } = clip.output;
  const stride = analysis.stats.stride;
  const tracks = new Map<number, TrackFrames>();
  for (const d of analysis.detections) {
    let t = tracks.get(d.trackId);
    if (!t) tracks.set(d.trackId, (t = {}));
    t[d.frame] = {
      x1: d.x1,
      y1: d.y1,
      x2: d.x2,
      y2: d.y2,
      confidence: d.confidence,
      keypoints: d.keypoints ? Float32Array.from(d.keypoints) : null,
      source: 'ai',
    };
  }
  const frames: EvalFrame[] = [];
  const end = Math.min(clip.frames, analysis.stats.framesAnalysed * stride);
  for (let n = 0; n < end; n++) {
    const pred: EvalFrame['pred'] = [];
    for (const [trackId, t] of tracks) {
      const d = detectionAt(t, n, { stride, interpolate: true });
      if (!d) continue;
      const kp: Array<[number, number, number]> = [];
      // a box with no joints (someone hidden, hidden-gaps.ts) scores its joints as not found
      const k3 = d.keypoints ?? new Float32Array(51);
      for (let k = 0; k < 17; k++) kp.push([k3[k * 3] * W, k3[k * 3 + 1] * H, k3[k * 3 + 2]]);
      pred.push({
        trackId,
        score: d.confidence,
        box: { x1: d.x1 * W, y1: d.y1 * H, x2: d.x2 * W, y2: d.y2 * H },
        keypoints: kp,
      });
    }
    frames.push({ frame: n, gt: clip.groundTruth(n), pred });
  }
  return frames;
}

export async function evaluateClip(
  clip: BuiltClip,
  media: MediaService,
  pool: PosePool,
  settings: EvalSettings,
  extra: Pick<AnalysisOptions, 'cropTracking' | 'passesPerSecond'> = {},
  /** Read the models' answer from the cache when there (people-cache.ts), and write it when not. */
  reusePeople = false,
): Promise<ClipResult> {
  const info = await media.probe(clip.file);
  const t0 = performance.now();
  const video = { path: clip.file, ...info };
  const cache = reusePeople
    ? peopleCacheFile(clip.recipe.name, [clip.recipe, path.basename(clip.file), settings, extra])
    : null;
  let found = cache ? readPeople(cache) : null;
  if (!found) {
    found = await analyseFrames(video, {
      ffmpegPath: media.ffmpegPath,
      pool,
      settings: settings as AnalysisOptions['settings'],
      ...extra,
    });
    if (cache) writePeople(cache, found);
  }
  // the rules the processing job applies after the pipeline (server/jobs/kinds/processing/video-processor.ts) apply here too
  const analysis = dropStillNonPeople(
    trackFramePeople(video, found, { trackerName: settings.tracker_name }),
    info.width,
    info.height,
  );
  const wallSeconds = (performance.now() - t0) / 1000;
  const scored = framesToScore(clip, analysis);
  const metrics = evaluateSequence(scored, clip.iou);
  const motFile = exportMot(analysis, {
    filename: path.basename(clip.file),
    width: info.width,
    height: info.height,
    frames: clip.frames,
    fps: clip.output.fps,
  });
  const mot = scoreMotFile(motFile, clip.frames, clip.groundTruth, clip.iou);
  const objects = clip.objects;
  const nonPeople = objects
    ? boxesOnNonPeople(scored.map((f) => ({ pred: f.pred, gt: f.gt, objects: objects(f.frame) })))
    : undefined;
  return {
    name: clip.recipe.name,
    kind: clip.recipe.kind !== 'real' ? 'synthetic' : clip.recipe.format === 'mosaic' ? 'real, scaled down' : 'real',
    iou: clip.iou,
    frames: analysis.stats.framesAnalysed,
    duration: info.duration,
    wallSeconds,
    realTime: info.duration / wallSeconds,
    metrics,
    mot,
    analysis,
    scored,
    ...(nonPeople ? { nonPeople } : {}),
  };
}
