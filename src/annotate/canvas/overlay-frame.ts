// One frame of the overlay at the viewport's zoom and pan: the tracks shown at `frame`, boxes placed on
// the magnified picture (exact at every zoom), labels and keypoints at their fitted size. The overlay
// stage and the benchmark hooks draw through this.
import { collectOverlay, drawOverlay, type OverlayStats } from '../../../domain/overlay/draw';
import type { EditorDoc } from '../document/types';
import type { AnnotateUiState } from '../document/ui-state';
import { shownAt } from '../document/interpolate';
import { fitScale, originOf, scaleOf, type ViewGeometry, type ViewportState } from './viewport-math';

export function drawOverlayFrame(
  ctx: CanvasRenderingContext2D,
  doc: EditorDoc,
  ui: AnnotateUiState,
  frame: number,
  time: number,
  view: { state: ViewportState; geo: ViewGeometry },
): OverlayStats {
  const { state, geo } = view;
  const s = scaleOf(state, geo);
  const o = originOf(state, geo);
  const items = collectOverlay(doc, time, ui.hiddenTracks, shownAt(doc, ui, frame));
  ctx.save();
  ctx.translate(o.x, o.y);
  const stats = drawOverlay(ctx, items, geo.videoW * s, geo.videoH * s, ui.toggles, geo.videoH * fitScale(geo));
  ctx.restore();
  return stats;
}
