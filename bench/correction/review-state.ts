// The scripted reviewer's view of one clip: the tracks being corrected (an in-memory copy of the AI's boxes,
// in frame fractions like the server's rows), the ground truth of every analysed frame, and what the eval's
// own metrics say about them — the score, and which box sits on which labelled person.
import { hungarian } from '../../server/processing/hungarian';
import {
  evaluateSequence,
  iou,
  IOU_THRESHOLD,
  type Box,
  type EvalFrame,
  type GtPerson,
  type SequenceMetrics,
} from '../eval/metrics';

/** One box of a track at one frame, corners as fractions of the frame. */
export interface TrackBox {
  trackId: number;
  frame: number;
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  score: number;
}

export interface ReviewClip {
  name: string;
  width: number;
  height: number;
  fps: number;
  /** Seconds of video (for commands per minute). */
  duration: number;
  /** The analysed frames, ascending, with their ground truth in clip pixels. */
  frames: Array<{ frame: number; gt: GtPerson[] }>;
}

export const toPixels = (c: ReviewClip, b: Box): Box => ({
  x1: b.x1 * c.width,
  y1: b.y1 * c.height,
  x2: b.x2 * c.width,
  y2: b.y2 * c.height,
});
export const toFractions = (c: ReviewClip, b: Box): Box => ({
  x1: b.x1 / c.width,
  y1: b.y1 / c.height,
  x2: b.x2 / c.width,
  y2: b.y2 / c.height,
});

/** The boxes as the eval scores them: one EvalFrame per analysed frame. */
export function evalFrames(clip: ReviewClip, boxes: readonly TrackBox[]): EvalFrame[] {
  const byFrame = new Map<number, TrackBox[]>();
  for (const b of boxes) {
    let l = byFrame.get(b.frame);
    if (!l) byFrame.set(b.frame, (l = []));
    l.push(b);
  }
  return clip.frames.map(({ frame, gt }) => ({
    frame,
    gt,
    pred: (byFrame.get(frame) ?? []).map((b) => ({ trackId: b.trackId, score: b.score, box: toPixels(clip, b) })),
  }));
}

/** What a box is to the metrics: on a labelled person (their id), on a don't-care person, or false. */
export type BoxLabel = string | 'ignored' | 'false';

export interface ReviewAnalysis {
  metrics: SequenceMetrics;
  /** `${frame}:${trackId}` → label. */
  labelOf: Map<string, BoxLabel>;
  /** Labelled people in view but found by no box, per analysed frame. */
  missed: Map<number, GtPerson[]>;
  /** Each person's track in the IDF1 matching (the track a reviewer keeps for them). */
  trackOfPerson: Map<string, number>;
}

export const key = (frame: number, trackId: number) => `${frame}:${trackId}`;

/** Scores the boxes and reads, from the eval's own per-box outcome, which box sits on whom. */
export function analyse(clip: ReviewClip, boxes: readonly TrackBox[]): ReviewAnalysis {
  const frames = evalFrames(clip, boxes);
  const metrics = evaluateSequence(frames);
  const labelOf = new Map<string, BoxLabel>();
  const found = new Map<number, Set<string>>();
  for (const d of metrics.detections) {
    labelOf.set(key(d.frame, d.trackId), d.ignored ? 'ignored' : d.matched && d.gtId ? d.gtId : 'false');
    if (d.matched && d.gtId) {
      let s = found.get(d.frame);
      if (!s) found.set(d.frame, (s = new Set()));
      s.add(d.gtId);
    }
  }
  const missed = new Map<number, GtPerson[]>();
  const pairFrames = new Map<string, Map<number, number>>();
  for (const f of frames) {
    const care = f.gt.filter((g) => !g.dontCare);
    const lost = care.filter((g) => !found.get(f.frame)?.has(g.id));
    if (lost.length) missed.set(f.frame, lost);
    for (const g of care)
      for (const p of f.pred) {
        if (iou(g.box, p.box) < IOU_THRESHOLD) continue;
        let m = pairFrames.get(g.id);
        if (!m) pairFrames.set(g.id, (m = new Map()));
        m.set(p.trackId, (m.get(p.trackId) ?? 0) + 1);
      }
  }
  // the same one-to-one matching IDF1 uses: most frames overlapping
  const people = [...pairFrames.keys()];
  const tracks = [...new Set(boxes.map((b) => b.trackId))];
  const trackOfPerson = new Map<string, number>();
  if (people.length && tracks.length) {
    const cost = people.map((g) => tracks.map((t) => -(pairFrames.get(g)?.get(t) ?? 0)));
    hungarian(cost).forEach((j, i) => {
      if (j >= 0 && cost[i][j] < 0) trackOfPerson.set(people[i], tracks[j]);
    });
  }
  return { metrics, labelOf, missed, trackOfPerson };
}

/** A track's boxes by frame, ascending. */
export function trackBoxes(boxes: readonly TrackBox[], trackId: number): TrackBox[] {
  return boxes.filter((b) => b.trackId === trackId).sort((a, b) => a.frame - b.frame);
}

/** Maximal runs of a track's consecutive boxes that carry the same label. */
export function labelRuns(
  boxes: readonly TrackBox[],
  trackId: number,
  a: ReviewAnalysis,
): Array<{ label: BoxLabel; from: number; to: number; boxes: TrackBox[] }> {
  const runs: Array<{ label: BoxLabel; from: number; to: number; boxes: TrackBox[] }> = [];
  for (const b of trackBoxes(boxes, trackId)) {
    const label = a.labelOf.get(key(b.frame, trackId)) ?? 'false';
    const last = runs[runs.length - 1];
    if (last && last.label === label) {
      last.to = b.frame;
      last.boxes.push(b);
    } else runs.push({ label, from: b.frame, to: b.frame, boxes: [b] });
  }
  return runs;
}
