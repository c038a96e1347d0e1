// Where the open review issues stand on the picture at a frame (pure): an issue shows on every frame of its
// range, at its region, else on its track's box at that frame (the editor's one "box of a track at a frame"
// rule, shownAt), else as a marker in the picture's corner. In screen pixels of the player box.
import type { ReviewIssue } from '../../api/review-issues';
import type { EditorDoc } from '../document/types';
import type { AnnotateUiState } from '../document/ui-state';
import { shownAt } from '../document/interpolate';
import type { Point } from '../canvas/viewport-math';
import { CORNER_HIT_PX, TOUCH_HIT_FACTOR } from '../canvas/hit-test';

/** The marker under a box starts below a finger's reach of the box's corner handles: over a handle it would
 *  take the press that resizes the box the issue is about. */
const MARKER_GAP_PX = Math.ceil(CORNER_HIT_PX * TOUCH_HIT_FACTOR) + 2;
/** A marker's height on screen (one line of text). */
const MARKER_H_PX = 16;

export interface IssuePin {
  id: number;
  issue: ReviewIssue;
  /** The region or the track's box, on screen; null: a corner marker. */
  rect: { left: number; top: number; width: number; height: number } | null;
  /** Where the marker sits: under the rectangle (clear of its corner handles), or in a corner slot. */
  at: Point;
  onTrack: boolean;
}

export const inRange = (i: Pick<ReviewIssue, 'frame' | 'to_frame'>, frame: number) =>
  frame >= i.frame && frame <= (i.to_frame ?? i.frame);

export function issuePinsAt(
  issues: readonly ReviewIssue[],
  doc: EditorDoc | null,
  ui: AnnotateUiState,
  toScreen: (p: Point) => Point,
  video: { width: number; height: number },
): IssuePin[] {
  const here = issues.filter((i) => i.state === 'open' && inRange(i, ui.frame));
  if (!here.length) return [];
  const shown = doc ? shownAt(doc, ui, ui.frame) : () => null;
  const corner = toScreen({ x: 0, y: 0 });
  const pictureBottom = toScreen({ x: 0, y: video.height }).y;
  let slot = 0;
  return here.map((issue) => {
    let box = issue.box;
    let onTrack = false;
    if (!box && issue.track_exists && issue.track_id !== null) {
      const d = shown(issue.track_id);
      if (d) {
        box = { x1: d.x1, y1: d.y1, x2: d.x2, y2: d.y2 };
        onTrack = true;
      }
    }
    if (!box)
      return { id: issue.id, issue, rect: null, at: { x: corner.x + 4, y: corner.y + 4 + 22 * slot++ }, onTrack };
    const a = toScreen({ x: box.x1 * video.width, y: box.y1 * video.height });
    const b = toScreen({ x: box.x2 * video.width, y: box.y2 * video.height });
    return {
      id: issue.id,
      issue,
      rect: { left: a.x, top: a.y, width: b.x - a.x, height: b.y - a.y },
      // below the box; a box at the picture's bottom edge keeps it inside, above its lower handles
      at:
        b.y + MARKER_GAP_PX + MARKER_H_PX <= pictureBottom
          ? { x: a.x, y: b.y + MARKER_GAP_PX }
          : { x: a.x + MARKER_GAP_PX, y: b.y - MARKER_GAP_PX - MARKER_H_PX },
      onTrack,
    };
  });
}
