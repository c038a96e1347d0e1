// Edit mode's handles over the overlay, drawn from the overlay model (the one the hit-test reads) at
// their screen size at every zoom: a faint tint on every box shown, the selected box's dashed outline,
// its joints (an occluded joint hollow, an absent one none) and, on top, its four corner handles.
import { cornerPoint } from '../../../domain/ops/box-geometry';
import { CORNERS, CORNER_HANDLE_PX, JOINT_HANDLE_PX } from './hit-test';
import type { OverlayModel } from './overlay-model';
import type { Point } from './viewport-math';

export function drawHandles(ctx: CanvasRenderingContext2D, model: OverlayModel, toScreen: (p: Point) => Point): void {
  ctx.save();
  ctx.fillStyle = 'rgba(99,102,241,0.04)';
  for (const t of model.tracks) {
    const a = toScreen({ x: t.box.x1, y: t.box.y1 });
    const b = toScreen({ x: t.box.x2, y: t.box.y2 });
    ctx.fillRect(a.x, a.y, b.x - a.x, b.y - a.y);
  }
  const sel = model.tracks.find((t) => t.trackId === model.selectedTrackId);
  if (sel) {
    const a = toScreen({ x: sel.box.x1, y: sel.box.y1 });
    const b = toScreen({ x: sel.box.x2, y: sel.box.y2 });
    ctx.setLineDash([6, 4]);
    ctx.strokeStyle = '#f59e0b';
    ctx.lineWidth = 2;
    ctx.strokeRect(a.x, a.y, b.x - a.x, b.y - a.y);
    ctx.setLineDash([]);
    for (const j of sel.joints) {
      const p = toScreen(j);
      const chosen = j.index === model.selectedKeypoint;
      ctx.beginPath();
      ctx.arc(p.x, p.y, chosen ? JOINT_HANDLE_PX + 2 : JOINT_HANDLE_PX, 0, Math.PI * 2);
      ctx.fillStyle = j.visibility === 2 ? '#fde047' : 'rgba(0,0,0,0.01)';
      ctx.fill();
      ctx.strokeStyle = chosen ? '#f59e0b' : j.visibility === 2 ? '#111827' : '#fde047';
      ctx.lineWidth = j.visibility === 2 && !chosen ? 1 : 2.5;
      ctx.stroke();
    }
    const h = CORNER_HANDLE_PX;
    ctx.fillStyle = '#f59e0b';
    ctx.strokeStyle = '#fff';
    ctx.lineWidth = 1;
    for (const c of CORNERS) {
      const p = toScreen(cornerPoint(sel.box, c));
      ctx.fillRect(p.x - h / 2, p.y - h / 2, h, h);
      ctx.strokeRect(p.x - h / 2, p.y - h / 2, h, h);
    }
  }
  ctx.restore();
}
