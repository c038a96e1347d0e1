// Where the open review issues stand on the picture at a frame (pure): an issue shows on every frame of its
// range, at its region, else on its track's box at that frame (the editor's one "box of a track at a frame"
// rule, shownAt), else as a marker in the picture's corner. In screen pixels of the player box.
import type { ReviewIssue } from '../../api/review-issues';
import type { EditorDoc } from '../document/types';
import type { AnnotateUiState } from '../document/ui-state';
import { shownAt } from '../document/interpolate';
import type { Point } from '../canvas/viewport-math';

export interface IssuePin {
  id: number;
  issue: ReviewIssue;
  /** The region or the track's box, on screen; null: a corner marker. */
  rect: { left: number; top: number; width: number; height: number } | null;
  /** The rectangle's top-left, or the corner slot where a marker without a rectangle sits. */
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
      at: a,
      onTrack,
    };
  });
}
