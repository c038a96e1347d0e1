// The tracks a correction dialog offers (Merge, Swap, Move frames), nearest to the playhead first: those
// present at this frame, then by how far their first or last frame is. Each names the frame and box its
// thumbnail shows: the loaded box nearest to the playhead (none when no frame of the track is loaded).
import type { Box } from '../../../domain/ops/box-geometry';
import type { EditorDoc } from '../document/types';
import { framesOf } from '../document/frame-blocks';

export interface TrackChoice {
  trackId: number;
  /** Frames from the playhead to the track (0: present here). */
  distance: number;
  where: 'here' | 'before' | 'after';
  first: number;
  last: number;
  /** What its thumbnail shows: a box (fractions) at a frame. */
  thumb: { frame: number; box: Box } | null;
}

/** The loaded box of a track nearest to `frame` (an outside keyframe draws nothing, so it is skipped). */
function nearestBox(doc: EditorDoc, trackId: number, frame: number): TrackChoice['thumb'] {
  let best: TrackChoice['thumb'] = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const [f, d] of framesOf(doc.detections[trackId])) {
    if (d.source === 'outside') continue;
    const distance = Math.abs(f - frame);
    if (distance < bestDistance) {
      bestDistance = distance;
      best = { frame: f, box: { x1: d.x1, y1: d.y1, x2: d.x2, y2: d.y2 } };
    }
  }
  return best;
}

/** Every track but `except`, nearest to `frame` first (ties by id). */
export function tracksByNearness(doc: EditorDoc, frame: number, except: readonly number[] = []): TrackChoice[] {
  return doc.trackIds
    .filter((t) => !except.includes(t))
    .map((trackId): TrackChoice => {
      const r = doc.trackRanges[trackId] ?? { first: frame, last: frame };
      const where = frame < r.first ? 'after' : frame > r.last ? 'before' : 'here';
      const distance = where === 'after' ? r.first - frame : where === 'before' ? frame - r.last : 0;
      return { trackId, distance, where, first: r.first, last: r.last, thumb: nearestBox(doc, trackId, frame) };
    })
    .sort((a, b) => a.distance - b.distance || a.trackId - b.trackId);
}

/** How a choice is placed against the playhead, in a few words. */
export function whereText(c: TrackChoice): string {
  if (c.where === 'here') return 'here now';
  const n = `${c.distance} frame${c.distance === 1 ? '' : 's'}`;
  return c.where === 'before' ? `ended ${n} ago` : `starts in ${n}`;
}
