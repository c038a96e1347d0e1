// Which new track is the same person as an old one: compared box by box over a span of frames, by IoU.
import { iou, type Box } from './kalman';

export interface FramedBox extends Box {
  frame: number;
}

/**
 * Below this mean IoU an old and a new track are taken to be different people. 0.5 is the usual
 * "same object" bar for boxes; a person followed by two runs of the tracker at different strides
 * scores well above it (the boxes differ by a few frames of motion), a neighbour well below.
 */
export const MIN_RELINK_IOU = 0.5;

export interface TrackMatch {
  trackId: number;
  iou: number;
}

/** The box at the frame nearest to `frame`, at most `maxGap` frames away (either side), or null. */
function nearest(byFrame: Map<number, FramedBox>, frame: number, maxGap: number): FramedBox | null {
  for (let d = 0; d <= maxGap; d++) {
    const b = byFrame.get(frame - d) ?? byFrame.get(frame + d);
    if (b) return b;
  }
  return null;
}

/**
 * Scores every candidate against the old track's boxes in frames [from, to]: each old box is compared with
 * the candidate's box at the nearest frame (the two runs may have analysed different frames); an old box
 * with no candidate box within `maxGap` frames counts as IoU 0. Returns the best candidate by mean IoU
 * (null when the old track has no box in the span or there are no candidates), whether or not it
 * reaches MIN_RELINK_IOU: the caller decides and can report the best score either way.
 */
export function bestMatchingTrack(
  old: FramedBox[],
  candidates: Map<number, FramedBox[]>,
  from: number,
  to: number,
  maxGap: number,
): TrackMatch | null {
  const span = old.filter((b) => b.frame >= from && b.frame <= to);
  if (!span.length) return null;
  let best: TrackMatch | null = null;
  for (const [trackId, boxes] of candidates) {
    const byFrame = new Map(
      boxes.filter((b) => b.frame >= from - maxGap && b.frame <= to + maxGap).map((b) => [b.frame, b]),
    );
    if (!byFrame.size) continue;
    let sum = 0;
    for (const o of span) {
      const n = nearest(byFrame, o.frame, maxGap);
      if (n) sum += iou(o, n);
    }
    const score = sum / span.length;
    if (!best || score > best.iou) best = { trackId, iou: score };
  }
  return best;
}

/** Groups boxes by track id. */
export function boxesByTrack<T extends FramedBox & { trackId: number }>(rows: T[]): Map<number, FramedBox[]> {
  const m = new Map<number, FramedBox[]>();
  for (const r of rows) {
    let list = m.get(r.trackId);
    if (!list) m.set(r.trackId, (list = []));
    list.push({ frame: r.frame, x1: r.x1, y1: r.y1, x2: r.x2, y2: r.y2 });
  }
  return m;
}
