// On reprocess the AI tracks are replaced and numbered anew, but what a reviewer kept (human-verified
// segments, human-edited detections) was about a person, not a number: each kept row moves to the new
// track that best covers its old track's boxes, or stays on its old track when no new track matches.
import type { Tx } from '../../../db/connect';
import {
  moveHumanDetections,
  moveSegmentToTrack,
  selectHumanDetectionFrames,
  selectTrackBoxes,
  selectVerifiedSegments,
  type KeptSegmentRow,
} from '../../../repositories/relink';
import {
  bestMatchingTrack,
  boxesByTrack,
  MIN_RELINK_IOU,
  type FramedBox,
  type TrackMatch,
} from '../../../processing/track-match';

export interface KeptRows {
  segments: KeptSegmentRow[];
  /** Frames of the human-edited detections, per track. */
  humanFrames: Map<number, number[]>;
  /** Every box (AI and human) the kept rows' tracks had before the reprocess. */
  oldBoxes: Map<number, FramedBox[]>;
}

/** Reads what the reprocess keeps and the old boxes of its tracks; call it before the AI rows are deleted. */
export async function readKeptRows(tx: Tx, videoId: number): Promise<KeptRows> {
  const segments = await selectVerifiedSegments(tx, videoId);
  const human = await selectHumanDetectionFrames(tx, videoId);
  const humanFrames = new Map<number, number[]>();
  for (const h of human) {
    const list = humanFrames.get(h.trackId);
    if (list) list.push(h.frame);
    else humanFrames.set(h.trackId, [h.frame]);
  }
  const tracks = [...new Set([...segments.map((s) => s.trackId), ...humanFrames.keys()])];
  const old = await selectTrackBoxes(tx, videoId, tracks);
  return { segments, humanFrames, oldBoxes: boxesByTrack(old) };
}

const fmt = (m: TrackMatch | null) => (m ? m.iou.toFixed(2) : 'n/a');
const noMatch = (m: TrackMatch | null) =>
  m ? `no new track matches (best IoU ${fmt(m)} < ${MIN_RELINK_IOU})` : 'no box of it to compare';

/**
 * Moves kept rows onto the new tracks (call it after the old AI rows are deleted and before the new ones
 * are inserted, so a human box wins over the AI box of the same frame). `maxGap` is how many frames apart
 * an old and a new box may be and still be compared. Returns one processing-log line per kept row group.
 */
export async function relinkKeptRows(
  tx: Tx,
  videoId: number,
  kept: KeptRows,
  newTracks: Map<number, FramedBox[]>,
  fps: number,
  maxGap: number,
): Promise<string[]> {
  const lines: string[] = [];
  for (const s of kept.segments) {
    const m = bestMatchingTrack(
      kept.oldBoxes.get(s.trackId) ?? [],
      newTracks,
      Math.floor(s.startTime * fps),
      Math.ceil(s.endTime * fps),
      maxGap,
    );
    const what = `segment ${s.id} (${s.actionClass}, ${s.startTime.toFixed(2)}–${s.endTime.toFixed(2)} s)`;
    if (m && m.iou >= MIN_RELINK_IOU) {
      await moveSegmentToTrack(tx, s.id, m.trackId);
      lines.push(`${what} re-linked from track ${s.trackId} to track ${m.trackId}, IoU ${fmt(m)}`);
    } else lines.push(`${what} stays on track ${s.trackId}: ${noMatch(m)}`);
  }
  // Human boxes are compared over their frames plus a second either side: a box drawn by hand can differ
  // from what a detector gives, the AI boxes around it show where the person was.
  const matches = [...kept.humanFrames]
    .map(([trackId, frames]) => ({
      trackId,
      n: frames.length,
      m: bestMatchingTrack(
        kept.oldBoxes.get(trackId) ?? [],
        newTracks,
        frames.reduce((a, b) => Math.min(a, b)) - Math.round(fps),
        frames.reduce((a, b) => Math.max(a, b)) + Math.round(fps),
        maxGap,
      ),
    }))
    .sort((a, b) => (b.m?.iou ?? 0) - (a.m?.iou ?? 0));
  // Two old tracks never share a new one: their human boxes could sit on the same frame.
  const taken = new Set<number>();
  for (const { trackId, n, m } of matches) {
    const what = `${n} human-edited detection(s)`;
    if (m && m.iou >= MIN_RELINK_IOU && !taken.has(m.trackId)) {
      taken.add(m.trackId);
      await moveHumanDetections(tx, videoId, trackId, m.trackId);
      lines.push(`${what} re-linked from track ${trackId} to track ${m.trackId}, IoU ${fmt(m)}`);
    } else {
      const why =
        m && m.iou >= MIN_RELINK_IOU
          ? `its best match, track ${m.trackId}, already took another track's boxes`
          : noMatch(m);
      lines.push(`${what} stay on track ${trackId}: ${why}`);
    }
  }
  return lines;
}
