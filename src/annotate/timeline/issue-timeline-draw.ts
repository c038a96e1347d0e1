// The open review issues on the Track Timeline (pure drawing): each issue's frame range as a rose band on
// its track's row (or across the rows' top for an issue on no track), and a flag on the axis where it
// starts, so the work left is seen along the whole video.
import type { ReviewIssue } from '../../api/review-issues';
import { AXIS_H, ROW_H, viewHeightOf, xOfTime, type TimelineLayout } from './timeline-draw';

/** How many bands were drawn (the probes and tests read it). */
export function drawIssueMarks(
  ctx: CanvasRenderingContext2D,
  l: TimelineLayout,
  issues: readonly ReviewIssue[],
  fps: number,
  selectedId: number | null,
): number {
  const height = viewHeightOf(l);
  const scrollY = l.scrollY ?? 0;
  const row = new Map(l.trackIds.map((id, i) => [id, i]));
  let drawn = 0;
  for (const i of issues) {
    if (i.state !== 'open') continue;
    const x0 = xOfTime(l, i.frame / fps);
    const x1 = Math.max(x0 + 3, xOfTime(l, ((i.to_frame ?? i.frame) + 1) / fps));
    if (x1 < 0 || x0 > l.width) continue;
    const r = i.track_exists && i.track_id !== null ? row.get(i.track_id) : undefined;
    const top = r === undefined ? AXIS_H : AXIS_H + r * ROW_H - scrollY;
    const h = r === undefined ? 4 : ROW_H;
    if (top + h >= AXIS_H && top < height) {
      ctx.fillStyle = i.id === selectedId ? 'rgba(225, 29, 72, 0.45)' : 'rgba(225, 29, 72, 0.25)';
      ctx.fillRect(x0, Math.max(AXIS_H, top), x1 - x0, h);
      ctx.fillStyle = '#e11d48';
      ctx.fillRect(x0, Math.max(AXIS_H, top), 2, h);
      drawn++;
    }
    // the flag on the axis
    ctx.fillStyle = '#e11d48';
    ctx.beginPath();
    ctx.moveTo(x0, AXIS_H - 12);
    ctx.lineTo(x0 + 7, AXIS_H - 9);
    ctx.lineTo(x0, AXIS_H - 6);
    ctx.closePath();
    ctx.fill();
    ctx.fillRect(x0, AXIS_H - 12, 1.5, 12);
  }
  return drawn;
}
