// One video through the whole analysis: ffmpeg frames → MoveNet MultiPose (worker pool) → tracker →
// action proposals. Pure of the database: the job (job.ts) stores what this returns.
import type { RenderSettings } from '../../../domain/constants';
import { proposeSegments, type SegmentProposal } from './segment-proposals';
import { analysisGeometry, analysisLongSide, decodeFrames } from './frames';
import { decodeMoveNet, type PersonPose, type PosePool } from './pose-pool';
import { trackAll, type TrackerName } from './tracker';

export interface VideoToAnalyse { path: string; width: number; height: number; fps: number; duration: number; totalFrames: number }

export interface AnalysedDetection {
  trackId: number; frame: number; x1: number; y1: number; x2: number; y2: number; confidence: number;
  /** 17 × [x, y, score] flattened, fractions of the frame size. */
  keypoints: number[];
}

export interface AnalysisResult {
  detections: AnalysedDetection[];
  segments: Array<SegmentProposal & { trackId: number }>;
  stats: {
    framesAnalysed: number; stride: number; inputW: number; inputH: number; longSide: number; tracker: 'bytetrack' | 'botsort';
    peopleFound: number; maxPeopleInFrame: number; tracks: number; decodeInferMs: number; trackMs: number; actionsMs: number;
  };
}

export interface AnalysisOptions {
  ffmpegPath: string;
  pool: PosePool;
  settings: Pick<RenderSettings, 'pipeline_frame_stride' | 'yolo_imgsz' | 'tracker_name'>;
  signal?: AbortSignal;
  /** Called every analysed frame; cheap. */
  onProgress?: (framesAnalysed: number, framesExpected: number) => void;
  /** Called when the analysis moves past decoding + pose. */
  onStage?: (stage: 'tracking' | 'proposing actions') => void;
}

/** People with a box score below this are not handed to the tracker at all. */
const MIN_PERSON_SCORE = 0.15;

export async function analyseVideo(video: VideoToAnalyse, o: AnalysisOptions): Promise<AnalysisResult> {
  const stride = Math.max(1, Math.floor(o.settings.pipeline_frame_stride || 1));
  const longSide = analysisLongSide(o.settings.yolo_imgsz);
  const g = analysisGeometry(video.width, video.height, longSide);
  const expected = Math.max(1, Math.ceil((video.totalFrames || Math.round(video.duration * video.fps)) / stride));
  const t0 = performance.now();

  // decode and infer concurrently; keep a bounded number of frames in flight so memory stays flat
  const frames: number[] = [];
  const people: PersonPose[][] = [];
  const inFlight = new Set<Promise<void>>();
  const maxInFlight = o.pool.threads * 2;
  let done = 0;
  let failure: Error | null = null;
  for await (const f of decodeFrames(o.ffmpegPath, video.path, g, stride, o.signal)) {
    if (failure) break;
    const slot = frames.length;
    frames.push(f.frame);
    const p: Promise<void> = o.pool.infer(f.rgb, g.inputW, g.inputH).then((out) => {
      people[slot] = decodeMoveNet(out, g, MIN_PERSON_SCORE);
      o.onProgress?.(++done, expected);
    }, (e: Error) => { failure ??= e; }).finally(() => inFlight.delete(p));
    inFlight.add(p);
    if (inFlight.size >= maxInFlight) await Promise.race(inFlight);
    if (o.signal?.aborted) throw new Error('stopped');
  }
  await Promise.all(inFlight);
  if (failure) throw failure;
  if (o.signal?.aborted) throw new Error('stopped');
  if (!frames.length) throw new Error('ffmpeg decoded no frames from the video');
  const decodeInferMs = performance.now() - t0;

  // the tracker works in video pixels so its noise model sees square pixels
  o.onStage?.('tracking');
  const t1 = performance.now();
  const trackerName = (o.settings.tracker_name || 'auto') as TrackerName;
  const ids = trackAll(trackerName, people.map((ps) => ps.map((p) => ({
    box: { x1: p.box.x1 * video.width, y1: p.box.y1 * video.height, x2: p.box.x2 * video.width, y2: p.box.y2 * video.height },
    score: p.score,
  }))), { stepsPerSecond: video.fps / stride });
  const detections: AnalysedDetection[] = [];
  const perTrack = new Map<number, Array<{ t: number; keypoints: Array<[number, number, number]> }>>();
  people.forEach((ps, slot) => ps.forEach((p, i) => {
    const trackId = ids[slot][i];
    if (trackId == null) return;
    detections.push({ trackId, frame: frames[slot], ...p.box, confidence: p.score, keypoints: p.keypoints.flat() });
    let list = perTrack.get(trackId);
    if (!list) perTrack.set(trackId, (list = []));
    list.push({ t: frames[slot] / video.fps, keypoints: p.keypoints.map(([x, y, s]) => [x * video.width, y * video.height, s]) });
  }));
  const trackMs = performance.now() - t1;

  o.onStage?.('proposing actions');
  const t2 = performance.now();
  const segments: AnalysisResult['segments'] = [];
  for (const [trackId, samples] of perTrack) {
    for (const a of proposeSegments(samples, video.duration, stride / video.fps)) segments.push({ ...a, trackId });
  }
  return {
    detections,
    segments,
    stats: {
      framesAnalysed: frames.length, stride, inputW: g.inputW, inputH: g.inputH, longSide,
      tracker: trackerName === 'botsort' ? 'botsort' : 'bytetrack',
      peopleFound: people.reduce((a, ps) => a + ps.length, 0),
      maxPeopleInFrame: people.reduce((a, ps) => Math.max(a, ps.length), 0),
      tracks: perTrack.size, decodeInferMs, trackMs, actionsMs: performance.now() - t2,
    },
  };
}
