// Keyframe marks of the Track Timeline: a small diamond on a track's row at each keyframe (a human-made or
// human-edited box, or an outside keyframe drawn hollow), from the loaded windows of the document.
import type { EditorDoc } from '../document/types';
import { framesOf } from '../document/frame-blocks';

export interface KeyframeMark {
  frame: number;
  outside: boolean;
}

/** trackId → its keyframes in the loaded windows, ascending. */
export function keyframeMarks(doc: Pick<EditorDoc, 'detections' | 'trackIds'>): Map<number, KeyframeMark[]> {
  const out = new Map<number, KeyframeMark[]>();
  for (const t of doc.trackIds) {
    const marks: KeyframeMark[] = [];
    for (const [frame, d] of framesOf(doc.detections[t]))
      if (d.source === 'human' || d.source === 'outside') marks.push({ frame, outside: d.source === 'outside' });
    if (marks.length) out.set(t, marks);
  }
  return out;
}

/** Draws the diamonds of the rows first…last; returns how many. `pxPerFrame` turns a frame into x. */
export function drawKeyframeMarks(
  ctx: CanvasRenderingContext2D,
  marks: ReadonlyMap<number, KeyframeMark[]>,
  rows: {
    trackIds: readonly number[];
    first: number;
    last: number;
    rowY: (row: number) => number;
    rowH: number;
    hidden: readonly number[];
  },
  pxPerFrame: number,
): number {
  let drawn = 0;
  const r = 4;
  ctx.lineWidth = 1;
  ctx.strokeStyle = '#0f172a';
  for (let row = rows.first; row <= rows.last; row++) {
    const t = rows.trackIds[row];
    const list = marks.get(t);
    if (!list || rows.hidden.includes(t)) continue;
    const y = rows.rowY(row) + rows.rowH / 2;
    let lastX = Number.NEGATIVE_INFINITY;
    for (const m of list) {
      const x = m.frame * pxPerFrame;
      if (x - lastX < 2) continue; // denser than 2 px: one diamond stands for them
      lastX = x;
      ctx.beginPath();
      ctx.moveTo(x, y - r);
      ctx.lineTo(x + r, y);
      ctx.lineTo(x, y + r);
      ctx.lineTo(x - r, y);
      ctx.closePath();
      ctx.fillStyle = m.outside ? '#ffffff' : '#f59e0b';
      ctx.fill();
      ctx.stroke();
      drawn++;
    }
  }
  return drawn;
}
