// Detection, tracking and keypoint metrics of predicted person tracks against per-frame ground truth.
// Per-frame matching and MOTA follow the CLEAR MOT rules used by MOTChallenge (a ground-truth person
// keeps last frame's track while the pair still overlaps, the rest by Hungarian assignment on IoU ≥ 0.5);
// IDF1 uses the global one-to-one matching of ground-truth ids to track ids (Ristani et al. 2016).
// "Don't care" people (less than half in view) are neither misses nor false positives.
import { hungarian } from '../../server/processing/hungarian';
import { oks, pckCounts, pckhCounts, type GtKeypoint } from './keypoint-scores';

export type { GtKeypoint };

export interface Box {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}
export interface GtPerson {
  id: string;
  box: Box;
  keypoints?: GtKeypoint[];
  /** MPII head size (0.6 × the head rectangle's diagonal), where a head rectangle is labelled: PCKh. */
  headSize?: number;
  dontCare?: boolean;
}
export interface PredPerson {
  trackId: number;
  box: Box;
  score: number;
  keypoints?: Array<[number, number, number]>;
}
export interface EvalFrame {
  frame: number;
  gt: GtPerson[];
  pred: PredPerson[];
}

export const IOU_THRESHOLD = 0.5;

export function iou(a: Box, b: Box): number {
  const w = Math.min(a.x2, b.x2) - Math.max(a.x1, b.x1),
    h = Math.min(a.y2, b.y2) - Math.max(a.y1, b.y1);
  if (w <= 0 || h <= 0) return 0;
  const inter = w * h;
  return inter / ((a.x2 - a.x1) * (a.y2 - a.y1) + (b.x2 - b.x1) * (b.y2 - b.y1) - inter);
}

/** Pairs (gtIndex, predIndex) maximising total IoU among pairs with IoU ≥ threshold. */
export function matchBoxes(gt: Box[], pred: Box[], threshold = IOU_THRESHOLD): Array<[number, number]> {
  if (!gt.length || !pred.length) return [];
  const NO = 1e6; // finite "forbidden" cost: the Hungarian code needs finite costs
  const cost = gt.map((g) =>
    pred.map((p) => {
      const v = iou(g, p);
      return v >= threshold ? 1 - v : NO;
    }),
  );
  const rows = hungarian(cost);
  const pairs: Array<[number, number]> = [];
  rows.forEach((j, i) => {
    if (j >= 0 && cost[i][j] < NO) pairs.push([i, j]);
  });
  return pairs;
}

/** One prediction's outcome, for calibrating confidences against ground truth. */
export interface ScoredDetection {
  frame: number;
  trackId: number;
  score: number;
  matched: boolean;
  ignored: boolean;
  iou: number;
  gtId: string | null;
  /** The model's 17 keypoint scores, COCO order. */
  keypointScores?: number[];
}

export interface SequenceMetrics {
  frames: number;
  gtCount: number;
  predCount: number;
  tp: number;
  fp: number;
  fn: number;
  idSwitches: number;
  recall: number;
  precision: number;
  mota: number;
  idf1: number;
  idtp: number;
  /** GT people that are in view (not don't-care) in at least one frame. */
  people: number;
  /** Distinct predicted track ids (ignored ones not counted). */
  tracks: number;
  /** Σ over people of the number of distinct track ids matched to them; ideal = people. */
  fragments: number;
  /** Mean OKS over matched pairs with labelled keypoints; null when there are none. */
  oks: number | null;
  pck: number | null;
  /** PCKh@0.5 over matched pairs of people with a head size; null when none has one. */
  pckh: number | null;
  meanScoreMatched: number | null;
  meanScoreUnmatched: number | null;
  detections: ScoredDetection[];
}

const mean = (v: number[]) => (v.length ? v.reduce((a, b) => a + b, 0) / v.length : null);

/**
 * Scores the frames. `iouThreshold` is the overlap a box needs to count as finding a person (0.5 unless a
 * clip's boxes are derived rather than drawn, see bench/eval/real-clips.ts).
 */
export function evaluateSequence(frames: EvalFrame[], iouThreshold = IOU_THRESHOLD): SequenceMetrics {
  let gtCount = 0,
    predCount = 0,
    tp = 0,
    fp = 0,
    fn = 0,
    idSwitches = 0;
  const lastTrackOf = new Map<string, number>(); // CLEAR MOT: the last track each person was matched to
  const matchedTracksOf = new Map<string, Set<number>>();
  const people = new Set<string>(),
    tracks = new Set<number>();
  const gtFrames = new Map<string, number>(),
    predFrames = new Map<number, number>();
  const pairFrames = new Map<string, Map<number, number>>(); // IDF1 co-occurrence at IoU ≥ threshold
  const oksValues: number[] = [];
  let pckHit = 0,
    pckN = 0,
    pckhHit = 0,
    pckhN = 0;
  const detections: ScoredDetection[] = [];

  for (const f of frames) {
    const care = f.gt.filter((g) => !g.dontCare),
      dontCare = f.gt.filter((g) => g.dontCare);
    // 1. keep last frame's correspondences that still overlap
    const pairs: Array<[number, number]> = [];
    const usedG = new Set<number>(),
      usedP = new Set<number>();
    care.forEach((g, gi) => {
      const t = lastTrackOf.get(g.id);
      if (t == null) return;
      const pi = f.pred.findIndex((p, j) => !usedP.has(j) && p.trackId === t && iou(g.box, p.box) >= iouThreshold);
      if (pi >= 0) {
        pairs.push([gi, pi]);
        usedG.add(gi);
        usedP.add(pi);
      }
    });
    // 2. the rest by maximum-IoU assignment
    const restG = care.map((_, i) => i).filter((i) => !usedG.has(i));
    const restP = f.pred.map((_, i) => i).filter((i) => !usedP.has(i));
    for (const [a, b] of matchBoxes(
      restG.map((i) => care[i].box),
      restP.map((i) => f.pred[i].box),
      iouThreshold,
    )) {
      pairs.push([restG[a], restP[b]]);
      usedP.add(restP[b]);
    }
    // 3. leftover predictions on a don't-care person are ignored
    const leftP = f.pred.map((_, i) => i).filter((i) => !usedP.has(i));
    const ignored = new Map<number, number>();
    for (const [a, b] of matchBoxes(
      dontCare.map((g) => g.box),
      leftP.map((i) => f.pred[i].box),
      iouThreshold,
    )) {
      ignored.set(leftP[b], iou(dontCare[a].box, f.pred[leftP[b]].box));
    }

    const matchOfPred = new Map(pairs.map(([gi, pi]) => [pi, gi]));
    for (const [gi, pi] of pairs) {
      const g = care[gi],
        p = f.pred[pi];
      const prev = lastTrackOf.get(g.id);
      if (prev != null && prev !== p.trackId) idSwitches++;
      lastTrackOf.set(g.id, p.trackId);
      let set = matchedTracksOf.get(g.id);
      if (!set) matchedTracksOf.set(g.id, (set = new Set()));
      set.add(p.trackId);
      if (g.keypoints && p.keypoints) {
        const o = oks(g.keypoints, p.keypoints, g.box);
        if (o != null) oksValues.push(o);
        const c = pckCounts(g.keypoints, p.keypoints);
        if (c) {
          pckHit += c[0];
          pckN += c[1];
        }
        if (g.headSize) {
          const h = pckhCounts(g.keypoints, p.keypoints, g.headSize);
          pckhHit += h[0];
          pckhN += h[1];
        }
      }
    }
    tp += pairs.length;
    fn += care.length - pairs.length;
    const counted = f.pred.filter((_, i) => !ignored.has(i));
    fp += counted.length - pairs.length;
    gtCount += care.length;
    predCount += counted.length;

    f.pred.forEach((p, i) => {
      const gi = matchOfPred.get(i);
      const bestIou = Math.max(0, ...f.gt.map((g) => iou(g.box, p.box)));
      detections.push({
        frame: f.frame,
        trackId: p.trackId,
        score: p.score,
        matched: gi != null,
        ignored: ignored.has(i),
        iou: gi != null ? iou(care[gi].box, p.box) : (ignored.get(i) ?? bestIou),
        gtId: gi != null ? care[gi].id : null,
        ...(p.keypoints ? { keypointScores: p.keypoints.map((k) => +k[2].toFixed(4)) } : {}),
      });
      if (ignored.has(i)) return;
      tracks.add(p.trackId);
      predFrames.set(p.trackId, (predFrames.get(p.trackId) ?? 0) + 1);
    });
    for (const g of care) {
      people.add(g.id);
      gtFrames.set(g.id, (gtFrames.get(g.id) ?? 0) + 1);
      for (const p of counted) {
        if (iou(g.box, p.box) < iouThreshold) continue;
        let m = pairFrames.get(g.id);
        if (!m) pairFrames.set(g.id, (m = new Map()));
        m.set(p.trackId, (m.get(p.trackId) ?? 0) + 1);
      }
    }
  }

  // IDF1: the one-to-one ids matching that maximises frames on which the pair overlaps
  const gIds = [...gtFrames.keys()],
    pIds = [...predFrames.keys()];
  let idtp = 0;
  if (gIds.length && pIds.length) {
    const cost = gIds.map((g) => pIds.map((p) => -(pairFrames.get(g)?.get(p) ?? 0)));
    hungarian(cost).forEach((j, i) => {
      if (j >= 0) idtp += -cost[i][j];
    });
  }
  const scores = (m: boolean) => detections.filter((d) => !d.ignored && d.matched === m).map((d) => d.score);
  return {
    frames: frames.length,
    gtCount,
    predCount,
    tp,
    fp,
    fn,
    idSwitches,
    recall: gtCount ? tp / gtCount : 1,
    precision: predCount ? tp / predCount : 1,
    mota: gtCount ? 1 - (fn + fp + idSwitches) / gtCount : 1,
    idf1: gtCount + predCount ? (2 * idtp) / (gtCount + predCount) : 1,
    idtp,
    people: people.size,
    tracks: tracks.size,
    fragments: [...matchedTracksOf.values()].reduce((a, s) => a + s.size, 0),
    oks: mean(oksValues),
    pck: pckN ? pckHit / pckN : null,
    pckh: pckhN ? pckhHit / pckhN : null,
    meanScoreMatched: mean(scores(true)),
    meanScoreUnmatched: mean(scores(false)),
    detections,
  };
}
